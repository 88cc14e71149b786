import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { isImplausible } from '../domain/classify';
import { api, limits, measurePart, network } from '../test-support/operator-flow';

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

describe('plausibility band', () => {
  it('is further from nominal than five tolerance widths, or the band the admin set', () => {
    // 10 ± 0.2: the tolerance width is 0.4, so five widths are 2.0 either side
    expect(isImplausible(11.9, limits)).toBe(false);
    expect(isImplausible(8.1, limits)).toBe(false);
    expect(isImplausible(12.1, limits)).toBe(true);
    expect(isImplausible(7.9, limits)).toBe(true);
    expect(isImplausible(12.1, limits, 10)).toBe(false);
  });
});

describe('the station asks before keeping an implausible value', () => {
  const input = () => screen.getByLabelText(/Measured value/) as HTMLInputElement;
  const enter = (value: string) => {
    fireEvent.change(input(), { target: { value } });
    fireEvent.keyDown(input(), { key: 'Enter' });
  };

  it('keeps the reading in the field while it asks; a new reading replaces it, Enter on the same one keeps it', async () => {
    const { calls } = api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['100.2']);
    const prompt = await screen.findByTestId('plausibility-prompt');
    expect(prompt.textContent).toContain('100.2 mm is far from 10.00 ± 0.20');
    expect(input().value).toBe('100.2');
    expect(screen.getByText('Point 1 of 2')).toBeTruthy();

    // re-measured: a plausible reading replaces it and the part moves on
    enter('10.02');
    expect(screen.queryByTestId('plausibility-prompt')).toBeNull();
    expect(screen.getByText('Point 2 of 2')).toBeTruthy();

    // an outlier confirmed by Enter on the same value is kept as typed
    enter('-50');
    expect(await screen.findByTestId('plausibility-prompt')).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.queryByTestId('plausibility-prompt')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit part' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/measurements/batch')).toBe(true));
    const batch = calls.find((c) => c.path === '/api/measurements/batch');
    expect(batch?.body).toMatchObject({ measurements: [{ value: 10.02 }, { value: -50 }] });
  });

  it('offers re-measure and keep as buttons', async () => {
    api();
    render(<App station={{ station_code: 'ST-1' }} />);
    await measurePart(['99']);
    fireEvent.click(await screen.findByRole('button', { name: 'Re-measure' }));
    expect(screen.queryByTestId('plausibility-prompt')).toBeNull();
    expect(input().value).toBe('');
    expect(screen.getByText('Point 1 of 2')).toBeTruthy();
    enter('99');
    fireEvent.click(await screen.findByRole('button', { name: 'Keep 99' }));
    expect(screen.getByText('Point 2 of 2')).toBeTruthy();
    expect((await screen.findByTestId('last-result')).textContent).toMatch(/Point 1: 99 mm · Fail/);
  });
});
