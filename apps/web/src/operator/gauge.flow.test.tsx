import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gauge } from '../api/types';
import { App } from '../app';
import { fakeFetch } from '../test-support/fake-fetch';
import { operator, recipe } from '../test-support/operator-flow';

const gauge = (id: number, code: string, overrides: Partial<Gauge> = {}): Gauge => ({
  id,
  code,
  description: '',
  type: 'caliper',
  resolution: 0.01,
  serial_number: '',
  calibrated_on: '2026-01-01',
  calibration_due: '2099-12-31',
  status: 'in_service',
  in_service_from: '2026-01-01T00:00:00.000Z',
  out_of_service_from: null,
  notes: '',
  created_by: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
// C-1 fell due while its part was being measured (the part was started before midnight)
const register = [gauge(1, 'C-1', { calibration_due: '2020-01-01' }), gauge(2, 'C-2')];

function station() {
  return fakeFetch({
    'GET /api/auth/me': () => ({ body: operator }),
    'GET /api/gauges': () => ({ body: register }),
    'POST /api/measurements/batch': (call) => ({
      body: (call.body as { measurements: unknown[] }).measurements,
    }),
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('measure.apiKey', 'key-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('a gauge that falls due during a part', () => {
  it('stops the reading with the reason, keeps the typed value, and takes it with the gauge chosen instead', async () => {
    const { calls } = station();
    localStorage.setItem(
      'measure.draft',
      JSON.stringify({
        recipe,
        lot_number: 'L-7',
        serial_number: 'SN-1',
        values: {
          '301': { value: 10.01, input_method: 'manual', gauge_id: 1, taken_at: '2020-01-01T23:00:00.000Z' },
        },
        index: 1,
        gauge: register[0],
      }),
    );
    render(<App station={{ station_code: 'ST-1' }} />);
    const input = (await screen.findByLabelText(/Measured value/)) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '10.02' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const alert = await screen.findByTestId('gauge-problem');
    expect(alert.textContent).toBe(
      'Gauge C-1 is past its calibration due date (2020-01-01) and must not be used. Take another gauge.',
    );
    expect(input.value).toBe('10.02');
    expect(screen.queryByRole('button', { name: 'Submit part' })).toHaveProperty('disabled', true);

    // the overdue gauge is not offered; the operator takes C-2 and presses Enter on the same reading
    // (the register arrives on its own request: wait for it rather than race it)
    const choice = screen.getByLabelText('Gauge in use') as HTMLSelectElement;
    await waitFor(() =>
      expect([...choice.options].map((o) => o.textContent)).toEqual(['Choose a gauge', 'C-2 · caliper']),
    );
    fireEvent.change(choice, { target: { value: '2' } });
    expect(screen.queryByTestId('gauge-problem')).toBeNull();
    expect(input.value).toBe('10.02');
    fireEvent.change(input, { target: { value: '10.123' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('gauge-resolution')).textContent).toContain(
      '10.123 has more decimals than gauge C-2 shows (0.01)',
    );
    fireEvent.change(input, { target: { value: '10.12' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/measurements/batch')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/measurements/batch')?.body as { measurements: unknown[] };
    // each value carries the gauge that took it and when: the first one before C-1 fell due
    expect(sent.measurements).toMatchObject([
      { subtask_id: 301, value: 10.01, gauge_id: 1, taken_at: '2020-01-01T23:00:00.000Z' },
      { subtask_id: 302, value: 10.12, gauge_id: 2 },
    ]);
  });
});
