import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { api, measurePart, network } from '../test-support/operator-flow';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('measure.apiKey', 'key-1');
  network.up = true;
  network.batchStatus = 200;
  network.storedSerials = {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function startPart(lot: string, serial: string) {
  fireEvent.change(await screen.findByLabelText('Lot number'), { target: { value: lot } });
  fireEvent.change(field('Serial number'), { target: { value: serial } });
  fireEvent.click(screen.getByRole('button', { name: 'Start measuring' }));
}

describe('a serial number measured before in the lot', () => {
  it('is announced before any value is taken; what was typed stays, and a corrected serial starts the part', async () => {
    network.storedSerials['L-7/SN-1'] = 2;
    api();
    render(<App station={{ station_code: 'ST-1' }} />);
    fireEvent.click(await screen.findByRole('button', { name: /Flange/ }));
    await startPart('L-7', 'SN-1');
    const warning = await screen.findByTestId('duplicate-serial');
    expect(warning.textContent).toContain('Serial number SN-1 of lot L-7 was measured already (2 values');
    expect(screen.queryByLabelText(/Measured value/)).toBeNull();
    expect([field('Lot number').value, field('Serial number').value]).toEqual(['L-7', 'SN-1']);

    fireEvent.click(screen.getByRole('button', { name: 'Correct serial number' }));
    expect(field('Serial number').value).toBe('SN-1');
    await startPart('L-7', 'SN-2');
    expect(await screen.findByLabelText(/Measured value/)).toBeTruthy();
  });

  it('can be measured again on purpose', async () => {
    network.storedSerials['L-7/SN-1'] = 1;
    api();
    render(<App station={{ station_code: 'ST-1' }} />);
    fireEvent.click(await screen.findByRole('button', { name: /Flange/ }));
    await startPart('L-7', 'SN-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Measure again' }));
    expect(await screen.findByLabelText(/Measured value/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('SN-1');
  });

  it('is found in the station’s own queue while the server cannot be reached', async () => {
    network.up = false;
    api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['10', '10.05']);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));
    await startPart('L-7', 'SN-1');
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
