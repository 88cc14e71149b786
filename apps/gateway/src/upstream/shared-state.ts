import type { Logger } from '@app/kit';
import type { Redis } from 'ioredis';
import { type BucketStore, MemoryBucketStore } from './bucket-store.js';
import type { PoolSpec } from './budget.js';
import type { CacheEntry, RemoteCache } from './upstream-cache.js';

/**
 * Where budgets and caches live: this process (no REDIS_URL), or Redis, so every instance spends one budget
 * and one cache miss makes one upstream call. When Redis cannot be reached a budget falls back to this
 * instance's own buckets (still limited, never unlimited) and a cache to its local entries, with a warning.
 */
export interface SharedState {
  readonly buckets: BucketStore;
  readonly remoteCache: RemoteCache | undefined;
  close(): Promise<void>;
}

export function localState(): SharedState {
  return { buckets: new MemoryBucketStore(), remoteCache: undefined, close: async () => undefined };
}

/**
 * The reservation rule of bucket-store.ts `reserveUnits`, atomically in Redis on Redis's own clock (so
 * instances with skewed clocks agree). Returns {granted (1/0), wait in ms}.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local capacity, perMs, cost, floor, maxWait = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'level', 'at')
local level = capacity
if state[1] then level = math.min(capacity, tonumber(state[1]) + math.max(0, now - tonumber(state[2])) * perMs) end
local drain = tonumber(ARGV[6])
if drain >= 0 then level = math.min(level, -perMs * drain) end
local after = level - cost
local wait = 0
if after < floor then wait = (floor - after) / perMs end
local granted = 1
if wait > maxWait then granted = 0 else level = after end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - level) / perMs) + 1000)
return {granted, math.ceil(wait)}
`;

type ReserveCommand = (key: string, ...args: (string | number)[]) => Promise<[number, number]>;

class RedisBucketStore implements BucketStore {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly fallback: BucketStore,
    private readonly warn: (error: unknown) => void,
  ) {}

  async reserve(key: string, pool: PoolSpec, cost: number, floor: number, maxWaitMs: number) {
    try {
      const [granted, waitMs] = await this.#run(key, pool, cost, floor, maxWaitMs, -1);
      return granted === 1 ? { waitMs } : { retryAfterMs: waitMs };
    } catch (error) {
      this.warn(error);
      return this.fallback.reserve(key, pool, cost, floor, maxWaitMs);
    }
  }

  async drain(key: string, pool: PoolSpec, ms: number): Promise<void> {
    await this.fallback.drain(key, pool, ms);
    await this.#run(key, pool, 0, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ms).catch(this.warn);
  }

  #run(key: string, pool: PoolSpec, cost: number, floor: number, maxWait: number, drainMs: number) {
    const reserve = (this.client as unknown as { gatewayReserve: ReserveCommand }).gatewayReserve;
    return reserve.call(
      this.client,
      `${this.prefix}budget:${key}`,
      pool.capacity,
      pool.refillPerSecond / 1000,
      cost,
      floor,
      maxWait,
      drainMs,
    );
  }
}

class RedisRemoteCache implements RemoteCache {
  readonly #token = `${process.pid}:${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<CacheEntry | undefined> {
    const text = await this.client.get(`${this.prefix}cache:${key}`);
    return text === null ? undefined : (JSON.parse(text) as CacheEntry);
  }

  async set(key: string, entry: CacheEntry, ttlMs: number): Promise<void> {
    await this.client.set(`${this.prefix}cache:${key}`, JSON.stringify(entry), 'PX', Math.max(1, ttlMs));
  }

  async lock(key: string, ms: number): Promise<boolean> {
    try {
      return (await this.client.set(`${this.prefix}lock:${key}`, this.#token, 'PX', ms, 'NX')) === 'OK';
    } catch {
      return true;
    }
  }

  async unlock(key: string): Promise<void> {
    await this.client.del(`${this.prefix}lock:${key}`);
  }
}

/** Connects to REDIS_URL (loaded only then: ioredis is some 20 MiB resident a lone instance does not need). */
export async function redisState(options: {
  url: string;
  prefix: string;
  logger: Logger;
}): Promise<SharedState> {
  const { Redis } = await import('ioredis');
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  client.defineCommand('gatewayReserve', { numberOfKeys: 1, lua: RESERVE });
  let warnedAt = 0;
  const warn = (error: unknown) => {
    // At most one warning a minute: a Redis outage must not flood the log.
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    options.logger.warn(
      { err: error },
      'Redis unreachable: budgets and caches fall back to this instance until it is back',
    );
  };
  client.on('error', warn);
  await client.connect().catch(warn);
  return {
    buckets: new RedisBucketStore(client, options.prefix, new MemoryBucketStore(), warn),
    remoteCache: new RedisRemoteCache(client, options.prefix),
    close: async () => {
      client.disconnect();
    },
  };
}
