import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startUpstreams } from '../src/upstream/upstream-profile.js';
import { KEYS, signedNamespace, signedSimulator, signedUpstream } from './fixtures/signed.fixture.js';
import { type Gateway, startGateway } from './helpers.js';

/** Per-attempt authorization, token refresh, key rotation and secrecy, over HTTP against a checking simulator. */

let gateway: Gateway;
const answers: string[] = [];
beforeAll(async () => {
  gateway = await startGateway({
    specs: [signedUpstream],
    simulators: [signedSimulator],
    namespaces: [signedNamespace()],
    env: { UPSTREAM_BREAKER_FAILURES: '100' },
  });
});
afterAll(() => gateway.close());

const sim = () => gateway.sims.get('signed')!.test;

async function quote(tool: 'get_signed_quote' | 'get_token_quote') {
  const response = await gateway.call(`/mcp-signed/tools/${tool}`, {});
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

describe('authorization per attempt', () => {
  it('signs the simulator-issued key, and a retried read carries a fresh nonce and a valid signature', async () => {
    sim().resetHits();
    sim().faults.inject({ path: '/signed/quote', fault: { kind: 'error', status: 503 }, times: 1 });
    const answer = await quote('get_signed_quote');
    expect(answer).toMatchObject({ status: 200, body: { price: 101 } });
    const attempts = sim().requests({ path: '/signed/quote' });
    expect(attempts).toHaveLength(2);
    const nonces = attempts.map((attempt) => attempt.headers['x-nonce']);
    expect(nonces[0]).not.toBe(nonces[1]);
    // The simulator refuses a reused nonce or a bad signature: the 200 says the second attempt was signed anew.
    expect(attempts.map((attempt) => attempt.headers['x-key'])).toEqual([
      'key-issued-0001',
      'key-issued-0001',
    ]);
  });

  it('fetches a token once, reuses it, and refreshes it when the venue says it expired', async () => {
    sim().resetHits();
    expect((await quote('get_token_quote')).status).toBe(200);
    expect((await quote('get_token_quote')).status).toBe(200);
    expect(sim().requests({ path: '/token', method: 'POST' })).toHaveLength(1);
    await fetch(`${sim().url}/__test/expire-tokens`, { method: 'POST' });
    expect(await quote('get_token_quote')).toMatchObject({ status: 200, body: { price: 202 } });
    expect(sim().requests({ path: '/token', method: 'POST' })).toHaveLength(2);
    const sent = sim()
      .requests({ path: '/token/quote' })
      .map((entry) => entry.headers.authorization);
    // Third call: the refused attempt with the old token, then one with the new token.
    expect(sent).toHaveLength(4);
    expect(sent[2]).toBe(sent[0]);
    expect(sent[3]).not.toBe(sent[2]);
  });

  it('refreshes a token by its own expiry time, before the venue has to refuse it', async () => {
    const lifetime = (ms: number) =>
      fetch(`${sim().url}/__test/token-lifetime`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
      });
    await lifetime(50);
    try {
      await fetch(`${sim().url}/__test/expire-tokens`, { method: 'POST' });
      expect((await quote('get_token_quote')).status).toBe(200); // refused once, then a 50 ms token
      await new Promise((resolve) => setTimeout(resolve, 80));
      sim().resetHits();
      expect((await quote('get_token_quote')).status).toBe(200);
      expect(sim().requests({ path: '/token', method: 'POST' })).toHaveLength(1);
      expect(sim().requests({ path: '/token/quote' })).toHaveLength(1);
    } finally {
      await lifetime(60_000);
    }
  });
});

describe('key rotation through the credential store', () => {
  it('a swapped key is used by the next call and never by a call already signed', async () => {
    const store = gateway.upstreams.registry.credentials;
    sim().resetHits();
    sim().faults.inject({ path: '/signed/quote', fault: { kind: 'latency', ms: 300 }, times: 1 });
    const inFlight = quote('get_signed_quote');
    while (sim().requests({ path: '/signed/quote' }).length === 0) await new Promise((r) => setTimeout(r, 5));
    store.swap('signed', 'test', { api_key: 'key-rotated-0002', api_secret: KEYS['key-rotated-0002']! });
    try {
      expect(await inFlight).toMatchObject({ status: 200, body: { price: 101 } });
      expect((await quote('get_signed_quote')).status).toBe(200);
      expect(
        sim()
          .requests({ path: '/signed/quote' })
          .map((entry) => entry.headers['x-key']),
      ).toEqual(['key-issued-0001', 'key-rotated-0002']);
      // The token derived from the old set is dropped: the next token call authenticates with the new key.
      expect((await quote('get_token_quote')).status).toBe(200);
      const tokenRequests = sim().requests({ path: '/token', method: 'POST' });
      expect(tokenRequests.at(-1)?.body).toMatchObject({ api_key: 'key-rotated-0002' });
    } finally {
      store.swap('signed', 'test', { api_key: 'key-issued-0001', api_secret: KEYS['key-issued-0001']! });
    }
  });

  it('refuses a set that lacks a field', () => {
    const store = gateway.upstreams.registry.credentials;
    expect(() => store.swap('signed', 'test', { api_key: 'k' })).toThrow(/api_secret/);
  });
});

describe('credentials stay secret', () => {
  it('never appear in logs, answers or the audit trail', async () => {
    await quote('get_signed_quote');
    await quote('get_token_quote');
    const order = await gateway.call('/mcp-signed/tools/place_order', { amount: 1 });
    answers.push(await order.text());
    expect(order.status).toBe(200);
    const info = await gateway.call('/mcp-signed/tools/environment_info', {});
    answers.push(await info.text());
    const secrets = [...Object.keys(KEYS), ...Object.values(KEYS)];
    const tokens = sim()
      .requests({ path: '/token/quote' })
      .map((entry) => String(entry.headers.authorization).slice('Bearer '.length));
    const logs = JSON.stringify(gateway.logLines());
    const audit = readFileSync(gateway.config.AUDIT_LOG_FILE, 'utf8');
    expect(audit).toContain('place_order');
    for (const secret of [...secrets, ...tokens]) {
      expect(logs).not.toContain(secret);
      expect(audit).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
    // A set printed by mistake shows nothing either.
    const set = gateway.upstreams.registry.credentials.handle('signed', 'test').require();
    expect(JSON.stringify({ set })).toBe('{"set":"[credentials]"}');
    expect(String(set)).toBe('[credentials]');
  });

  it('a credential file is checked at start; its error names the variable and never a value', async () => {
    const file = join(gateway.dataDir, 'signed-live.json');
    writeFileSync(file, JSON.stringify({ api_key: 'key-from-file-77', api_secret: '' }));
    const config = loadConfig({ DATA_DIR: gateway.dataDir, SIGNED_LIVE_CREDENTIALS_FILE: file }, [
      signedUpstream,
    ]);
    const failure = startUpstreams({ config, specs: [signedUpstream], simulators: [signedSimulator] });
    await expect(failure).rejects.toThrow(/SIGNED_LIVE_CREDENTIALS_FILE.*api_secret/);
    await failure.catch((error: Error) => expect(error.message).not.toContain('key-from-file-77'));
    writeFileSync(file, '{ not json');
    await expect(
      startUpstreams({ config, specs: [signedUpstream], simulators: [signedSimulator] }),
    ).rejects.toThrow(/SIGNED_LIVE_CREDENTIALS_FILE: cannot read credentials .* \(not valid JSON\)/);
  });

  it('a credential file wins over the simulator-issued set', async () => {
    const file = join(gateway.dataDir, 'signed-live-good.json');
    writeFileSync(
      file,
      JSON.stringify({ api_key: 'key-rotated-0002', api_secret: KEYS['key-rotated-0002'] }),
    );
    const config = loadConfig({ DATA_DIR: gateway.dataDir, SIGNED_LIVE_CREDENTIALS_FILE: file }, [
      signedUpstream,
    ]);
    const upstreams = await startUpstreams({
      config,
      specs: [signedUpstream],
      simulators: [signedSimulator],
    });
    try {
      const credentials = upstreams.registry.credentials;
      expect(credentials.handle('signed', 'live').require().get('api_key')).toBe('key-rotated-0002');
      expect(credentials.handle('signed', 'test').require().get('api_key')).toBe('key-issued-0001');
    } finally {
      await upstreams.close();
    }
  });
});
