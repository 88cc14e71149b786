import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gauge } from '../api/types';
import '../i18n';
import { fakeFetch } from '../test-support/fake-fetch';
import { GaugeEditor, needsReason } from './gauge-editor';

const gauge: Gauge = {
  id: 7,
  code: 'C-7',
  description: '',
  type: 'caliper',
  resolution: 0.01,
  serial_number: '',
  calibrated_on: '2026-01-01',
  calibration_due: '2026-12-31',
  status: 'in_service',
  in_service_from: '2026-01-01T00:00:00.000Z',
  out_of_service_from: null,
  notes: '',
  created_by: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderEditor() {
  const { calls } = fakeFetch({
    'PUT /api/gauges/7': (call) => ({ body: { ...gauge, ...(call.body as object) } }),
  });
  const onDone = vi.fn(async () => {});
  render(<GaugeEditor gauge={gauge} onDone={onDone} onCancel={() => {}} />);
  return { calls, onDone };
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const reasonField = () => screen.getByLabelText(/^Reason for the change/);

beforeEach(() => localStorage.setItem('measure.apiKey', 'key-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GaugeEditor (issue 46: register changes carry a reason)', () => {
  it('asks for a reason before sending a new calibration due date, then sends it', async () => {
    const { calls, onDone } = renderEditor();
    fireEvent.change(screen.getByLabelText('Calibration due'), { target: { value: '2099-12-31' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toMatch(/reason/i);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(reasonField(), { target: { value: ' recalibrated, certificate 2026-118 ' } });
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      calibration_due: '2099-12-31',
      reason: 'recalibrated, certificate 2026-118',
    });
  });

  it('sends an edit of the other fields without a reason', async () => {
    const { calls, onDone } = renderEditor();
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'drawer 3' } });
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.notes).toBe('drawer 3');
    expect(body).not.toHaveProperty('reason');
  });

  it('counts a change of the due date, status or resolution only', () => {
    const same = { calibration_due: '2026-12-31', status: 'in_service', resolution: 0.01 };
    expect(needsReason(gauge, same)).toBe(false);
    expect(needsReason(gauge, { ...same, status: 'retired' })).toBe(true);
    expect(needsReason(gauge, { ...same, resolution: 0.001 })).toBe(true);
  });
});
