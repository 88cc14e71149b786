import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MarketGateway,
  startMarketGateway,
  type ToolError,
  tokenHeaders,
} from './support/market-gateway.js';

let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());

/** Both venues answer 429: optx on `optxPath` with Retry-After 2, perpdex with Retry-After 3. */
function rateLimitBoth(optxPath: string) {
  market.sim('optx').faults.inject({
    path: optxPath,
    fault: { kind: 'error', status: 429, headers: { 'retry-after': '2' } },
  });
  market.sim('perpdex').faults.inject({
    path: '/info',
    fault: { kind: 'error', status: 429, headers: { 'retry-after': '3' } },
  });
}

describe('fan-outs when every venue is rate-limited', () => {
  it('answers 429 UPSTREAM_RATE_LIMITED with the longest Retry-After, not 502', async () => {
    rateLimitBoth('/api/v2/public/get_tradingview_chart_data');
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

  it('lists instruments: 429 with the longest Retry-After when every venue is rate-limited, not 502', async () => {
    rateLimitBoth('/api/v2/public/get_instruments');
    const response = await market.gateway.call('/mcp/tools/get_instruments', {}, tokenHeaders('live'));
    const body = (await response.json()) as {
      error: { code: string; details: { failed_sources: unknown[] } };
    };
    await market.reset();
    expect(response.status).toBe(429);
    // At least the venues' own retry time; longer when the drained budget needs longer to cover the call.
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(3);
    expect(body.error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(body.error.details.failed_sources).toHaveLength(2);
  });
});
