import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fakeFetch } from '../test-support/fake-fetch';
import { api, measurePart, network, operator } from '../test-support/operator-flow';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('measure.apiKey', 'key-1');
  network.up = true;
  network.batchStatus = 200;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('operator flow', () => {
  it('shows the value as typed and its deviation at that resolution, in German', async () => {
    operator.language_pref = 'de';
    try {
      api();
      render(<App station={{ station_code: 'ST-1' }} />);
      // the limits carry 1 decimal (shown with 2); a value typed with 3 keeps its 3 on screen
      fireEvent.click(await screen.findByRole('button', { name: /Flange/ }));
      fireEvent.change(await screen.findByLabelText('Losnummer'), { target: { value: 'L-7' } });
      fireEvent.change(screen.getByLabelText('Seriennummer'), { target: { value: 'SN-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Messung starten' }));
      const input = await screen.findByLabelText(/Messwert/);
      fireEvent.change(input, { target: { value: '10,004' } });
      expect(screen.getByText(/\+0,004$/)).toBeTruthy();
      fireEvent.keyDown(input, { key: 'Enter' });
      const banner = (await screen.findByTestId('last-result')).textContent;
      expect(banner).toMatch(/10,004 mm/);
      expect(banner).toMatch(/\+0,004$/);
    } finally {
      operator.language_pref = 'en';
    }
  });

  it('steps through the points with Enter, shows the verdict at once and submits the part as one batch', async () => {
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10.15']);
    expect((await screen.findByTestId('last-result')).textContent).toMatch(
      /Point 1: 10\.15 mm · Warning · Deviation \+0\.15/,
    );
    expect(screen.getByText('Point 2 of 2')).toBeTruthy();

    const input = screen.getByLabelText(/Measured value/);
    fireEvent.change(input, { target: { value: '10,3' } });
    expect(screen.getByText(/Fail · Deviation \+0\.30/)).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });

    const submit = await screen.findByRole('button', { name: 'Submit part' });
    await waitFor(() => expect(document.activeElement).toBe(submit));
    fireEvent.click(submit);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const batch = calls.find((c) => c.path === '/api/measurements/batch');
    expect(batch?.headers['x-api-key']).toBe('key-1');
    expect(batch?.body).toEqual({
      batch_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      measurements: [
        {
          subtask_id: 301,
          version_id: 3,
          value: 10.15,
          lot_number: 'L-7',
          serial_number: 'SN-1',
          input_method: 'manual',
          // when the value was entered: the server judges the gauge at this time (no gauges registered here)
          taken_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
        {
          subtask_id: 302,
          version_id: 3,
          value: 10.3,
          lot_number: 'L-7',
          serial_number: 'SN-1',
          input_method: 'manual',
          // when the value was entered: the server judges the gauge at this time (no gauges registered here)
          taken_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('pending-bar')).toBeNull());
    const saved = screen.getByTestId('part-saved');
    expect(saved.textContent).toContain('Part SN-1 saved');
    expect(saved.textContent).toContain('Pass 0 · Warning 1 · Fail 1');
    expect(saved.className).toBe('error-box');
  });

  it('keeps a part typed during a network outage, across a reload, and sends it when the network returns', async () => {
    const { calls } = api();
    network.up = false;
    const first = render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10.05']);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));
    expect((await screen.findByTestId('pending-bar')).textContent).toContain('Waiting to send: 1');
    first.unmount();

    network.up = true;
    render(<App station={{ station_code: 'ST-1' }} />);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/api/measurements/batch' && c.method === 'POST').length,
      ).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(screen.queryByTestId('pending-bar')).toBeNull());
    expect(JSON.parse(localStorage.getItem('measure.pendingBatches') ?? '[]')).toEqual([]);
  });

  it('restores the values of an unfinished part after a reload', async () => {
    api();
    const first = render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['9.95']);
    first.unmount();
    render(<App station={{ station_code: 'ST-1' }} />);
    expect(await screen.findByText('Point 2 of 2')).toBeTruthy();
    expect(screen.getByText('9.95')).toBeTruthy();
  });

  it('shows a part the server refuses, with its reason, instead of retrying it forever', async () => {
    api();
    network.batchStatus = 400;
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10']);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));
    const bar = await screen.findByTestId('pending-bar');
    fireEvent.click(screen.getByRole('button', { name: 'Parts not yet recorded on the server' }));
    expect(
      await screen.findByText(/Refused by the server: Subtask 301 belongs to another version/),
    ).toBeTruthy();
    expect(bar.textContent).toContain('Waiting to send: 1');
    await act(async () => {});
  });

  it('lets the operator finish a part after a reload while the server is unreachable', async () => {
    api();
    const first = render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10']);
    first.unmount();

    network.up = false;
    fakeFetch({
      'GET /api/auth/me': () => 'network-down',
      'POST /api/measurements/batch': () => 'network-down',
    });
    const second = render(<App station={{ station_code: 'ST-1' }} />);
    const input = await screen.findByLabelText(/Measured value/);
    fireEvent.change(input, { target: { value: '10.05' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));
    expect((await screen.findByTestId('pending-bar')).textContent).toContain('Waiting to send: 1');
    second.unmount();
    expect(JSON.parse(localStorage.getItem('measure.pendingBatches') ?? '[]')[0].measurements).toHaveLength(
      2,
    );
  });

  it('moves between recipe tiles with the arrow keys, the first one focused', async () => {
    fakeFetch({
      'GET /api/auth/me': () => ({ body: operator }),
      'GET /api/stations/by-code/ST-2/recipes': () => ({
        body: [
          { id: 1, code: 'FL-100', name: 'Flange', active: true },
          { id: 2, code: 'SH-200', name: 'Shaft', active: true },
        ],
      }),
    });
    render(<App station={{ station_code: 'ST-2' }} />);
    const first = await screen.findByRole('button', { name: /Flange/ });
    await waitFor(() => expect(document.activeElement).toBe(first));
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Shaft/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(first);
  });

  it('goes back to the login screen when the key is no longer valid', async () => {
    fakeFetch({ 'GET /api/auth/me': () => ({ status: 401, body: { detail: 'Invalid API key' } }) });
    render(<App station={{ station_code: 'ST-1' }} />);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(localStorage.getItem('measure.apiKey')).toBeNull();
  });
});
