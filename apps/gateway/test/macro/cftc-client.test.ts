import { describe, expect, it } from 'vitest';
import { CftcClient } from '../../src/providers/cftc/cftc-client.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { PINNED_NOW, useMacroGateway } from './support/macro-gateway.js';

/**
 * The CFTC client against its Socrata simulator over real sockets: the SoQL query (IN, ORDER, LIMIT) honoured,
 * weekly Tuesday reports released on Fridays, the simulator's SoQL errors and throttling.
 */

const macro = useMacroGateway();

const client = () =>
  new CftcClient(macro.gateway.upstreams.registry.connection('cftc', 'live').http(), undefined);

describe('CftcClient against the simulator', () => {
  it('reads the latest weeks of two markets in one query, newest first, Tuesdays released by Friday', async () => {
    const { data } = await client().reports(NO_DEADLINE, 'tff', false, ['133741', '13874A'], 4, PINNED_NOW);
    expect(data).toHaveLength(8);
    expect(new Set(data.map((row) => row.code))).toEqual(new Set(['133741', '13874A']));
    // Pinned Friday 2026-11-20 12:34 UTC is before the 15:30 New York release: the newest is 2026-11-10.
    expect(data[0]!.reportDate).toBe('2026-11-10');
    for (const row of data) expect(new Date(`${row.reportDate}T00:00:00Z`).getUTCDay()).toBe(2);
    expect(data.every((row, i) => i === 0 || row.reportDate <= data[i - 1]!.reportDate)).toBe(true);
    expect(data[0]!.categories.lev_money!.long).toEqual(expect.any(Number));
    const request = macro.sim('cftc').requests().at(-1)!;
    expect(request.path).toBe('/resource/gpe5-46if.json');
    expect(request.query.$where).toBe("cftc_contract_market_code IN ('133741','13874A')");
  });

  it('reads the combined Disaggregated dataset with its own field names', async () => {
    const { data } = await client().reports(NO_DEADLINE, 'disaggregated', true, ['088691'], 2, PINNED_NOW);
    expect(data).toHaveLength(2);
    expect(data[0]!.categories.swap!.short).toBeGreaterThan(0);
    expect(macro.sim('cftc').requests().at(-1)!.path).toBe('/resource/kh3c-gbw2.json');
  });

  it('answers no rows for a code the dataset does not carry, and refuses a code that is no code', async () => {
    expect(
      (await client().reports(NO_DEADLINE, 'disaggregated', false, ['133741'], 4, PINNED_NOW)).data,
    ).toEqual([]);
    await expect(
      client().reports(NO_DEADLINE, 'tff', false, ["1' OR '1'='1"], 4, PINNED_NOW),
    ).rejects.toThrow(/not a contract code/);
  });

  it('classifies a throttled answer as retryable', async () => {
    macro.sim('cftc').faults.inject({
      fault: { kind: 'error', status: 429, body: { code: 'too_many_requests', error: true } },
    });
    await expect(
      client().reports(NO_DEADLINE, 'tff', false, ['133741'], 4, PINNED_NOW),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryable: true,
    });
  });
});
