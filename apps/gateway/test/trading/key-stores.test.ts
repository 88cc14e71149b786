import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { clientOrderIdOf, hyperliquidCloid } from '../../src/trading/client-order-id.js';
import { requestFingerprint } from '../../src/trading/idempotency-key.js';
import { IdempotencyKeys, type KeyBackend } from '../../src/trading/idempotency-store.js';
import { PostgresKeyBackend } from '../../src/trading/postgres-key-backend.js';
import { redisKeyBackend } from '../../src/trading/redis-key-backend.js';
import { SqliteKeyBackend } from '../../src/trading/sqlite-key-backend.js';
import type { Gateway } from '../helpers.js';
import { DESK_ORDER, deskOrders, deskSends, startWriteGateway, writeCall } from '../support/write-gateway.js';

/**
 * The same behaviour on each key store: SQLite under DATA_DIR always; Redis and PostgreSQL when REDIS_URL and
 * DATABASE_URL name reachable servers. Each run uses its own Redis prefix and keys, so runs never meet.
 */
const run = randomUUID().slice(0, 8);
const prefix = `test-idem-${run}:`;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Store {
  name: string;
  env: Record<string, string>;
  /** The backend the gateway uses, opened beside it (a second instance, or a process that died). */
  open(dataDir: string): Promise<KeyBackend>;
}

const stores: Store[] = [
  {
    name: 'sqlite',
    env: {},
    open: async (dataDir) => new SqliteKeyBackend(join(dataDir, 'idempotency.sqlite')),
  },
];
if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  stores.push({ name: 'redis', env: { REDIS_URL: url }, open: () => redisKeyBackend(url, prefix) });
}
if (process.env.DATABASE_URL) {
  const url = process.env.DATABASE_URL;
  stores.push({ name: 'postgres', env: { DATABASE_URL: url }, open: () => PostgresKeyBackend.open(url) });
}

const TOOL = 'mcp-desk/place_order';

describe.each(stores)('idempotency keys in $name', (store) => {
  let gateway: Gateway | undefined;
  let backend: KeyBackend | undefined;
  afterEach(async () => {
    await gateway?.close();
    await backend?.close();
    gateway = undefined;
    backend = undefined;
  });
  const start = () => {
    const dataDir = mkdtempSync(join(tmpdir(), `idem-${store.name}-`));
    dirs.push(dataDir);
    return startWriteGateway({ env: store.env, redisPrefix: prefix, dataDir });
  };

  it('survive a gateway restart: the same key replays, nothing is sent', async () => {
    gateway = await start();
    const key = `restart-${run}`;
    const first = await writeCall(gateway, { key });
    expect(first.status).toBe(200);
    const { dataDir } = gateway;
    await gateway.close();
    gateway = await startWriteGateway({ env: store.env, redisPrefix: prefix, dataDir });
    const again = await writeCall(gateway, { key });
    expect(again).toMatchObject({ status: 200, replayed: true, body: first.body });
    expect(deskSends(gateway)).toBe(0);
  });

  /** A key left by a gateway that died holding it: its lease ran out a minute ago. */
  async function abandoned(dataDir: string, key: string, sent: boolean) {
    backend = await store.open(dataDir);
    const keys = new IdempotencyKeys(backend, { leaseMs: 1_000, ttlMs: 86_400_000, lookupWindowMs: 5_000 });
    const clientOrderId = clientOrderIdOf(hyperliquidCloid, { actor: 'testnet', key, tool: TOOL });
    const begun = await keys.begin(
      { actor: 'testnet', key },
      requestFingerprint(TOOL, DESK_ORDER),
      clientOrderId,
      Date.now() - 60_000,
    );
    if (begun.kind !== 'claimed') throw new Error(`could not plant ${key}: ${begun.kind}`);
    if (sent) await begun.ticket.markSent();
    return clientOrderId;
  }

  it('take over a dead holder’s sent write by looking it up, never sending it again', async () => {
    gateway = await start();
    const key = `dead-sent-${run}`;
    const clientOrderId = await abandoned(gateway.dataDir, key, true);
    // The dead gateway's order reached the venue.
    const desk = gateway.sims.get('desk')!.test;
    await fetch(`${desk.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DESK_ORDER, client_id: clientOrderId }),
    });
    const res = await writeCall(gateway, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reconciled: true, client_order_id: clientOrderId });
    expect(deskSends(gateway)).toBe(1);
    expect((await deskOrders(gateway)).count).toBe(1);
  });

  it('answer 504 WRITE_OUTCOME_UNKNOWN for a dead holder’s sent write the venue has no record of (yet: inside the lookup window)', async () => {
    gateway = await start();
    const key = `dead-lost-${run}`;
    const clientOrderId = await abandoned(gateway.dataDir, key, true);
    const res = await writeCall(gateway, { key });
    expect(res.status).toBe(504);
    expect(res.body.error?.details).toEqual({ client_order_id: clientOrderId });
    expect(deskSends(gateway)).toBe(0);
  });

  it('send a dead holder’s sent write once the venue still has no record a lookup window later, on a restarted gateway too', async () => {
    const window = { WRITE_LOOKUP_WINDOW_MS: '1000' };
    const dataDir = mkdtempSync(join(tmpdir(), `idem-${store.name}-`));
    dirs.push(dataDir);
    gateway = await startWriteGateway({ env: { ...store.env, ...window }, redisPrefix: prefix, dataDir });
    const key = `dead-never-${run}`;
    const clientOrderId = await abandoned(dataDir, key, true);
    // Taking the key over stamps when the send was over by (the holder's lease had run out): the window starts.
    const early = await writeCall(gateway, { key });
    expect(early.status).toBe(504);
    await gateway.close();
    await sleep(1_100);
    // The stamp is in the store: the restarted gateway applies the same window and sends the write, once.
    gateway = await startWriteGateway({ env: { ...store.env, ...window }, redisPrefix: prefix, dataDir });
    const res = await writeCall(gateway, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resent: true, client_order_id: clientOrderId });
    expect(deskSends(gateway)).toBe(1);
    expect((await deskOrders(gateway)).count).toBe(1);
    expect(await writeCall(gateway, { key })).toMatchObject({ status: 200, replayed: true, body: res.body });
    expect(deskSends(gateway)).toBe(1);
  });

  it('run a dead holder’s write that had not been sent', async () => {
    gateway = await start();
    const key = `dead-unsent-${run}`;
    await abandoned(gateway.dataDir, key, false);
    const res = await writeCall(gateway, { key });
    expect(res).toMatchObject({ status: 200, replayed: false });
    expect(res.body.reconciled).toBeUndefined();
    expect(deskSends(gateway)).toBe(1);
  });

  it('are shared by two gateways on one store, so a repeat to the other instance replays', async () => {
    if (store.name === 'sqlite') return; // one file per DATA_DIR: instances share it only on one machine
    gateway = await start();
    const other = await start();
    try {
      const key = `shared-${run}`;
      const first = await writeCall(gateway, { key });
      const again = await writeCall(other, { key });
      expect(again).toMatchObject({ status: 200, replayed: true, body: first.body });
      expect(deskSends(other)).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('key expiry', () => {
  it('forgets a key after 24 h: the same key is then a new write, under the same client order id', async () => {
    let clock = Date.parse('2026-11-25T10:00:00Z');
    const gateway = await startWriteGateway({ now: () => clock });
    try {
      const first = await writeCall(gateway, { key: 'daily' });
      expect(first.status).toBe(200);
      clock += 24 * 3_600_000 + 1;
      const late = await writeCall(gateway, { key: 'daily' });
      // Not replayed: the key is forgotten and the write is sent again. Its client order id is the same, so
      // a venue that keeps ids unique (the desk, Hyperliquid, IBKR) refuses it: a late retry still cannot
      // place the order twice. A new write wants a new key.
      expect(late).toMatchObject({ status: 422, replayed: false });
      expect(late.body.error?.code).toBe('ORDER_REJECTED');
      expect(deskSends(gateway)).toBe(2);
      expect((await deskOrders(gateway)).count).toBe(1);
    } finally {
      await gateway.close();
    }
  });
});
