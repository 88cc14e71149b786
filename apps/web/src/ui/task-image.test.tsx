import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { TaskImage } from './task-image';

vi.mock('../api/client', () => ({ fileObjectUrl: async () => 'blob:task-picture' }));

afterEach(cleanup);

const wrap = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
);
const annotations = { markers: [{ marker_number: 2, x: 0.2, y: 0.3 }] };

async function placingSurface(onPlace = vi.fn(), onCancel = vi.fn()) {
  render(
    wrap(
      <TaskImage
        filePath="1/3/picture.png"
        annotations={annotations}
        currentMarker={2}
        onPlace={onPlace}
        onCancel={onCancel}
        alt="Flange"
      />,
    ),
  );
  await screen.findByAltText('Flange');
  return { surface: screen.getByRole('application', { name: 'Placing marker 2' }), onPlace, onCancel };
}

describe('TaskImage placement', () => {
  it('takes the focus and places the marker with the keyboard, starting from where it is', async () => {
    const { surface, onPlace } = await placingSurface();
    expect(document.activeElement).toBe(surface);
    expect(screen.queryByTestId('placement-cursor')).toBeNull();
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    fireEvent.keyDown(surface, { key: 'ArrowDown', shiftKey: true });
    expect(screen.getByTestId('placement-cursor').style.left).toBe('22%');
    fireEvent.keyDown(surface, { key: 'Enter' });
    expect(onPlace).toHaveBeenCalledWith({ x: 0.22, y: 0.4 });
  });

  it('places where the picture is clicked, and Escape cancels', async () => {
    const { surface, onPlace, onCancel } = await placingSurface();
    surface.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200 }) as DOMRect;
    fireEvent.click(surface, { clientX: 200, clientY: 100 });
    expect(onPlace).toHaveBeenCalledWith({ x: 0.25, y: 0.25 });
    fireEvent.keyDown(surface, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('is a plain picture, not a control, when nothing is being placed', async () => {
    render(
      wrap(<TaskImage filePath="1/3/picture.png" annotations={annotations} currentMarker={2} alt="Flange" />),
    );
    await screen.findByAltText('Flange');
    expect(screen.queryByRole('application')).toBeNull();
    expect(screen.getByTestId('task-image').getAttribute('tabindex')).toBeNull();
  });
});
