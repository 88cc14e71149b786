import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { fakeFetch } from '../test-support/fake-fetch';
import { GageEntryPage } from './gage-entry.page';
import type { GageStudy } from './gage-types';

const study: GageStudy = {
  id: 9,
  recipe_id: 1,
  recipe_code: 'FL-100',
  subtask_id: 301,
  marker_number: 1,
  characteristic: 'Bore 10',
  unit: 'mm',
  name: 'Gage R&R #1 2026-11-28',
  parts: 5,
  trials: 2,
  seed: 1,
  tolerance: 2,
  created_at: '2026-11-28T10:00:00Z',
  created_by: 1,
  complete: false,
  operators: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('gage study entry at a station', () => {
  it('sends the sequence shown with the value; a refusal is shown and the station moves to the server’s next reading', async () => {
    let next = { sequence: 4, part: 2, trial: 1 };
    const { calls } = fakeFetch({
      'GET /api/gage-studies/assigned': () => ({ body: [{ study, recorded: 3, total: 10 }] }),
      'GET /api/gage-studies/9/next': () => ({
        body: { study, recorded: next.sequence - 1, total: 10, next },
      }),
      'POST /api/gage-studies/9/readings': () => {
        // another tab recorded reading 4 a moment earlier: refused, and the plan has moved on
        next = { sequence: 5, part: 3, trial: 1 };
        return { status: 409, body: { detail: 'Reading 4 of gage study 9 is already recorded' } };
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GageEntryPage />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Gage R&R #1/ }));
    expect((await screen.findByTestId('gage-prompt')).textContent).toBe('Measure part 2 (trial 1)');
    const input = screen.getByLabelText(/Measured value/);
    fireEvent.change(input, { target: { value: '10,05' } });
    fireEvent.submit(input);

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Reading 4 of gage study 9 is already recorded'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sequence: 4, value: 10.05 });
    await waitFor(() =>
      expect(screen.getByTestId('gage-prompt').textContent).toBe('Measure part 3 (trial 1)'),
    );
    expect(screen.getByTestId('gage-progress').textContent).toBe('4 of 10 readings recorded');
  });

  it('refuses text that is not one number without sending anything', async () => {
    const { calls } = fakeFetch({
      'GET /api/gage-studies/assigned': () => ({ body: [{ study, recorded: 0, total: 10 }] }),
      'GET /api/gage-studies/9/next': () => ({
        body: { study, recorded: 0, total: 10, next: { sequence: 1, part: 4, trial: 1 } },
      }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GageEntryPage />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Gage R&R #1/ }));
    const input = await screen.findByLabelText(/Measured value/);
    fireEvent.change(input, { target: { value: '10.0.5' } });
    fireEvent.submit(input);
    expect(await screen.findByText('Enter a number, e.g. 12.34')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
