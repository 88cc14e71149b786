import { describe, expect, it } from 'vitest';
import { YahooClient } from '../../src/providers/yahoo/yahoo-client.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { UpstreamCache } from '../../src/upstream/upstream-cache.js';
import { PINNED_NOW, useMacroGateway } from './support/macro-gateway.js';

/** The Yahoo client against its simulator over real sockets: quotes, null entries, errors, the second host. */

const macro = useMacroGateway();

const client = () => {
  const connection = macro.gateway.upstreams.registry.connection('yahoo', 'live');
  return new YahooClient(connection.http('query1'), connection.http('query2'));
};

describe('YahooClient against the simulator', () => {
  it('reads a 5-minute day of the S&P 500 future, its last bar at the last price', async () => {
    const { data } = await client().chart(NO_DEADLINE, 'ES=F', '1d', '5m');
    expect(data.symbol).toBe('ES=F');
    expect(data.instrumentType).toBe('FUTURE');
    expect(data.marketTime).toBeLessThanOrEqual(PINNED_NOW / 1000);
    expect(data.bars.length).toBeGreaterThan(100);
    expect(data.bars.at(-1)!.close).toBe(data.price);
    expect(data.previousClose).toEqual(expect.any(Number));
    expect(data.bars.every((bar, i) => i === 0 || bar.time > data.bars[i - 1]!.time)).toBe(true);
    // The simulator leaves nulls in the arrays as Yahoo does; a bar without a close is dropped.
    expect(data.bars.some((bar) => bar.open === null)).toBe(true);
  });

  it('sends a browser User-Agent and encodes the symbol', async () => {
    await client().chart(NO_DEADLINE, '^VIX');
    const request = macro.sim('yahoo').requests().at(-1)!;
    expect(request.path).toBe('/v8/finance/chart/%5EVIX');
  });

  it('answers an unknown symbol with 404 UNKNOWN_SYMBOL, and tries query2 when query1 is down', async () => {
    await expect(client().chart(NO_DEADLINE, 'NOPE=X')).rejects.toMatchObject({
      status: 404,
      code: 'UNKNOWN_SYMBOL',
    });
    macro
      .sim('yahoo')
      .faults.inject({ fault: { kind: 'error', status: 503, body: 'Service Unavailable' }, times: 3 });
    const { data } = await client().chart(NO_DEADLINE, 'BTC-USD');
    expect(data.instrumentType).toBe('CRYPTOCURRENCY');
    // query1's attempts took the three failures; query2 (the same simulator here) answered.
    expect(macro.sim('yahoo').requests().length).toBe(5);
  });

  it('serves a cached quote marked stale while Yahoo fails inside the window, then gives up', async () => {
    let clock = 0;
    const connection = macro.gateway.upstreams.registry.connection('yahoo', 'live');
    const cache = new UpstreamCache({ scope: 'yahoo-test', maxEntries: 10, clock: () => clock });
    const cached = new YahooClient(connection.http('query1'), connection.http('query2'), cache);
    const fresh = await cached.chart(NO_DEADLINE, '^GSPC');
    expect(fresh.stale).toBeUndefined();
    await macro.sim('yahoo').down();
    clock = 61_000; // past the 60 s freshness
    const stale = await cached.chart(NO_DEADLINE, '^GSPC');
    expect(stale.stale).toBe(true);
    expect(stale.data).toEqual(fresh.data);
    clock = 60_000 + 24 * 3_600_000 + 1;
    await expect(cached.chart(NO_DEADLINE, '^GSPC')).rejects.toMatchObject({ status: 502, retryable: true });
  });
});
