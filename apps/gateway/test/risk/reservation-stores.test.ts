import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MemoryReservations,
  type PendingReservation,
  type ReservationEntry,
  type ReservationHandle,
  type ReservationStore,
} from '../../src/trading/risk/reservation-store.js';
import { PostgresReservationBackend } from '../../src/trading/risk/reservation-store-postgres.js';
import { redisReservationBackend } from '../../src/trading/risk/reservation-store-redis.js';
import {
  type ReservationBackend,
  SharedReservations,
  type SharedTimings,
} from '../../src/trading/risk/reservation-store-shared.js';

/**
 * The reservation stores' protocol (docs/decisions.md, "The exposure view"): memory always; Redis and
 * PostgreSQL when REDIS_URL and DATABASE_URL are set, each as two instances on one store under this run's prefix.
 */
const run = randomUUID().slice(0, 8);
const TIMINGS: SharedTimings = { inFlightMs: 60_000, settledMs: 60_000 };

interface Kind {
  name: string;
  /** Two instances on one store (the memory store is one process: the same instance twice). */
  open(timings?: SharedTimings): Promise<[ReservationStore, ReservationStore]>;
}

const kinds: Kind[] = [
  {
    name: 'memory',
    open: async () => {
      const store = new MemoryReservations();
      return [store, store];
    },
  },
];
const shared = (kind: 'redis' | 'postgres', backend: () => Promise<ReservationBackend>) => ({
  name: kind,
  open: async (timings = TIMINGS): Promise<[ReservationStore, ReservationStore]> => {
    const fail = (what: string, error: unknown) => {
      throw new Error(`${what}: ${String(error)}`);
    };
    return [
      new SharedReservations(kind, await backend(), timings, fail),
      new SharedReservations(kind, await backend(), timings, fail),
    ];
  },
});
const { REDIS_URL, DATABASE_URL } = process.env;
if (REDIS_URL)
  kinds.push(shared('redis', () => redisReservationBackend(REDIS_URL, `test-res-${run}:`, 120_000)));
if (DATABASE_URL)
  kinds.push(shared('postgres', () => PostgresReservationBackend.open(DATABASE_URL, `test-res-${run}:`)));

const opened: ReservationStore[] = [];
afterAll(async () => {
  for (const store of new Set(opened)) await store.close();
});

const entry = (added: number, instrument = 'BTC', tag?: string): ReservationEntry => ({
  added,
  legs: [{ instrument, notional: added }],
  ...(tag ? { tag } : {}),
});

class Seen extends Error {
  constructor(readonly pending: readonly PendingReservation[]) {
    super('seen');
  }
}

/** What counts beside a snapshot marked `mark`, as `decide` is shown it (refused: nothing is recorded). */
async function pendingOn(store: ReservationStore, account: string, mark: number): Promise<number[]> {
  try {
    await store.reserve(account, mark, (pending) => {
      throw new Seen(pending);
    });
  } catch (error) {
    if (error instanceof Seen) return error.pending.map((held) => held.added).sort((a, b) => a - b);
    throw error;
  }
  throw new Error('decide did not run');
}

/** A reservation as a promise (the memory store answers, and refuses, synchronously). */
const reserve = (store: ReservationStore, ...args: Parameters<ReservationStore['reserve']>) =>
  new Promise<ReservationHandle>((resolve) => resolve(store.reserve(...args)));

/** Polls until `read` answers `expected` (settles and releases land in the background). */
async function until<T>(read: () => Promise<T>, expected: T): Promise<void> {
  for (let tries = 0; tries < 200 && JSON.stringify(await read()) !== JSON.stringify(expected); tries++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await read()).toEqual(expected);
}

/** Settles and releases go out in the background: the store's sequence moves when one has landed. */
async function moved(store: ReservationStore, account: string, from: number): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const mark = await store.mark(account);
    if (mark > from) return mark;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the store did not move');
}

describe.each(kinds)('reservations in $name', (kind) => {
  const open = async (timings?: SharedTimings) => {
    const pair = await kind.open(timings);
    opened.push(...pair);
    return pair;
  };
  const account = () => `optx:test:${randomUUID().slice(0, 8)}`;

  it('count beside a snapshot marked before they settled, on every instance; not beside a later one', async () => {
    const [a, b] = await open();
    const key = account();
    const before = await a.mark(key);
    const held = await a.reserve(key, before, () => entry(100));
    expect(await pendingOn(b, key, before)).toEqual([100]);
    held.settle();
    const after = await moved(a, key, before);
    expect(await pendingOn(b, key, before)).toEqual([100]);
    expect(await pendingOn(b, key, after)).toEqual([]);
    expect(await pendingOn(a, key, after)).toEqual([]);
  });

  it('free a released order at once for every instance', async () => {
    const [a, b] = await open();
    const key = account();
    const mark = await a.mark(key);
    const held = await a.reserve(key, mark, () => entry(40));
    await b.reserve(key, mark, () => entry(60));
    expect(await pendingOn(b, key, mark)).toEqual([40, 60]);
    held.release();
    await until(() => pendingOn(b, key, mark), [60]);
    expect(await pendingOn(a, key, mark)).toEqual([60]);
  });

  it('check and reserve atomically: of forty concurrent orders over two instances only what fits passes', async () => {
    const [a, b] = await open();
    const key = account();
    const mark = await a.mark(key);
    const fits = (pending: readonly PendingReservation[]) => {
      const total = pending.reduce((sum, held) => sum + held.added, 0);
      if (total + 10 > 100) throw new Error('cap');
      return entry(10);
    };
    const answers = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => reserve(i % 2 ? a : b, key, mark, fits)),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(10);
    expect(await pendingOn(a, key, mark)).toHaveLength(10);
  });

  it('confirm a refusal on the store: an instance whose copy is behind sees what was freed', async () => {
    const [a, b] = await open();
    const key = account();
    const mark = await a.mark(key);
    const held = await a.reserve(key, mark, () => entry(90));
    expect(await pendingOn(b, key, mark)).toEqual([90]);
    held.release();
    await until(() => pendingOn(a, key, mark), []);
    const fits = (pending: readonly PendingReservation[]) => {
      if (pending.reduce((sum, p) => sum + p.added, 0) + 50 > 100) throw new Error('cap');
      return entry(50);
    };
    await expect(reserve(b, key, mark, fits)).resolves.toBeDefined();
  });

  it.skipIf(kind.name === 'memory')(
    'forget an order never settled once its TTL ran out (a dead instance)',
    async () => {
      const [a, b] = await open({ inFlightMs: 300, settledMs: 300 });
      const key = account();
      const mark = await a.mark(key);
      await a.reserve(key, mark, () => entry(70));
      expect(await pendingOn(b, key, mark)).toEqual([70]);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await pendingOn(b, key, mark)).toEqual([]);
      expect(await pendingOn(a, key, mark)).toEqual([]);
    },
  );

  it('carry the tag to every instance', async () => {
    const [a, b] = await open();
    const key = account();
    const mark = await a.mark(key);
    await a.reserve(key, mark, () => entry(30, 'ETH', 'bot-1'));
    let tags: (string | undefined)[] = [];
    await reserve(b, key, mark, (pending) => {
      tags = pending.map((held) => held.tag);
      return entry(1);
    });
    expect(tags).toEqual(['bot-1']);
  });
});
