import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader, percentEncode } from '../../src/venues/ibkr/oauth-base-string.js';
import type { Gateway } from '../helpers.js';
import { brokerCall, brokerSim, simControl, startBrokerGateway } from '../support/broker-gateway.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startBrokerGateway();
});
afterAll(() => gateway?.close());

const mints = () => brokerSim(gateway).hits({ method: 'POST', path: '/v1/api/oauth/live_session_token' });

describe('OAuth and the brokerage session against the simulator', () => {
  it('mints one LST for many concurrent first calls, then signs every request with HMAC-SHA256', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => brokerCall(gateway, 'get_account')));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(mints()).toBe(1);
    const signed = brokerSim(gateway).requests({ path: '/v1/api/portfolio' });
    expect(signed.length).toBeGreaterThan(0);
    for (const request of signed) {
      expect(String(request.headers.authorization)).toMatch(
        /^OAuth realm="limited_poa", oauth_consumer_key="[A-Z]{9}", oauth_nonce="[A-Za-z0-9]{16}", oauth_signature="[^"]+", oauth_signature_method="HMAC-SHA256", oauth_timestamp="\d{10}", oauth_token="[0-9a-f]{20}"$/,
      );
    }
    const nonces = signed.map(
      (request) => /oauth_nonce="([^"]+)"/.exec(String(request.headers.authorization))?.[1],
    );
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('the simulator refuses a tampered signature, a replayed nonce, a stale timestamp and a wrong realm', async () => {
    const sim = brokerSim(gateway);
    const request =
      sim.requests({ path: '/v1/api/portfolio/accounts' }).at(-1) ??
      sim.requests({ path: '/v1/api/portfolio' }).at(-1)!;
    const header = String(request.headers.authorization);
    const url = `${sim.url}${request.path}`;
    const send = (authorization: string) =>
      fetch(url, { method: request.method, headers: { authorization } });
    // The gateway's own header, sent again: the nonce was seen.
    expect((await send(header)).status).toBe(401);
    const tampered = header
      .replace(/oauth_signature="([^"]+)"/, 'oauth_signature="AAAA$1"')
      .replace(/oauth_nonce="[^"]+"/, 'oauth_nonce="Tamper0000000001"');
    expect((await send(tampered)).status).toBe(401);
    const wrongRealm = header
      .replace('realm="limited_poa"', 'realm="test_realm"')
      .replace(/oauth_nonce="[^"]+"/, 'oauth_nonce="Realm00000000001"');
    expect((await send(wrongRealm)).status).toBe(401);
    const rejections = await (await fetch(`${sim.url}/__sim/ibkr/rejections`)).json();
    expect(rejections).toMatchObject({
      'nonce replayed': expect.any(Number),
      'invalid signature': expect.any(Number),
      'invalid realm': expect.any(Number),
    });
    // A stale timestamp: the window refuses it before the signature is looked at.
    const params = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    delete params.realm;
    delete params.oauth_signature;
    params.oauth_timestamp = String(Math.floor(Date.now() / 1000) - 3600);
    params.oauth_nonce = 'Stale00000000001';
    const stale = authorizationHeader('limited_poa', { ...params, oauth_signature: percentEncode('x') });
    expect((await send(stale)).status).toBe(401);
    expect(await (await fetch(`${sim.url}/__sim/ibkr/rejections`)).json()).toHaveProperty([
      'timestamp out of window',
    ]);
  });

  it('re-mints the LST on a 401 and the call succeeds', async () => {
    const before = mints();
    await simControl(gateway, '/__sim/ibkr/expire-lst');
    const answer = await brokerCall(gateway, 'get_positions');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(mints()).toBe(before + 1);
  });

  it('reopens a lost brokerage session without the caller noticing (competing login)', async () => {
    const inits = () => brokerSim(gateway).hits({ method: 'POST', path: '/v1/api/iserver/auth/ssodh/init' });
    const before = inits();
    await simControl(gateway, '/__sim/ibkr/compete');
    const answer = await brokerCall(gateway, 'get_open_orders');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(inits()).toBe(before + 1);
  });

  it('opens the session with ssodh/init, /iserver/accounts and suppression before any other /iserver call', async () => {
    const order = brokerSim(gateway)
      .requests({ path: '/v1/api/iserver' })
      .map((request) => `${request.method} ${request.path}`);
    const init = order.indexOf('POST /v1/api/iserver/auth/ssodh/init');
    expect(init).toBeGreaterThanOrEqual(0);
    expect(order[init + 1]).toBe('GET /v1/api/iserver/accounts');
    expect(order[init + 2]).toBe('POST /v1/api/iserver/questions/suppress');
  });

  it('keeps the brokerage session alive with /tickle on its own timer (shortened to 1.2 s here)', async () => {
    const tickles = () => brokerSim(gateway).hits({ method: 'POST', path: '/v1/api/tickle' });
    const before = tickles();
    let after = before;
    for (let i = 0; i < 60 && after < before + 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = tickles();
    }
    expect(after).toBeGreaterThanOrEqual(before + 2);
  });

  it("the simulator paces per endpoint with 429 in IBKR's shape; the gateway answers UPSTREAM_RATE_LIMITED", async () => {
    const sim = brokerSim(gateway);
    await simControl(gateway, '/__sim/limits', {
      rules: { trades_read: { pool: 1, refillPerSecond: 0.001 } },
      refill: true,
    });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await brokerCall(gateway, 'get_activities'));
      const limited = answers.filter((a) => a.status !== 200);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]!.body.error.code).toBe('UPSTREAM_RATE_LIMITED');
      expect(sim.rateLimited({ bucket: 'trades_read' })).toBeGreaterThan(0);
    } finally {
      await simControl(gateway, '/__sim/limits', {
        rules: { trades_read: { pool: 5, refillPerSecond: 1 } },
        refill: true,
      });
    }
  });
});
