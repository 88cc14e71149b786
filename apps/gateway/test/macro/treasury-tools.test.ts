import { parCurve } from '@app/sim';
import { describe, expect, it } from 'vitest';
import { failure, type Json, useMacroGateway } from './support/macro-gateway.js';

/**
 * get_treasury_yields and get_yield_curve_slope over HTTP against the Treasury simulator: values as the feed
 * publishes them, the frame's fields, a date on a weekend and across a year start, bad input, the source
 * down (502 retryable). The stale window is checked on the client (treasury-client.test.ts), whose cache
 * clock a test can move.
 */

const macro = useMacroGateway();

const DAY_MS = 86_400_000;
const simCurve = (date: string) =>
  parCurve(macro.sim('treasury').seed, Date.parse(`${date}T00:00:00Z`) / DAY_MS);

function expectFeedValues(date: string, curve: Json) {
  const expected = simCurve(date);
  const present = Object.entries(curve).filter(([, value]) => value !== null);
  // 1.5M or 30Y may be left out on a given day, as the feed does; the rest are there, as published.
  expect(present.length).toBeGreaterThanOrEqual(12);
  for (const [tenor, value] of present) expect(value).toBe(expected[tenor as keyof typeof expected]);
}

describe('get_treasury_yields', () => {
  it("answers Thursday's curve on Friday morning, with its quote time as data_timestamp and no testnet flag", async () => {
    const answer = await macro.tool('get_treasury_yields', {});
    expect(answer.source).toBe('us_treasury_xml');
    expect(answer.date).toBe('2026-11-19');
    // 15:30 New York in November is 20:30 UTC.
    expect(answer.as_of).toBe('2026-11-19T20:30:00.000Z');
    expect(answer.data_timestamp).toBe(answer.as_of);
    expect(answer.simulated).toBe(true);
    expect(answer).not.toHaveProperty('testnet');
    expect(answer).not.toHaveProperty('stale');
    expect(Object.keys(answer.curve)).toEqual([
      '1M',
      '1.5M',
      '2M',
      '3M',
      '4M',
      '6M',
      '1Y',
      '2Y',
      '3Y',
      '5Y',
      '7Y',
      '10Y',
      '20Y',
      '30Y',
    ]);
    expectFeedValues('2026-11-19', answer.curve);
    expect(answer.history).toEqual([]);
  });

  it('returns history oldest first, and changes that agree with it', async () => {
    const answer = await macro.tool('get_treasury_yields', { history_days: 6 }, 'test');
    const dates = answer.history.map((entry: Json) => entry.date);
    expect(dates).toEqual([
      '2026-11-12',
      '2026-11-13',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
    for (const entry of answer.history) expectFeedValues(entry.date, entry.curve);
    const [weekAgo, , , , dayBefore, latest] = answer.history;
    const bp = (a: number, b: number) => Math.round((a - b) * 10_000) / 100;
    expect(answer.change_1d_bp['10Y']).toBe(bp(latest.curve['10Y'], dayBefore.curve['10Y']));
    expect(answer.change_1w_bp['2Y']).toBe(bp(latest.curve['2Y'], weekAgo.curve['2Y']));
  });

  it('answers the last business day on or before a weekend date, and reads back into the previous year', async () => {
    expect((await macro.tool('get_treasury_yields', { date: '2026-11-15' })).date).toBe('2026-11-13');
    const january = await macro.tool('get_treasury_yields', { date: '2026-01-02', history_days: 3 });
    expect(january.history.map((entry: Json) => entry.date)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-02',
    ]);
    expect(
      macro
        .sim('treasury')
        .requests()
        .map((request) => request.query.field_tdr_date_value),
    ).toEqual(expect.arrayContaining(['2026', '2025']));
  });

  it('refuses bad input with 422 naming the field', async () => {
    for (const [body, field] of [
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '2026-12-01' }, 'date'],
      [{ date: '1989-12-29' }, 'date'],
      [{ history_days: 261 }, 'history_days'],
    ] as const) {
      const error = await failure(macro.tool('get_treasury_yields', body));
      expect(error.status).toBe(422);
      expect(JSON.stringify(error)).toContain(field);
    }
  });

  it('falls back to FRED when the feed sends an HTML page, naming the bad response', async () => {
    macro.sim('treasury').faults.inject({ fault: { kind: 'html' } });
    const slope = await macro.tool('get_yield_curve_slope', {});
    expect(slope.source).toBe('fred_dgs');
    expect(slope.failed_sources[0].error).toContain('sent an invalid response');
  });

  it('answers from FRED’s DGS* series when Treasury is down, and 502 retryable when FRED is down too', async () => {
    await macro.sim('treasury').down();
    const answer = await macro.tool('get_treasury_yields', { history_days: 2 });
    expect(answer.source).toBe('fred_dgs');
    expect(answer.failed_sources).toEqual([{ source: 'treasury', error: expect.any(String) }]);
    expect(answer.date).toBe('2026-11-19');
    // FRED republishes the same curve, without the 1.5M, 2M and 4M points.
    const expected = simCurve('2026-11-19');
    for (const tenor of ['1M', '3M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '20Y', '30Y'])
      expect(answer.curve[tenor]).toBe(expected[tenor as keyof typeof expected]);
    expect([answer.curve['1.5M'], answer.curve['2M'], answer.curve['4M']]).toEqual([null, null, null]);
    expect(answer.history.map((entry: Json) => entry.date)).toEqual(['2026-11-18', '2026-11-19']);
    await macro.sim('fred').down();
    await macro.reset();
    await macro.sim('treasury').down();
    await macro.sim('fred').down();
    const error = await failure(macro.tool('get_treasury_yields', {}));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
  });
});

describe('get_yield_curve_slope', () => {
  it('reads 2s10s and 3m10y off the same curve get_treasury_yields answers', async () => {
    const [slope, yields] = await Promise.all([
      macro.tool('get_yield_curve_slope', {}),
      macro.tool('get_treasury_yields', {}),
    ]);
    expect(slope.date).toBe(yields.date);
    expect(slope.data_timestamp).toBe(yields.data_timestamp);
    const bp = (long: number, short: number) => Math.round((long - short) * 10_000) / 100;
    expect(slope.slope_10y_2y.bp).toBe(bp(yields.curve['10Y'], yields.curve['2Y']));
    expect(slope.slope_10y_3m.bp).toBe(bp(yields.curve['10Y'], yields.curve['3M']));
    expect(slope.slope_10y_2y.inverted).toBe(slope.slope_10y_2y.bp < 0);
    expect(slope.slope_10y_2y.change_1m_bp).toEqual(expect.any(Number));
    expect(['inverted', 'flat', 'steep', 'partially_inverted', 'normal']).toContain(slope.shape);
  });

  it('counts an inversion streak that ends at the curve read', async () => {
    const slope = await macro.tool('get_yield_curve_slope', {});
    const streak = slope.slope_10y_2y.inversion_streak_days;
    expect(streak > 0).toBe(slope.slope_10y_2y.inverted);
  });

  it('cross-checks 2s10s against FRED T10Y2Y, and answers without the check when FRED is down', async () => {
    const slope = await macro.tool('get_yield_curve_slope', {});
    expect(slope.fred_check).toEqual({
      t10y2y_bp: slope.slope_10y_2y.bp,
      difference_bp: 0,
      consistent: true,
    });
    expect(slope.failed_sources).toEqual([]);
    await macro.reset();
    await macro.sim('fred').down();
    const unchecked = await macro.tool('get_yield_curve_slope', {});
    expect(unchecked.fred_check).toBeNull();
    expect(unchecked.failed_sources).toEqual([{ source: 'fred', error: expect.stringMatching(/^T10Y2Y: /) }]);
    expect(unchecked.slope_10y_2y).toEqual(slope.slope_10y_2y);
  });
});
