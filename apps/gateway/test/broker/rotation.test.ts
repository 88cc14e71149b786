import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, TESTNET } from '../helpers.js';
import {
  brokerCall,
  brokerSim,
  type Json,
  simControl,
  startBrokerGateway,
} from '../support/broker-gateway.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startBrokerGateway();
});
afterAll(() => gateway?.close());

/** A new set from the simulator's "portal", written as an operator stages it (notes §2.3, §7). */
async function stage(options: { revoke?: boolean } = {}): Promise<Json> {
  const set = await simControl(gateway, '/__sim/ibkr/consumers');
  if (options.revoke)
    await fetch(`${brokerSim(gateway).url}/__sim/ibkr/consumers/${set.access_token}`, { method: 'DELETE' });
  const folder = join(gateway.dataDir, 'ibkr', 'paper.staged');
  mkdirSync(folder, { recursive: true });
  const { private_signature_key, private_encryption_key, ...json } = set;
  writeFileSync(join(folder, 'credentials.json'), JSON.stringify(json), { mode: 0o600 });
  writeFileSync(join(folder, 'private_signature.pem'), private_signature_key, { mode: 0o600 });
  writeFileSync(join(folder, 'private_encryption.pem'), private_encryption_key, { mode: 0o600 });
  return set;
}

const rotate = async () => {
  const res = await fetch(`${gateway.url}/admin/ibkr/rotate-keys/confirm?env=paper`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTNET}` },
  });
  return { status: res.status, body: (await res.json()) as Json };
};

/** The access token the gateway signs with now, as the simulator saw it on the last request. */
const lastToken = () => {
  const journal = brokerSim(gateway).requests({ path: '/v1/api/portfolio' });
  const header = String(journal.at(-1)?.headers.authorization ?? '');
  return /oauth_token="([^"]+)"/.exec(header)?.[1];
};

describe('key rotation (POST /admin/ibkr/rotate-keys/confirm)', () => {
  it('swaps a good staged set while calls are in flight: every call succeeds, later calls use the new token', async () => {
    expect((await brokerCall(gateway, 'get_account')).status).toBe(200);
    await brokerCall(gateway, 'subscribe_tick', { conid: 265598 }, { bot: 'rotation-bot' });
    const connects = (await brokerCall(gateway, 'environment_info', {}, { bot: 'rotation-bot' })).body
      .websocket.connects;
    const set = await stage();
    const inFlight = Array.from({ length: 8 }, () => brokerCall(gateway, 'get_account'));
    const rotated = await rotate();
    const answers = await Promise.all(inFlight);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.result, JSON.stringify(rotated.body)).toBe('swapped');
    expect(rotated.body.stages.map((s: Json) => s.stage)).toEqual([
      'staged_check',
      'online_validation',
      'swap',
      'post_swap_check',
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await brokerCall(gateway, 'get_positions')).status).toBe(200);
    expect(lastToken()).toBe(set.access_token);
    // The websocket was reopened with the new token and its subscription restored.
    const ws = (await brokerCall(gateway, 'environment_info', {}, { bot: 'rotation-bot' })).body.websocket;
    expect(ws.connects).toBeGreaterThan(connects);
    const sockets = (await (await fetch(`${brokerSim(gateway).url}/__sim/ibkr/ws`)).json()) as Json;
    expect(sockets.subscriptions['265598']).toBe(1);
  });

  it('a staged set that fails validation leaves the active one untouched', async () => {
    const active = lastToken();
    await stage({ revoke: true });
    const refused = await rotate();
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('ROTATION_VALIDATION_FAILED');
    expect((await brokerCall(gateway, 'get_account')).status).toBe(200);
    expect(lastToken()).toBe(active);
  });

  it('a missing staged set is refused offline', async () => {
    rmSync(join(gateway.dataDir, 'ibkr', 'paper.staged'), { recursive: true, force: true });
    const refused = await rotate();
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('ROTATION_STAGED_INVALID');
  });

  it('a failure after the swap rolls back and the broker keeps working', async () => {
    const active = lastToken();
    await stage();
    brokerSim(gateway).faults.inject({
      path: '/v1/api/iserver/auth/status',
      fault: { kind: 'error', status: 500, body: { error: 'down' } },
      times: 20,
    });
    const rolled = await rotate();
    brokerSim(gateway).faults.clear();
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.result).toBe('rolled_back');
    expect(rolled.body.stages.map((s: Json) => `${s.stage}:${s.ok}`)).toEqual([
      'staged_check:true',
      'online_validation:true',
      'swap:true',
      'post_swap_check:false',
      'rollback:true',
    ]);
    expect((await brokerCall(gateway, 'get_account')).status).toBe(200);
    expect(lastToken()).toBe(active);
  });

  it('refuses a second rotation of the same environment while one runs (409)', async () => {
    await stage();
    const [a, b] = await Promise.all([rotate(), rotate()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('every stage is in the audit log', async () => {
    const res = await fetch(`${gateway.url}/admin/audit?action=rotate_keys`, {
      headers: { authorization: `Bearer ${TESTNET}` },
    });
    const page = (await res.json()) as Json;
    const stages = new Set(page.records.map((r: Json) => `${r.params.stage}:${r.outcome}`));
    for (const stage of [
      'staged_check:ok',
      'staged_check:failed',
      'online_validation:ok',
      'online_validation:failed',
      'swap:ok',
      'post_swap_check:ok',
      'post_swap_check:failed',
      'rollback:ok',
    ])
      expect(stages.has(stage), stage).toBe(true);
  });
});
