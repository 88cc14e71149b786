import { describe, expect, it } from 'vitest';
import { CboeClient } from '../../src/providers/cboe/cboe-client.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { useMacroGateway } from './support/macro-gateway.js';

/** The Cboe client against its simulator over real sockets: the whole VIX history, and a bad body refused. */

const macro = useMacroGateway();

const client = () => new CboeClient(macro.gateway.upstreams.registry.connection('cboe', 'live').http());

describe('CboeClient against the simulator', () => {
  it('reads the daily closes since 1990 up to the last business day closed', async () => {
    const { data } = await client().vixHistory(NO_DEADLINE);
    expect(data[0]!.date).toBe('1990-01-02');
    expect(data.at(-1)!.date).toBe('2026-11-19');
    expect(data.length).toBeGreaterThan(9000);
    expect(data.every((row) => row.close >= 5 && row.close < 100)).toBe(true);
  });

  it('refuses an HTML page in place of the file with a 502', async () => {
    macro.sim('cboe').faults.inject({ fault: { kind: 'html', status: 200 } });
    await expect(client().vixHistory(NO_DEADLINE)).rejects.toMatchObject({ status: 502 });
  });
});
