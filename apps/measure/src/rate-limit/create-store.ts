import { randomBytes } from 'node:crypto';
import type { Logger } from '@app/kit';
import { MemoryRateLimitStore } from './memory.store.js';
import type { RateLimitStore } from './rate-limit.store.js';
import { RedisRateLimitStore } from './redis.store.js';

export interface RateLimitStoreOptions {
  /** REDIS_URL: set → Redis shared by every instance; unset → this process's memory. */
  redisUrl?: string;
  /** Default `measure:rl:`; tests pass a random one (see randomKeyPrefix). */
  keyPrefix?: string;
  logger: Logger;
}

/**
 * The store the run contract asks for. A Redis that is down at start does not stop the service:
 * the store counts in this instance's memory meanwhile (with a warning) and ioredis keeps
 * reconnecting in the background.
 */
export async function createRateLimitStore(options: RateLimitStoreOptions): Promise<RateLimitStore> {
  if (!options.redisUrl) return new MemoryRateLimitStore();
  // Loaded only when configured: ioredis is some 20 MiB resident that a single instance does not need.
  const { Redis } = await import('ioredis');
  const client = new Redis(options.redisUrl, {
    lazyConnect: true,
    // Fail fast instead of queueing requests behind a dead connection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  const store = new RedisRateLimitStore({
    client,
    keyPrefix: options.keyPrefix ?? 'measure:rl:',
    logger: options.logger,
  });
  client.on('error', (error) => store.warn(error));
  await client.connect().catch((error) => store.warn(error));
  return store;
}

/** A prefix no other test or instance uses, for isolated Redis keys. */
export const randomKeyPrefix = (label = 'test'): string => `${label}:${randomBytes(6).toString('hex')}:`;
