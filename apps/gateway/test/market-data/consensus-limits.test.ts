import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketGateway, startMarketGateway, type ToolError } from './support/market-gateway.js';

let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());

describe('consensus when every venue is rate-limited', () => {
  it('answers 429 UPSTREAM_RATE_LIMITED with the longest Retry-After, not 502', async () => {
    market.sim('optx').faults.inject({
      path: '/api/v2/public/get_tradingview_chart_data',
      fault: { kind: 'error', status: 429, headers: { 'retry-after': '2' } },
    });
    market.sim('perpdex').faults.inject({
      path: '/info',
      fault: { kind: 'error', status: 429, headers: { 'retry-after': '3' } },
    });
    const error = (await market
      .tool('get_historical', {
        instrument: 'BTC',
        interval: '1h',
        start_date: '2026-11-18',
        end_date: '2026-11-19',
      })
      .catch((e: unknown) => e)) as ToolError;
    await market.reset();
    expect(error).toMatchObject({ status: 429, code: 'UPSTREAM_RATE_LIMITED', retryable: true });
    expect(error.details?.failed_sources).toHaveLength(2);
  });
});
