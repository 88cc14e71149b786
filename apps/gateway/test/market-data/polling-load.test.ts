import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MarketGateway,
  PINNED_NOW,
  startMarketGateway,
  TOOL_PATHS,
  tokenHeaders,
} from './support/market-gateway.js';

/**
 * 50 bots polling the common tools against simulators that enforce the venues' limits, as the venues do:
 * every answer is data or a 429 saying when to come back, and no venue ever has to refuse the gateway.
 * Bounded by time (a few seconds of polling), asserting outcomes, never speed.
 */
const CLIENTS = 50;
const POLL_MS = 3_000;
const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const POLLED = [
  {
    path: TOOL_PATHS.get_historical,
    body: {
      instrument: 'BTC',
      interval: '1h',
      start_date: isoDate(PINNED_NOW - 30 * day),
      end_date: isoDate(PINNED_NOW),
    },
  },
  {
    path: TOOL_PATHS.get_indicators,
    body: {
      instrument: 'BTC',
      interval: '1h',
      start_date: isoDate(PINNED_NOW - 30 * day),
      end_date: isoDate(PINNED_NOW),
    },
  },
  { path: TOOL_PATHS.get_instruments, body: { exchange: 'perpdex' } },
  { path: TOOL_PATHS.get_instruments, body: { exchange: 'optx', currency: 'BTC' } },
];

let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());

describe('50 clients polling the common tools', () => {
  it('get data or 429 with Retry-After, and the venues never refuse the gateway', async () => {
    const statuses = new Map<number, number>();
    let withoutRetryAfter = 0;
    const until = Date.now() + POLL_MS;
    const client = async (index: number) => {
      const { path, body } = POLLED[index % POLLED.length]!;
      while (Date.now() < until) {
        const res = await fetch(`${market.gateway.url}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-bot-tag': `bot-${index}`,
            ...tokenHeaders('live'),
          },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 429) {
          if (!res.headers.get('retry-after')) withoutRetryAfter += 1;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(CLIENTS);
    expect(withoutRetryAfter).toBe(0);
    for (const venue of ['optx', 'perpdex'] as const)
      for (const environment of ['test', 'live'] as const)
        expect({ venue, environment, refused: market.sim(venue, environment).rateLimited() }).toEqual({
          venue,
          environment,
          refused: 0,
        });
  });
});
