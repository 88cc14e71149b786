import { describe, expect, it } from 'vitest';
import { TreasuryClient } from '../../src/providers/treasury/treasury-client.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { UpstreamCache } from '../../src/upstream/upstream-cache.js';
import { useMacroGateway } from './support/macro-gateway.js';

/**
 * The Treasury client against its simulator over real sockets (the gateway's upstream layer, the
 * simulator's real XML): the feed's history quirks parsed, errors classified, and the stale window on a
 * cache whose clock the test moves.
 */

const macro = useMacroGateway();

let clock = 0;
const client = () =>
  new TreasuryClient(
    macro.gateway.upstreams.registry.get('treasury', 'live'),
    new UpstreamCache({ scope: 'treasury-test', maxEntries: 10, clock: () => clock }),
  );

describe('TreasuryClient against the simulator', () => {
  it('reads a year of curves, oldest first, one per business day', async () => {
    const { data } = await client().year(NO_DEADLINE, 2025, false);
    expect(data.length).toBeGreaterThan(245);
    expect(data.length).toBeLessThan(262);
    expect(data[0]!.date).toBe('2025-01-02');
    expect(data.at(-1)!.date).toBe('2025-12-31');
    expect(data.every((curve, i) => i === 0 || curve.date > data[i - 1]!.date)).toBe(true);
    // The simulator leaves out the 6-week bill now and then and sends an empty 30Y now and then.
    expect(data.some((curve) => curve.yields['1.5M'] === undefined)).toBe(true);
    expect(data.some((curve) => curve.yields['30Y'] === undefined)).toBe(true);
    expect(data.filter((curve) => Object.keys(curve.yields).length >= 13).length).toBeGreaterThan(200);
  });

  it('reads older years whose elements re-declare their namespace, with the points of that time', async () => {
    const { data } = await client().year(NO_DEADLINE, 2004, false);
    expect(data.length).toBeGreaterThan(245);
    // 2004: no 1.5M, 2M or 4M bills yet, and no 30-year bond (issuance suspended 2002–2006).
    for (const curve of data)
      expect(Object.keys(curve.yields)).toEqual([
        '1M',
        '3M',
        '6M',
        '1Y',
        '2Y',
        '3Y',
        '5Y',
        '7Y',
        '10Y',
        '20Y',
      ]);
  });

  it('reads an empty year as no curves, and falls back a year in early January', async () => {
    expect((await client().year(NO_DEADLINE, 2027, true)).data).toEqual([]);
    const { data } = await client().curvesUntil(NO_DEADLINE, '2027-01-01', 3, 2027);
    // The simulator's clock (2026-11-20) has published nothing later than 2026-11-19.
    expect(data.map((curve) => curve.date)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19']);
  });

  it('serves the cached year marked stale while the source fails inside its window, then gives up', async () => {
    const sut = client();
    clock = 0;
    const fresh = await sut.year(NO_DEADLINE, 2026, true);
    expect(fresh.stale).toBeUndefined();
    macro
      .sim('treasury')
      .faults.inject({ fault: { kind: 'error', status: 503, body: 'Service Unavailable' } });
    clock = 31 * 60_000; // past the 30-minute freshness
    const stale = await sut.year(NO_DEADLINE, 2026, true);
    expect(stale.stale).toBe(true);
    expect(stale.data).toEqual(fresh.data);
    expect(stale.receivedAt).toBe(fresh.receivedAt);
    clock = 30 * 60_000 + 24 * 3_600_000 + 1; // past the 24 h stale window
    await expect(sut.year(NO_DEADLINE, 2026, true)).rejects.toMatchObject({ status: 502, retryable: true });
  });

  it('classifies a refusal as not retryable and a rate limit as retryable', async () => {
    const sim = macro.sim('treasury');
    sim.faults.inject({ fault: { kind: 'error', status: 403, body: 'Forbidden' }, times: 1 });
    await expect(client().year(NO_DEADLINE, 2024, false)).rejects.toMatchObject({
      status: 502,
      code: 'UPSTREAM_REJECTED_REQUEST',
      retryable: false,
    });
    sim.faults.inject({ fault: { kind: 'error', status: 429, body: 'Too Many Requests' } });
    await expect(client().year(NO_DEADLINE, 2023, false)).rejects.toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryable: true,
    });
  });
});
