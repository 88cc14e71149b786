import { randomUUID } from 'node:crypto';
import type { AppError } from '@app/kit';
import { countsBeside } from '../exposure-check.js';
import type {
  PendingReservation,
  ReservationEntry,
  ReservationHandle,
  ReservationStore,
} from './reservation-store.js';
import { riskRefusal } from './risk-errors.js';

/** One reservation as changed since a version: recorded, settled, or released (no `entry`). */
export interface ReservationChange {
  id: string;
  entry?: ReservationEntry;
  settled?: number;
  /** How much longer the store keeps it. */
  ttlMs: number;
}

export interface Changes {
  /** The account's version these changes bring a copy up to. */
  version: number;
  changes: ReservationChange[];
}

/** A settle or release: the account's version before and after it. */
export interface Moved {
  before: number;
  version: number;
}

/**
 * The atomic operations of a shared store (Redis, PostgreSQL). Every change bumps the account's version, which
 * only grows (never reused, even if the store forgets the account), and a settle records the version it made.
 * Entries expire on the store's clock without a bump: every copy drops them on its own clock, later.
 */
export interface ReservationBackend {
  version(account: string): Promise<number>;
  /** Records the entry when the account is still at `expected`; else the changes since `expected`. */
  add(
    account: string,
    expected: number,
    id: string,
    entry: ReservationEntry,
    ttlMs: number,
  ): Promise<{ version: number } | { conflict: Changes }>;
  /** The account's version and what changed after `since`. */
  changes(account: string, since: number): Promise<Changes>;
  /** Marks it settled at the new version (recording it again if it expired meanwhile). */
  settle(account: string, id: string, entry: ReservationEntry, ttlMs: number): Promise<Moved>;
  /** Forgets it, leaving a change that tells other copies so. */
  release(account: string, id: string, ttlMs: number): Promise<Moved>;
  close(): Promise<void>;
}

export interface SharedTimings {
  /** How long an unsettled reservation lives: past the longest write call, so a dead instance's ones go. */
  inFlightMs: number;
  /** How long a settled one (or a release's record) lives: past the oldest snapshot any instance may use. */
  settledMs: number;
}

interface Cached {
  entry: PendingReservation;
  /** performance.now() after which the store surely forgot it. */
  expiresAt: number;
}

/** This instance's copy of one account's reservations, exact at `version` (−1: unknown). */
interface Copy {
  version: number;
  entries: Map<string, Cached>;
  /** This instance's reservations on the account, one at a time: they would only conflict with each other. */
  queue: Promise<unknown>;
}

/** Conflicts with other instances before an order gives up (each is one round trip carrying their changes). */
const TRIES = 50;

export const exposureStoreUnavailable = (cause: unknown): AppError =>
  riskRefusal(
    'EXPOSURE_STORE_UNAVAILABLE',
    'The exposure store cannot be reached; nothing was sent',
    { risk_check: 'exposure_store' },
    undefined,
    cause,
  );

/**
 * Reservations shared by every instance through a backend, checked optimistically: `decide` runs on this
 * instance's copy of the account, and the reservation is recorded only if no instance changed the account
 * since that copy's version; otherwise the copy catches up on the changes the refusal carried and `decide`
 * runs again. One round trip per order while this instance alone writes the account.
 */
export class SharedReservations implements ReservationStore {
  readonly #accounts = new Map<string, Copy>();
  readonly #underway = new Set<Promise<void>>();

  constructor(
    readonly kind: 'redis' | 'postgres',
    private readonly backend: ReservationBackend,
    private readonly timings: SharedTimings,
    private readonly onError: (what: string, error: unknown) => void,
  ) {}

  mark(account: string): Promise<number> {
    return this.#store(() => this.backend.version(account));
  }

  reserve(
    account: string,
    mark: number,
    decide: (pending: readonly PendingReservation[]) => ReservationEntry,
  ): Promise<ReservationHandle> {
    let copy = this.#accounts.get(account);
    if (!copy) {
      copy = { version: -1, entries: new Map(), queue: Promise.resolve() };
      this.#accounts.set(account, copy);
    }
    const own = copy;
    const run = own.queue.then(() => this.#reserve(account, own, mark, decide));
    own.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.#underway]);
    await this.backend.close();
  }

  async #reserve(
    account: string,
    copy: Copy,
    mark: number,
    decide: (pending: readonly PendingReservation[]) => ReservationEntry,
  ): Promise<ReservationHandle> {
    for (let tries = 0; tries < TRIES; tries++) {
      const now = performance.now();
      const pending: PendingReservation[] = [];
      for (const [id, cached] of copy.entries)
        if (cached.expiresAt <= now) copy.entries.delete(id);
        else if (countsBeside(cached.entry, mark)) pending.push(cached.entry);
      let entry: ReservationEntry;
      try {
        entry = decide(pending);
      } catch (error) {
        // A refusal stands only on the store's state: a copy behind it may still hold what was freed.
        const changes = await this.#store(() => this.backend.changes(account, copy.version));
        if (changes.version === copy.version) throw error;
        catchUp(copy, changes);
        continue;
      }
      const id = randomUUID();
      const expected = copy.version;
      const added = await this.#store(() =>
        this.backend.add(account, expected, id, entry, this.timings.inFlightMs),
      );
      if ('version' in added) {
        // Nothing else moves the copy while this waits (settles apply only from the version they started at).
        copy.version = copy.version === expected ? added.version : -1;
        copy.entries.set(id, {
          entry: { ...entry, id },
          expiresAt: performance.now() + this.timings.inFlightMs,
        });
        return this.#handle(account, copy, id, entry);
      }
      catchUp(copy, added.conflict);
    }
    throw riskRefusal(
      'EXPOSURE_STORE_BUSY',
      'Too many instances changed this account at once; nothing was sent',
      {
        risk_check: 'exposure_store',
      },
    );
  }

  /** A store operation an order waits for: its failure refuses the order (nothing was sent). */
  async #store<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw exposureStoreUnavailable(error);
    }
  }

  /** Settle and release go out in the background; the copy follows when nothing else moved it meanwhile. */
  #handle(account: string, copy: Copy, id: string, entry: ReservationEntry): ReservationHandle {
    let done = false;
    const after = (what: string, work: () => Promise<Moved>, apply: (version: number) => void) => {
      if (done) return;
      done = true;
      const underway: Promise<void> = work()
        .then(
          ({ before, version }) => {
            if (copy.version !== before) return;
            copy.version = version;
            apply(version);
          },
          // It stays counted until its TTL: more than it should, never less.
          (error: unknown) => this.onError(what, error),
        )
        .finally(() => this.#underway.delete(underway));
      this.#underway.add(underway);
    };
    const { settledMs } = this.timings;
    return {
      release: () =>
        after(
          'release',
          () => this.backend.release(account, id, settledMs),
          () => copy.entries.delete(id),
        ),
      settle: () =>
        after(
          'settle',
          () => this.backend.settle(account, id, entry, settledMs),
          (version) =>
            copy.entries.set(id, {
              entry: { ...entry, id, settled: version },
              expiresAt: performance.now() + settledMs,
            }),
        ),
    };
  }
}

/** The copy brought to the store's version. A version that went back means the store lost data: start over. */
function catchUp(copy: Copy, { version, changes }: Changes): void {
  const now = performance.now();
  for (const { id, entry, settled, ttlMs } of changes) {
    if (!entry) copy.entries.delete(id);
    else
      copy.entries.set(id, {
        entry: { ...entry, id, ...(settled === undefined ? {} : { settled }) },
        expiresAt: now + ttlMs,
      });
  }
  copy.version = version < copy.version ? -1 : version;
}
