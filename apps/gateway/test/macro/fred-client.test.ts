import { parCurve } from '@app/sim';
import { describe, expect, it } from 'vitest';
import { FredClient } from '../../src/providers/fred/fred-client.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { UpstreamCache } from '../../src/upstream/upstream-cache.js';
import { useMacroGateway } from './support/macro-gateway.js';

/**
 * The FRED client against its simulator over real sockets: the keyed JSON API (with the key the simulator
 * issued), the key-less graph CSV when no key is configured, holidays' "." left out, errors classified.
 */

const macro = useMacroGateway();

const registry = () => macro.gateway.upstreams.registry;
const cache = () => new UpstreamCache({ scope: 'fred-test', maxEntries: 10, clock: () => 0 });
const keyed = () => {
  const connection = registry().connection('fred', 'live');
  return new FredClient(connection.http('api'), connection.http('graph'), connection.credentials, cache());
};
const keyless = () => {
  const connection = registry().connection('fred', 'live');
  return new FredClient(connection.http('api'), connection.http('graph'), undefined, cache());
};

describe('FredClient against the simulator', () => {
  it('reads a daily series through the keyed API, oldest first, holidays left out', async () => {
    const client = keyed();
    expect(client.via).toBe('api');
    const { data } = await client.series(NO_DEADLINE, 'DGS10', '2025-12-20', 'daily');
    expect(data.via).toBe('api');
    const dates = data.observations.map((row) => row.date);
    expect(dates).not.toContain('2025-12-25');
    expect(dates).not.toContain('2025-12-27'); // a Saturday
    expect(dates).toContain('2025-12-26');
    expect(dates.at(-1)).toBe('2026-11-19'); // a business day late on the pinned Friday
    expect(data.observations.every((row) => typeof row.value === 'number' && row.value > 0)).toBe(true);
    // DGS10 republishes the Treasury simulator's curve, as FRED republishes Treasury's.
    const treasury = parCurve(macro.sim('treasury').seed, Date.parse('2026-11-19T00:00:00Z') / 86_400_000);
    expect(data.observations.at(-1)!.value).toBe(treasury['10Y']);
    const request = macro.sim('fred').requests().at(-1)!;
    expect(request.path).toBe('/fred/series/observations');
    expect(request.query.api_key).toMatch(/^[a-z0-9]{32}$/);
  });

  it('falls back to the key-less CSV without a key, with the same values', async () => {
    const [api, csv] = await Promise.all([
      keyed().series(NO_DEADLINE, 'T10YIE', '2026-10-01', 'daily'),
      keyless().series(NO_DEADLINE, 'T10YIE', '2026-10-01', 'daily'),
    ]);
    expect(csv.data.via).toBe('csv');
    expect(csv.data.observations).toEqual(api.data.observations);
    expect(
      macro
        .sim('fred')
        .requests()
        .map((request) => request.path),
    ).toContain('/graph/fredgraph.csv');
  });

  it('reads monthly series on the first of the month', async () => {
    const { data } = await keyed().series(NO_DEADLINE, 'CPIAUCSL', '2025-01-01', 'slow');
    expect(data.observations.map((row) => row.date).slice(0, 2)).toEqual(['2025-01-01', '2025-02-01']);
    expect(data.observations.at(-1)!.date).toBe('2026-10-01');
  });

  it('classifies an unknown series as a refusal, a bot wall as a bad response', async () => {
    await expect(keyed().series(NO_DEADLINE, 'NOPE', '2025-01-01', 'daily')).rejects.toMatchObject({
      status: 502,
      code: 'UPSTREAM_REJECTED_REQUEST',
      retryable: false,
    });
    macro.sim('fred').faults.inject({ fault: { kind: 'html', status: 200 } });
    await expect(keyless().series(NO_DEADLINE, 'DGS2', '2025-01-01', 'daily')).rejects.toMatchObject({
      status: 502,
    });
  });
});
