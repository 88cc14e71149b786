import { isAppError } from '@app/kit';
import { sleep } from './backoff.js';
import type { CacheObserver } from './upstream-metrics.js';

/**
 * One cache per upstream and environment, declared next to the client call it caches (a venue client
 * passes a key and a policy with the request). Fresh entries answer without an upstream call; concurrent
 * misses of one key make one call (single-flight, across instances too when Redis holds the entries);
 * when the upstream fails, an expired entry still inside its stale window answers, marked stale. The
 * time a value was obtained upstream travels with it, so `data_timestamp` tells its age.
 */

export interface CachePolicy {
  /** How long after it was fetched an entry answers as fresh. */
  ttlMs: number;
  /** How long after that it may still answer, marked stale, while the upstream fails. Default 0. */
  staleIfErrorMs?: number;
}

export interface Cached<T> {
  value: T;
  /** When the value was obtained upstream (the gateway's clock): `data_timestamp`. */
  obtainedAt: number;
  /** True when the upstream failed and an expired entry answered instead. */
  stale: boolean;
}

/** A cache entry as stored, locally or in Redis. */
export interface CacheEntry<T = unknown> {
  value: T;
  obtainedAt: number;
  /** Real-time epoch ms until which it is fresh, and until which it may answer as stale. */
  freshUntil: number;
  staleUntil: number;
}

/** The shared level under the local one (redis-state.ts): entries and a lock per key. */
export interface RemoteCache {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry, ttlMs: number): Promise<void>;
  /** True when this caller holds the key's load lock for `ms` (or the store is unreachable). */
  lock(key: string, ms: number): Promise<boolean>;
  unlock(key: string): Promise<void>;
}

export interface CacheOptions {
  /** `<upstream>:<environment>`; keys are scoped under it. */
  scope: string;
  maxEntries: number;
  remote?: RemoteCache;
  /** Real time for expiry, not the gateway's injectable clock (a pinned test clock must not freeze it). */
  clock?: () => number;
  /** How long a miss waits for another instance's load before loading itself. */
  lockMs?: number;
  metrics?: CacheObserver;
}

/** Upstream failures an old answer can stand in for; a caller's mistake (4xx other than 429) cannot. */
const servedStale = (error: unknown) => !isAppError(error) || error.status >= 500 || error.status === 429;

export class UpstreamCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #flights = new Map<string, Promise<Cached<unknown>>>();
  readonly #options: Required<Omit<CacheOptions, 'remote' | 'metrics'>> &
    Pick<CacheOptions, 'remote' | 'metrics'>;

  constructor(options: CacheOptions) {
    // `Date.now()` looked up at each call rather than held: a test that fakes Date moves the default clock too.
    this.#options = { clock: () => Date.now(), lockMs: 5_000, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Forgets this instance's entries (not the shared ones): a test's fresh start. */
  clear(): void {
    this.#entries.clear();
  }

  /**
   * The key's fresh local entry, counted as a hit, or undefined (counted as nothing): for a caller that
   * assembles one answer from many entries and sends only the ones missing through `get`, without a
   * promise per entry that is there.
   */
  fresh<T>(key: string): Cached<T> | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || this.#options.clock() >= entry.freshUntil) return undefined;
    this.#options.metrics?.hit();
    return { value: entry.value as T, obtainedAt: entry.obtainedAt, stale: false };
  }

  get<T>(
    key: string,
    policy: CachePolicy,
    load: () => Promise<{ value: T; obtainedAt: number }>,
  ): Promise<Cached<T>> {
    const hit = this.fresh<T>(key);
    if (hit) return Promise.resolve(hit);
    const entry = this.#entries.get(key);
    this.#options.metrics?.miss();
    const joined = this.#flights.get(key);
    if (joined) return joined as Promise<Cached<T>>;
    const flight = this.#refresh(key, policy, load, entry as CacheEntry<T> | undefined);
    this.#flights.set(key, flight);
    const done = () => this.#flights.delete(key);
    flight.then(done, done);
    return flight;
  }

  async #refresh<T>(
    key: string,
    policy: CachePolicy,
    load: () => Promise<{ value: T; obtainedAt: number }>,
    local: CacheEntry<T> | undefined,
  ): Promise<Cached<T>> {
    const { remote, scope, lockMs } = this.#options;
    const remoteKey = `${scope}:${key}`;
    let older = local;
    let locked = false;
    try {
      if (remote) {
        const shared = await this.#remoteEntry<T>(remoteKey);
        if (shared && this.#fresh(shared)) return this.#keep(key, shared);
        older = newest(older, shared);
        locked = await remote.lock(remoteKey, lockMs);
        if (!locked) {
          const loaded = await this.#awaitOtherLoad<T>(remoteKey, lockMs);
          if (loaded) return this.#keep(key, loaded);
        }
      }
      const { value, obtainedAt } = await load();
      const now = this.#options.clock();
      const entry: CacheEntry<T> = {
        value,
        obtainedAt,
        freshUntil: now + policy.ttlMs,
        staleUntil: now + policy.ttlMs + (policy.staleIfErrorMs ?? 0),
      };
      if (remote) await remote.set(remoteKey, entry, entry.staleUntil - now).catch(() => undefined);
      return this.#keep(key, entry);
    } catch (error) {
      if (older && this.#options.clock() < older.staleUntil && servedStale(error)) {
        this.#options.metrics?.stale();
        return { value: older.value, obtainedAt: older.obtainedAt, stale: true };
      }
      throw error;
    } finally {
      if (locked) await remote?.unlock(remoteKey).catch(() => undefined);
    }
  }

  /** Another instance holds the lock: its entry is taken when it lands, else this one loads after all. */
  async #awaitOtherLoad<T>(remoteKey: string, lockMs: number): Promise<CacheEntry<T> | undefined> {
    const until = this.#options.clock() + lockMs;
    while (this.#options.clock() < until) {
      await sleep(20);
      const shared = await this.#remoteEntry<T>(remoteKey);
      if (shared && this.#fresh(shared)) return shared;
      if (await this.#options.remote!.lock(remoteKey, lockMs)) {
        await this.#options.remote!.unlock(remoteKey);
        return undefined;
      }
    }
    return undefined;
  }

  #remoteEntry<T>(remoteKey: string): Promise<CacheEntry<T> | undefined> {
    return this.#options.remote!.get(remoteKey).then(
      (entry) => entry as CacheEntry<T> | undefined,
      () => undefined,
    );
  }

  #fresh(entry: CacheEntry): boolean {
    return this.#options.clock() < entry.freshUntil;
  }

  /**
   * Keeps the entry locally; past `maxEntries` the least recently stored goes (a hit does not reorder: it
   * stays one map lookup).
   */
  #keep<T>(key: string, entry: CacheEntry<T>): Cached<T> {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#options.maxEntries)
      this.#entries.delete(this.#entries.keys().next().value as string);
    return { value: entry.value, obtainedAt: entry.obtainedAt, stale: false };
  }
}

function newest<T>(a: CacheEntry<T> | undefined, b: CacheEntry<T> | undefined): CacheEntry<T> | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.obtainedAt > a.obtainedAt ? b : a;
}
