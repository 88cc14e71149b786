import { describe, expect, it } from 'vitest';
import { FredClient } from '../../src/providers/fred/fred-client.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { failure, type Json, useMacroGateway } from './support/macro-gateway.js';

/**
 * get_economic_indicators and get_breakeven_inflation over HTTP against the FRED and Yahoo simulators: values
 * as FRED publishes them (checked against the FRED client's own read), YoY by hand, partial failure, 502,
 * bad input naming the field. FRED's budget (100 a minute, burst 20) is real here: a source that is down
 * costs an attempt per retry, so the failure cases read few series.
 */

const macro = useMacroGateway();

async function fredRows(id: string, start: string) {
  const connection = macro.gateway.upstreams.registry.connection('fred', 'live');
  const client = new FredClient(connection.http('api'), connection.http('graph'), connection.credentials);
  return (await client.series(NO_DEADLINE, id, start, 'daily')).data.observations;
}

describe('get_economic_indicators', () => {
  it('answers the latest value, previous and YoY of each series as FRED publishes them', async () => {
    const answer = await macro.tool('get_economic_indicators', {
      indicators: ['cpi', 'us10y', 'breakeven_10y'],
      include_quotes: false,
    });
    expect(answer.source).toBe('fred');
    expect(answer.fred_route).toBe('api');
    expect(answer.indicators.map((indicator: Json) => indicator.key)).toEqual([
      'cpi',
      'us10y',
      'breakeven_10y',
    ]);
    const cpi = answer.indicators[0];
    // On 2026-11-20 the latest CPI is October's (published mid-November).
    expect(cpi.date).toBe('2026-10-01');
    const rows = await fredRows('CPIAUCSL', '2025-01-01');
    const yearEarlier = rows.find((row) => row.date === '2025-10-01')!.value;
    expect(cpi.value).toBe(rows.at(-1)!.value);
    expect(cpi.previous).toBe(rows.at(-2)!.value);
    expect(cpi.yoy_pct).toBe(Math.round((cpi.value / yearEarlier - 1) * 100 * 10_000) / 10_000);
    const us10y = answer.indicators[1];
    expect(us10y.date).toBe('2026-11-19');
    expect(us10y.outdated).toBe(false);
    expect(answer.derived.real_rate_10y).toBeCloseTo(us10y.value - answer.indicators[2].value, 6);
    // data_timestamp: the newest observation used.
    expect(answer.data_timestamp).toBe('2026-11-19T00:00:00.000Z');
    expect(answer.quotes).toEqual([]);
  });

  it('answers quotes with FRED down, the failed series listed by id', async () => {
    await macro.sim('fred').down();
    const answer = await macro.tool('get_economic_indicators', { indicators: ['unemployment', 'us2y'] });
    expect(answer.indicators).toEqual([]);
    expect(answer.quotes.map((quote: Json) => quote.symbol)).toEqual([
      'DX-Y.NYB',
      '^VIX',
      'GC=F',
      'CL=F',
      'BTC-USD',
    ]);
    expect(answer.failed_sources.map((failed: Json) => [failed.source, failed.error.split(':')[0]])).toEqual([
      ['fred', 'UNRATE'],
      ['fred', 'DGS2'],
    ]);
  });

  it('answers 502 retryable when nothing is left, and 422 naming indicators for an unknown series', async () => {
    await macro.sim('fred').down();
    const down = await failure(
      macro.tool('get_economic_indicators', { indicators: ['unemployment'], include_quotes: false }),
    );
    expect(down.status).toBe(502);
    expect(down.retryable).toBe(true);
    const unknown = await failure(macro.tool('get_economic_indicators', { indicators: ['cpi', 'GDPNOW'] }));
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown)).toContain('indicators');
  });
});

describe('get_breakeven_inflation', () => {
  it('answers both breakevens with changes, the term spread on the common date and the implied real rate', async () => {
    const answer = await macro.tool('get_breakeven_inflation', {});
    const ten = await fredRows('T10YIE', '2025-10-01');
    const five = await fredRows('T5YIE', '2025-10-01');
    expect(answer.breakeven_10y).toMatchObject({
      series_id: 'T10YIE',
      value: ten.at(-1)!.value,
      date: '2026-11-19',
    });
    expect(answer.breakeven_5y.value).toBe(five.at(-1)!.value);
    expect(answer.aligned_date).toBe('2026-11-19');
    expect(answer.term_spread_bp).toBe(Math.round((ten.at(-1)!.value - five.at(-1)!.value) * 10_000) / 100);
    const weekEarlier = ten.filter((row) => row.date <= '2026-11-12').at(-1)!.value;
    expect(answer.breakeven_10y.change_1w_bp).toBe(
      Math.round((ten.at(-1)!.value - weekEarlier) * 10_000) / 100,
    );
    expect(answer.breakeven_10y.percentile_1y).toBeGreaterThan(0);
    expect(answer.breakeven_10y.percentile_1y).toBeLessThanOrEqual(100);
    expect(answer.implied_real_10y).toEqual(expect.any(Number));
    expect(answer.forward_5y5y.series_id).toBe('T5YIFR');
    expect(answer.failed_sources).toEqual([]);
  });

  it('answers 502 retryable when FRED is down and nothing is cached', async () => {
    await macro.sim('fred').down();
    const error = await failure(macro.tool('get_breakeven_inflation', { include_real_yield: false }));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
    expect((error.details as Json).failed_sources).toHaveLength(2);
  });
});
