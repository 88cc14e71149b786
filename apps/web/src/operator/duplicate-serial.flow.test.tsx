import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { api, measurePart, network } from '../test-support/operator-flow';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('measure.apiKey', 'key-1');
  network.up = true;
  network.batchStatus = 200;
  network.storedSerials = {};
  network.serialCheckHeld = null;
  network.serialCheckStatus = 200;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Submit part' }) as HTMLButtonElement;
const savedDraft = () => JSON.parse(localStorage.getItem('measure.draft') ?? 'null');
const serialChecks = (calls: { path: string }[]) =>
  calls
    .filter((c) => c.path.startsWith('/api/measurements/serial-check'))
    .map((c) => new URL(c.path, 'http://localhost').searchParams.get('serial_number'));
const sentBatches = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/measurements/batch').map((c) => c.body);

/** A reading typed into the focused field and entered, as a caliper or a fast operator does. */
function enter(value: string) {
  const input = document.activeElement as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** A server whose serial check answers only when the test says so. */
function holdSerialCheck(): () => void {
  let release = () => {};
  network.serialCheckHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  return release;
}

describe('the serial number is checked while the part is measured', () => {
  it('starts the part at once: readings typed before the server answers are kept, then the warning comes', async () => {
    network.storedSerials['L-7/SN-1'] = 2;
    const release = holdSerialCheck();
    api();
    render(<App station={{ station_code: 'ST-1' }} />);
    fireEvent.click(await screen.findByRole('button', { name: /Flange/ }));
    fireEvent.change(await screen.findByLabelText('Lot number'), { target: { value: 'L-7' } });
    fireEvent.change(field('Serial number'), { target: { value: 'SN-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start measuring' }));

    // no round trip in between: the value field is there and has the keyboard
    expect(document.activeElement).toBe(field(/Measured value/));
    enter('10.02');
    enter('10.05');
    expect(screen.queryByTestId('duplicate-serial')).toBeNull();

    release();
    const warning = await screen.findByTestId('duplicate-serial');
    expect(warning.textContent).toContain('Serial number SN-1 of lot L-7 was measured already (2 values');
    expect(Object.values(savedDraft().values).map((v) => (v as { value: number }).value)).toEqual([
      10.02, 10.05,
    ]);
    expect(submitButton().disabled).toBe(true);
  });

  it('holds Submit until the operator keeps the serial, then sends the part with it', async () => {
    network.storedSerials['L-7/SN-1'] = 1;
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10.05']);
    await screen.findByTestId('duplicate-serial');
    fireEvent.click(submitButton());
    expect(sentBatches(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Keep serial number' }));
    expect(screen.queryByTestId('duplicate-serial')).toBeNull();
    expect(document.activeElement).toBe(submitButton());
    fireEvent.click(submitButton());
    await waitFor(() => expect(sentBatches(calls)).toHaveLength(1));
    expect(sentBatches(calls)[0]).toMatchObject({
      measurements: [
        { serial_number: 'SN-1', value: 10 },
        { serial_number: 'SN-1', value: 10.05 },
      ],
    });
  });

  it('checks a changed serial number again, and sends the part under the one that is clear', async () => {
    network.storedSerials['L-7/SN-1'] = 1;
    network.storedSerials['L-7/SN-3'] = 4;
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10']);
    await screen.findByTestId('duplicate-serial');

    const changeTo = (serial: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Change serial number' }));
      fireEvent.change(field('New serial number'), { target: { value: serial } });
      fireEvent.click(screen.getByRole('button', { name: 'Use this serial number' }));
    };
    changeTo('SN-3');
    await waitFor(() =>
      expect(screen.getByTestId('duplicate-serial').textContent).toContain(
        'Serial number SN-3 of lot L-7 was measured already (4 values',
      ),
    );
    changeTo('SN-2');
    await waitFor(() => expect(screen.queryByTestId('duplicate-serial')).toBeNull());
    expect(serialChecks(calls)).toEqual(['SN-1', 'SN-3', 'SN-2']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('SN-2');

    // the reading taken before the change is still there; the part goes out under the new serial number
    expect(document.activeElement).toBe(field(/Measured value/));
    enter('10.05');
    fireEvent.click(submitButton());
    await waitFor(() => expect(sentBatches(calls)).toHaveLength(1));
    expect(sentBatches(calls)[0]).toMatchObject({
      measurements: [
        { serial_number: 'SN-2', value: 10 },
        { serial_number: 'SN-2', value: 10.05 },
      ],
    });
  });

  it('does not hold anything when the server fails to answer: a quiet note, and Submit sends', async () => {
    network.serialCheckStatus = 500;
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10.05']);
    expect((await screen.findByTestId('serial-unchecked')).textContent).toContain(
      'Serial number SN-1 could not be checked against the server',
    );
    expect(screen.queryByTestId('duplicate-serial')).toBeNull();
    fireEvent.click(submitButton());
    await waitFor(() => expect(sentBatches(calls)).toHaveLength(1));
  });

  it('sends a part submitted before the check answered as soon as it answers clear', async () => {
    const release = holdSerialCheck();
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10.05']);
    fireEvent.click(submitButton());
    expect(screen.getByRole('button', { name: 'Checking the serial number…' })).toBeTruthy();
    expect(sentBatches(calls)).toEqual([]);
    release();
    await waitFor(() => expect(sentBatches(calls)).toHaveLength(1));
    expect(await screen.findByTestId('part-saved')).toBeTruthy();
  });

  it('keeps the check’s state in the saved draft: a reload shows the same warning without asking again', async () => {
    network.storedSerials['L-7/SN-1'] = 1;
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10']);
    await screen.findByTestId('duplicate-serial');
    expect(savedDraft().serial_check).toMatchObject({
      state: 'duplicate',
      earlier: { where: 'server', count: 1 },
    });

    cleanup();
    render(<App station={{ station_code: 'ST-1' }} />);
    await screen.findByTestId('duplicate-serial');
    expect(serialChecks(calls)).toEqual(['SN-1']);
    fireEvent.click(screen.getByRole('button', { name: 'Keep serial number' }));

    cleanup();
    render(<App station={{ station_code: 'ST-1' }} />);
    await screen.findByLabelText(/Measured value/);
    expect(screen.queryByTestId('duplicate-serial')).toBeNull();
    expect(savedDraft().serial_check.state).toBe('confirmed');
  });

  it('asks again after a reload that came before the answer', async () => {
    holdSerialCheck();
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10']);
    expect(savedDraft().serial_check).toEqual({ state: 'pending' });

    cleanup();
    network.serialCheckHeld = null;
    network.storedSerials['L-7/SN-1'] = 3;
    render(<App station={{ station_code: 'ST-1' }} />);
    expect((await screen.findByTestId('duplicate-serial')).textContent).toContain('(3 values');
    expect(serialChecks(calls)).toEqual(['SN-1', 'SN-1']);
  });

  it('finds a part still in the station’s own queue while the server cannot be reached', async () => {
    network.up = false;
    api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10.05']);
    await screen.findByTestId('serial-unchecked');
    fireEvent.click(submitButton());
    fireEvent.change(await screen.findByLabelText('Serial number'), { target: { value: 'SN-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start measuring' }));
    expect((await screen.findByTestId('duplicate-serial')).textContent).toContain(
      'Serial number SN-1 of lot L-7 is already waiting to be sent from this station (1 part',
    );
  });
});

describe('the banner after a value', () => {
  it('shows the value exactly as typed, trailing zero included, and its deviation without rounding it away', async () => {
    api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10.040']);
    expect((await screen.findByTestId('last-result')).textContent).toMatch(
      /Point 1: 10\.040 mm · Pass · Deviation \+0\.040$/,
    );
  });
});
