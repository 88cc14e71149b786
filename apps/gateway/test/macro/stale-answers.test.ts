import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, useMacroGateway } from './support/macro-gateway.js';

/**
 * A stale cached answer over HTTP: the tool answers from its source, the source goes down, the cache's clock
 * (Date, faked here; the tools' and simulators' clock stays pinned) moves past the entry's freshness but
 * inside the 24 h stale window: the same data with `stale: true`; past the window, 502.
 */

const macro = useMacroGateway();
afterEach(() => vi.useRealTimers());

describe('stale answers', () => {
  it('get_asset_price serves the cached quote with stale: true while Yahoo is down, inside the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fresh = await macro.tool('get_asset_price', { symbol: 'eth' });
    expect(fresh).not.toHaveProperty('stale');
    await macro.sim('yahoo').down();
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const stale = await macro.tool('get_asset_price', { symbol: 'eth' });
    expect(stale.stale).toBe(true);
    expect(stale.quote).toEqual(fresh.quote);
    expect(stale.data_timestamp).toBe(fresh.data_timestamp);
    vi.setSystemTime(Date.now() + 25 * 3_600_000);
    const gone = await failure(macro.tool('get_asset_price', { symbol: 'eth' }));
    expect(gone.status).toBe(502);
  });

  it('get_cot_tff serves the cached report with stale: true while CFTC is down', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fresh = await macro.tool('get_cot_tff', { market: 'ETH', weeks: 3 });
    await macro.sim('cftc').down();
    vi.setSystemTime(Date.now() + 7 * 3_600_000);
    const stale = await macro.tool('get_cot_tff', { market: 'ETH', weeks: 3 });
    expect(stale.stale).toBe(true);
    expect(stale.latest).toEqual(fresh.latest);
  });
});
