import { describe, expect, it } from 'vitest';
import { extremePositioning } from '../../src/domain/cot-positioning.js';
import { failure, type Json, useMacroGateway } from './support/macro-gateway.js';

/**
 * get_cot_tff, get_cot_disaggregated and get_cot_extreme_positioning over HTTP against the CFTC simulator:
 * the weekly reports (Tuesdays, released Fridays), the category arithmetic, the extreme reading agreeing with
 * the pure function over the same history, a dataset down, unknown markets naming the field.
 */

const macro = useMacroGateway();

describe('get_cot_tff', () => {
  it("answers BTC's latest report with each category's net and net % of open interest", async () => {
    const answer = await macro.tool('get_cot_tff', { market: 'btc', weeks: 8 });
    expect(answer).toMatchObject({
      market: 'BTC',
      code: '133741',
      report: 'tff',
      variant: 'futures_only',
      source: 'cftc_socrata:gpe5-46if',
    });
    // Pinned Friday 2026-11-20 12:34 UTC is before the 15:30 New York release of the 17th's report.
    expect(answer.latest.report_date).toBe('2026-11-10');
    expect(answer.latest.published_at_est).toBe('2026-11-13T20:30:00.000Z');
    expect(answer.data_timestamp).toBe('2026-11-10T00:00:00.000Z');
    const lev = answer.latest.categories.lev_money;
    expect(lev.net).toBe(lev.long - lev.short);
    expect(lev.net_pct_oi).toBe(Math.round((lev.net / answer.latest.open_interest) * 10_000) / 100);
    expect(answer.latest.categories.nonrept.spread).toBeNull();
    expect(answer.history).toHaveLength(8);
    const [before, last] = answer.history.slice(-2);
    expect(last.speculator_net).toBe(lev.net);
    expect(lev.change_net).toBe(last.speculator_net - before.speculator_net);
  });

  it('refuses a commodity (422 naming market, nothing sent), an unknown alias, and answers 404 for a code without rows', async () => {
    const gold = await failure(macro.tool('get_cot_tff', { market: 'GC' }));
    expect(gold.status).toBe(422);
    expect(gold.message).toMatch(/^market: .*get_cot_disaggregated/);
    const unknown = await failure(macro.tool('get_cot_tff', { market: 'DOGE' }));
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown)).toContain('market');
    expect(macro.sim('cftc').requests()).toHaveLength(0);
    const empty = await failure(macro.tool('get_cot_tff', { market: '999999' }));
    expect(empty.status).toBe(404);
    expect(empty.message).toMatch(/^market:/);
  });

  it('answers 502 retryable when CFTC is down', async () => {
    await macro.sim('cftc').down();
    const error = await failure(macro.tool('get_cot_tff', {}));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
  });
});

describe('get_cot_disaggregated', () => {
  it("answers gold's managed money and the swap dealers' short (the double-underscore field)", async () => {
    const answer = await macro.tool('get_cot_disaggregated', { combined: true, weeks: 2 });
    expect(answer).toMatchObject({
      market: 'GC',
      code: '088691',
      variant: 'combined',
      speculator_category: 'm_money',
    });
    expect(answer.source).toBe('cftc_socrata:kh3c-gbw2');
    expect(answer.latest.categories.swap.short).toBeGreaterThan(0);
    expect(Object.keys(answer.latest.categories)).toEqual([
      'prod_merc',
      'swap',
      'm_money',
      'other_rept',
      'nonrept',
    ]);
    const bitcoin = await failure(macro.tool('get_cot_disaggregated', { market: 'BTC' }));
    expect(bitcoin.status).toBe(422);
    expect(bitcoin.message).toContain('get_cot_tff');
  });
});

describe('get_cot_extreme_positioning', () => {
  it('reads both datasets and agrees with the pure function over the same history', async () => {
    const answer = await macro.tool('get_cot_extreme_positioning', { markets: ['BTC', 'GC', 'ES'] });
    expect(answer.markets.map((reading: Json) => reading.market)).toEqual(['BTC', 'GC', 'ES']);
    expect(answer.gate).toEqual({
      percentile_band: 5,
      shock_pct_oi: 5,
      lookback_reports: 156,
      metric: 'net_pct_oi',
    });
    const paths = macro
      .sim('cftc')
      .requests()
      .map((request) => request.path)
      .sort();
    expect(paths).toEqual(['/resource/72hh-3qpy.json', '/resource/gpe5-46if.json']);
    const es = answer.markets[2];
    expect(es.window_reports).toBe(156);
    const history = await macro.tool('get_cot_tff', { market: 'ES', weeks: 157 });
    const weeks = history.history.map((row: Json) => ({
      reportDate: row.report_date,
      net: row.speculator_net,
      openInterest: row.open_interest,
    }));
    const expected = extremePositioning(weeks)!;
    expect(es).toMatchObject({
      percentile: expected.percentile,
      extreme: expected.extreme,
      zscore: expected.zscore,
      net: history.latest.categories.lev_money.net,
    });
    expect(es.extreme).toBe(
      es.percentile >= 95 ? 'extreme_long' : es.percentile <= 5 ? 'extreme_short' : 'neutral',
    );
  });

  it('answers the other dataset when one fails, and 422 naming markets for an unknown one', async () => {
    macro
      .sim('cftc')
      .faults.inject({ fault: { kind: 'error', status: 503 }, path: '/resource/72hh-3qpy.json' });
    const answer = await macro.tool('get_cot_extreme_positioning', { markets: ['BTC', 'CL'] });
    expect(answer.markets.map((reading: Json) => reading.market)).toEqual(['BTC']);
    expect(answer.failed_sources).toEqual([
      { source: 'cftc', error: expect.stringMatching(/^disaggregated: UPSTREAM_UNAVAILABLE/) },
    ]);
    const unknown = await failure(macro.tool('get_cot_extreme_positioning', { markets: ['BTC', 'nope!'] }));
    expect(unknown.status).toBe(422);
    expect(unknown.message).toMatch(/^markets:/);
  });
});
