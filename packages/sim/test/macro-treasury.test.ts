import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../src/frame/simulator-fleet.js';
import { TREASURY_XML_PATH, treasury } from '../src/macro/treasury/treasury-simulator.js';
import { parCurve } from '../src/macro/us-rates.js';

/** The Treasury simulator's wire behaviour: its query modes, publication time, and a curve that inverts. */

const NOW = Date.UTC(2026, 10, 20, 12, 0);
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator(treasury, { now: () => NOW });
});
afterAll(() => sim.close());

async function feed(query: Record<string, string>) {
  const response = await fetch(`${sim.live.url}${TREASURY_XML_PATH}?${new URLSearchParams(query)}`);
  expect(response.headers.get('content-type')).toContain('application/xml');
  const text = await response.text();
  return {
    status: response.status,
    text,
    dates: [...text.matchAll(/<d:NEW_DATE[^>]*>([\d-]+)T/g)].map((m) => m[1]),
  };
}

const curve = { data: 'daily_treasury_yield_curve' };

describe('treasury simulator', () => {
  it('serves a calendar year up to the last published business day', async () => {
    const { status, dates } = await feed({ ...curve, field_tdr_date_value: '2026' });
    expect(status).toBe(200);
    expect(dates[0]).toBe('2026-01-02');
    // 12:00 UTC on Friday 2026-11-20: Friday's curve comes at 21:00 UTC.
    expect(dates.at(-1)).toBe('2026-11-19');
    expect(dates).not.toContain('2026-07-04');
  });

  it('serves a month with _month, all history by page, and an empty feed for another family or a future year', async () => {
    expect((await feed({ ...curve, field_tdr_date_value_month: '202502' })).dates).toHaveLength(20);
    const page0 = await feed({ ...curve, field_tdr_date_value: 'all', page: '0' });
    expect(page0.dates).toHaveLength(300);
    expect(page0.dates[0]).toBe('1990-01-02');
    for (const query of [
      { data: 'daily_treasury_real_yield_curve', field_tdr_date_value: '2026' },
      { ...curve, field_tdr_date_value: '2027' },
    ]) {
      const { status, dates, text } = await feed(query);
      expect(status).toBe(200);
      expect(dates).toEqual([]);
      expect(text).toContain('<feed');
    }
  });

  it('is deterministic per seed, and its curve inverts for stretches of months', () => {
    const day0 = Date.UTC(2015, 0, 1) / 86_400_000;
    let inverted = 0;
    let longest = 0;
    let run = 0;
    for (let day = day0; day < day0 + 12 * 365; day++) {
      const c = parCurve(7, day);
      const isInverted = c['10Y'] < c['2Y'];
      inverted += isInverted ? 1 : 0;
      run = isInverted ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(parCurve(7, day0)).toEqual(parCurve(7, day0));
    expect(inverted / (12 * 365)).toBeGreaterThan(0.1);
    expect(inverted / (12 * 365)).toBeLessThan(0.6);
    expect(longest).toBeGreaterThan(90);
  });
});
