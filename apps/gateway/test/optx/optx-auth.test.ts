import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { optxCall, optxSim, startOptxGateway } from './optx-gateway.js';

/** The gateway's Deribit token over real sockets: one auth for many calls, re-auth when the venue refuses it. */

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startOptxGateway();
});
afterAll(() => gateway.close());

const auths = () => optxSim(gateway).hits({ path: '/api/v2/public/auth' });

describe('optx private calls and the Deribit token', () => {
  it('authenticates once for concurrent private calls and keeps the token', async () => {
    const before = auths();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => optxCall(gateway, 'get_account_summary', { currency: 'BTC' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(auths() - before).toBeLessThanOrEqual(1);
    await optxCall(gateway, 'get_positions', {});
    expect(auths() - before).toBeLessThanOrEqual(1);
  });

  it('re-authenticates when the venue says the token expired (13009), and the call succeeds', async () => {
    await optxCall(gateway, 'get_positions', {});
    const before = auths();
    // The venue's clock passes the token's 900 s; the gateway's own clock still thinks it fresh.
    optxSim(gateway).clock.advance(1_000_000);
    const res = await optxCall(gateway, 'get_positions', {});
    expect(res.status).toBe(200);
    expect(auths() - before).toBe(1);
    const refused = optxSim(gateway).requests({ path: '/api/v2/private/get_positions' });
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });

  it('never shows the key: no secret in answers or logs', async () => {
    const { client_secret } = optxSim(gateway).credentials!;
    const res = await optxCall(gateway, 'environment_info', {});
    expect(JSON.stringify(res.body)).not.toContain(client_secret);
    expect(JSON.stringify(gateway.logLines())).not.toContain(client_secret);
  });
});
