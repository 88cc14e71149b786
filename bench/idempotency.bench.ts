import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestFingerprint } from '../apps/gateway/src/trading/idempotency-key.js';
import { IdempotencyKeys, type KeyBackend } from '../apps/gateway/src/trading/idempotency-store.js';
import { redisKeyBackend } from '../apps/gateway/src/trading/redis-key-backend.js';
import { SqliteKeyBackend } from '../apps/gateway/src/trading/sqlite-key-backend.js';
import { type Bench, fmt, stamp } from './bench.js';

/**
 * The Idempotency-Key check a write pays, as the pipeline runs it (apps/gateway/src/trading): the body's
 * fingerprint and the claim on a first call (then marking it sent and storing the answer, the two other store
 * writes of a keyed write), and the fingerprint and the lookup that answers a replay. Beside them, in the same
 * run and on the same file, a bare SQLite point lookup by primary key: the floor the store cannot beat.
 */
const BODY = { instrument_name: 'BTC-PERPETUAL', side: 'buy', amount: 10, type: 'limit', price: 64_250.5 };
const TOOL = 'mcp-optx/place_order';
const ANSWER = {
  status: 200,
  body: JSON.stringify({
    order: { order_id: 'ETH-1', state: 'open' },
    data_timestamp: '2026-11-25T00:00:00.000Z',
  }),
  dataTimestamp: '2026-11-25T00:00:00.000Z',
};

interface Timing {
  p50: number;
  p99: number;
  mean: number;
}

/** Runs `op` n times (after a warm-up), timing each, in µs. */
async function time(n: number, op: (i: number) => unknown): Promise<Timing> {
  for (let i = 0; i < Math.min(200, n); i++) await op(-1 - i);
  const samples = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await op(i);
    samples[i] = Number(process.hrtime.bigint() - start) / 1_000;
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / n;
  return { p50: sorted[Math.floor(n * 0.5)] ?? 0, p99: sorted[Math.floor(n * 0.99)] ?? 0, mean };
}

async function measure(backend: KeyBackend, bareLookup?: (id: string) => unknown) {
  const keys = new IdempotencyKeys(backend, { leaseMs: 25_000, ttlMs: 86_400_000, lookupWindowMs: 5_000 });
  const actor = 'testnet';
  const run = Math.random().toString(36).slice(2, 8);
  const now = Date.now();
  const claim = async (key: string) => {
    const begun = await keys.begin({ actor, key }, requestFingerprint(TOOL, BODY), `gw-${key}`, now);
    if (begun.kind !== 'claimed') throw new Error(`expected a claim, got ${begun.kind}`);
    return begun.ticket;
  };
  const claimOnly = await time(2_000, (i) => claim(`${run}-c${i}`));
  const firstCall = await time(2_000, async (i) => {
    const ticket = await claim(`${run}-f${i}`);
    await ticket.markSent();
    await ticket.complete(ANSWER);
  });
  const replay = await time(20_000, async (i) => {
    const begun = await keys.begin(
      { actor, key: `${run}-f${Math.abs(i) % 2_000}` },
      requestFingerprint(TOOL, BODY),
      'gw-x',
      now,
    );
    if (begun.kind !== 'replay') throw new Error(`expected a replay, got ${begun.kind}`);
  });
  const bare = bareLookup
    ? await time(20_000, (i) => bareLookup(`${actor}:${run}-f${Math.abs(i) % 2_000}`))
    : undefined;
  return { claimOnly, firstCall, replay, bare };
}

const row = (what: string, t: Timing) =>
  `| ${what} | ${fmt(t.p50, 1)} | ${fmt(t.p99, 1)} | ${fmt(t.mean, 1)} |`;

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-idem-'));
  const sqlite = new SqliteKeyBackend(join(dir, 'idempotency.sqlite'));
  const now = Date.now();
  const local = await measure(sqlite, (id) => sqlite.lookup(id, now));
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
  const lines = [
    `## Idempotency-Key check per write (${stamp()})`,
    '',
    `Machine: nproc ${availableParallelism()}, ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; the machine is shared with other jobs (p99 shows it).`,
    '',
    'In process, one caller at a time; µs per operation. SQLite: the gateway’s default store, a file in a temp',
    'directory (WAL, synchronous=FULL: every store write is on disk before the write goes on). "First call" is',
    'what a keyed write adds in all: fingerprint, claim, mark sent before the venue call, store the answer.',
    '',
    '| SQLite | p50 µs | p99 µs | mean µs |',
    '| --- | ---: | ---: | ---: |',
    row('bare point lookup by primary key (prepared SELECT)', local.bare as Timing),
    row('replay: fingerprint + lookup of a stored answer', local.replay),
    row('first call: fingerprint + claim', local.claimOnly),
    row('first call: claim + mark sent + store answer', local.firstCall),
  ];
  if (process.env.REDIS_URL) {
    const redis = await redisKeyBackend(process.env.REDIS_URL, `bench-idem-${now}:`);
    const shared = await measure(redis);
    await redis.close();
    lines.push(
      '',
      '| Redis (REDIS_URL, loopback) | p50 µs | p99 µs | mean µs |',
      '| --- | ---: | ---: | ---: |',
      row('replay: fingerprint + lookup of a stored answer', shared.replay),
      row('first call: fingerprint + claim', shared.claimOnly),
      row('first call: claim + mark sent + store answer', shared.firstCall),
    );
  }
  return lines.join('\n');
};

export default bench;
