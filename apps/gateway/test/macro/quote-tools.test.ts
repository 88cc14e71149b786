import { describe, expect, it } from 'vitest';
import { failure, type Json, PINNED_NOW, useMacroGateway } from './support/macro-gateway.js';

/**
 * get_asset_price, get_equity_futures and get_market_overview over HTTP against the Yahoo and Cboe simulators:
 * quotes as the chart API gives them, the frame's fields, partial failure in failed_sources, Cboe standing in
 * for the VIX, 502 when nothing is left, bad input naming the field.
 */

const macro = useMacroGateway();

const pct = (price: number, previous: number) => Math.round((price / previous - 1) * 100 * 10_000) / 10_000;

describe('get_asset_price', () => {
  it('quotes an alias with its change from the previous close, as_of the last price, data_timestamp the same', async () => {
    const answer = await macro.tool('get_asset_price', { symbol: 'btc', history_days: 5 });
    expect(answer.source).toBe('yahoo');
    expect(answer.quote.symbol).toBe('BTC-USD');
    expect(answer.instrument_type).toBe('CRYPTOCURRENCY');
    expect(answer.market_state).toBe('open');
    expect(answer.quote.change_pct).toBe(pct(answer.quote.price, answer.quote.previous_close));
    expect(Date.parse(answer.quote.as_of)).toBeLessThanOrEqual(PINNED_NOW);
    expect(answer.data_timestamp).toBe(answer.quote.as_of);
    expect(answer.history.length).toBeGreaterThanOrEqual(5);
    expect(answer).not.toHaveProperty('testnet');
    expect(answer).not.toHaveProperty('stale');
  });

  it('answers an unknown symbol with 404 naming symbol, a malformed one with 422, nothing sent for the latter', async () => {
    const unknown = await failure(macro.tool('get_asset_price', { symbol: 'NOPE=X' }));
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe('UNKNOWN_SYMBOL');
    expect(unknown.message).toMatch(/^symbol:/);
    macro.sim('yahoo').resetHits();
    const malformed = await failure(macro.tool('get_asset_price', { symbol: 'a b;' }));
    expect(malformed.status).toBe(422);
    expect(JSON.stringify(malformed)).toContain('symbol');
    expect(macro.sim('yahoo').requests()).toHaveLength(0);
  });

  it('answers 502 retryable when Yahoo is down', async () => {
    await macro.sim('yahoo').down();
    const error = await failure(macro.tool('get_asset_price', { symbol: 'spx' }));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
  });
});

describe('get_equity_futures', () => {
  it('quotes the four E-minis with their average change and direction; Friday 12:34 UTC is overnight', async () => {
    const answer = await macro.tool('get_equity_futures', { include_vix: true });
    expect(answer.futures.map((quote: Json) => quote.symbol)).toEqual(['ES=F', 'NQ=F', 'YM=F', 'RTY=F']);
    const mean = answer.futures.reduce((sum: number, quote: Json) => sum + quote.change_pct, 0) / 4;
    expect(answer.average_change_pct).toBeCloseTo(mean, 4);
    expect(answer.direction).toBe(mean > 0.2 ? 'up' : mean < -0.2 ? 'down' : 'flat');
    // The S&P 500's regular session opens at 13:30 UTC.
    expect(answer.session).toBe('overnight');
    expect(answer.vix.symbol).toBe('^VIX');
    expect(answer.failed_sources).toEqual([]);
    const newest = Math.max(...answer.futures.map((quote: Json) => Date.parse(quote.as_of)));
    expect(Date.parse(answer.data_timestamp)).toBe(newest);
  });

  it('lists a future that fails in failed_sources and answers with the others', async () => {
    macro
      .sim('yahoo')
      .faults.inject({ fault: { kind: 'error', status: 503 }, path: '/v8/finance/chart/NQ%3DF' });
    const answer = await macro.tool('get_equity_futures', {});
    expect(answer.futures.map((quote: Json) => quote.symbol)).toEqual(['ES=F', 'YM=F', 'RTY=F']);
    expect(answer.failed_sources).toEqual([
      { source: 'yahoo', error: expect.stringMatching(/^NQ=F: UPSTREAM_UNAVAILABLE/) },
    ]);
  });
});

describe('get_market_overview', () => {
  it('quotes indices, dollar, yield, gold, oil and crypto with the VIX regime and risk tone', async () => {
    const answer = await macro.tool('get_market_overview', {});
    expect(Object.keys(answer.quotes).sort()).toEqual([
      'btc',
      'dji',
      'dxy',
      'eth',
      'gold',
      'ndx',
      'oil',
      'rut',
      'spx',
      'us10y_yield',
    ]);
    expect(answer.volatility).toMatchObject({ symbol: '^VIX', source: 'yahoo', intraday: true });
    const level = answer.volatility.level;
    expect(answer.volatility.regime).toBe(
      level < 15 ? 'calm' : level < 20 ? 'normal' : level < 30 ? 'elevated' : 'stressed',
    );
    expect(['risk_on', 'risk_off', 'mixed']).toContain(answer.risk_tone);
    expect(answer.failed_sources).toEqual([]);
  });

  it('reads the VIX from Cboe’s history when Yahoo fails, and lists every failure', async () => {
    await macro.sim('yahoo').down();
    const answer = await macro.tool('get_market_overview', {});
    expect(answer.quotes).toEqual({});
    expect(answer.volatility).toMatchObject({
      source: 'cboe_csv',
      intraday: false,
      change_pct: null,
      as_of: '2026-11-19T00:00:00.000Z',
    });
    expect(answer.failed_sources).toHaveLength(11);
    expect(answer.failed_sources.every((failed: Json) => failed.source === 'yahoo')).toBe(true);
    expect(answer.data_timestamp).toBe('2026-11-19T00:00:00.000Z');
  });

  it('answers 502 retryable with failed_sources when Yahoo and Cboe are both down', async () => {
    await macro.sim('yahoo').down();
    await macro.sim('cboe').down();
    const error = await failure(macro.tool('get_market_overview', {}));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
    expect((error.details as Json).failed_sources).toContainEqual({
      source: 'cboe',
      error: expect.any(String),
    });
  });
});
