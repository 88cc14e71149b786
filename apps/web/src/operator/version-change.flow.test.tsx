import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recipe } from '../api/types';
import { App } from '../app';
import { fakeFetch } from '../test-support/fake-fetch';
import { measurePart, network, operator, recipe } from '../test-support/operator-flow';

/**
 * Issue 46, item 9: the server refuses a measurement for a version that is no longer current unless it is a
 * back-entry. The station starts each part on the current version, and a part it queued offline before a
 * release is delivered as a back-entry, not dropped.
 */
type Item = { version_id: number; subtask_id: number; back_entry_reason?: string };

/** Version 4 of the station's recipe, released while the station was offline. */
const released: Recipe = {
  ...recipe,
  current_version: {
    ...recipe.current_version,
    id: 4,
    version_number: 4,
    tasks: recipe.current_version.tasks.map((task) => ({
      ...task,
      id: 40,
      version_id: 4,
      subtasks: task.subtasks.map((s) => ({ ...s, id: s.id + 100, task_id: 40 })),
    })),
  },
};

function server() {
  const state = { current: recipe };
  const { calls } = fakeFetch({
    'GET /api/auth/me': () => ({ body: operator }),
    'GET /api/stations/by-code/ST-1/recipes': () => ({
      body: [{ id: 1, code: 'FL-100', name: 'Flange', active: true }],
    }),
    'GET /api/recipes/code/FL-100': () => (network.up ? { body: state.current } : 'network-down'),
    'GET /api/measurements/serial-check': () =>
      network.up ? { body: { measurement_count: 0, last_measured_at: null } } : 'network-down',
    'POST /api/measurements/batch': (call) => {
      if (!network.up) return 'network-down';
      const items = (call.body as { measurements: Item[] }).measurements;
      const current = state.current.current_version;
      if (items.some((m) => m.version_id !== current.id && !m.back_entry_reason)) {
        return {
          status: 409,
          body: {
            detail: 'body.measurements.0.version_id: version 3 is not the current version',
            code: 'VERSION_NOT_CURRENT',
            details: { current_version_id: current.id, current_version_number: current.version_number },
          },
        };
      }
      return { body: items };
    },
  });
  const posted = () =>
    calls
      .filter((c) => c.method === 'POST' && c.path === '/api/measurements/batch')
      .map((c) => (c.body as { measurements: Item[] }).measurements);
  return { state, posted };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('measure.apiKey', 'key-1');
  network.up = true;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('a version released while the station was offline', () => {
  it('delivers the part queued before it as a back-entry and measures the next part on the new version', async () => {
    const { state, posted } = server();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10.05']);
    network.up = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));
    expect((await screen.findByTestId('pending-bar')).textContent).toContain('Waiting to send: 1');

    // the maker releases version 4; the station comes back online
    state.current = released;
    network.up = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('pending-bar')).toBeNull());
    expect(JSON.parse(localStorage.getItem('measure.pendingBatches') ?? '[]')).toEqual([]);
    const delivered = posted().at(-1) ?? [];
    expect(delivered.map((m) => [m.version_id, m.subtask_id])).toEqual([
      [3, 301],
      [3, 302],
    ]);
    for (const m of delivered) expect(m.back_entry_reason).toMatch(/^measured at .* against version 3,/);

    // the next part starts on version 4 and is an ordinary measurement
    fireEvent.change(await screen.findByLabelText('Serial number'), { target: { value: 'SN-2' } });
    // the refresh the online event started has answered (version 4) before the part starts
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start measuring' }));
    for (const value of ['10', '10']) {
      const input = await screen.findByLabelText(/Measured value/);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    const before = posted().length;
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));
    await waitFor(() => expect(posted().length).toBe(before + 1));
    const next = posted().at(-1) ?? [];
    expect(next.map((m) => [m.version_id, m.subtask_id])).toEqual([
      [4, 401],
      [4, 402],
    ]);
    expect(next.every((m) => m.back_entry_reason === undefined)).toBe(true);
  });
});
