import type { Redis } from 'ioredis';

/**
 * A Redis connection for the write path's shared state (idempotency keys, the risk store): no offline queue
 * and one retry, so a write that needs Redis while it is down fails at once (503) instead of waiting; the
 * client reconnects in the background. ioredis is loaded only here, when REDIS_URL asks for it.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  // Errors reach the write that needed the store; a listener keeps ioredis from printing each reconnect.
  client.on('error', () => undefined);
  await client.connect().catch(() => undefined);
  return client;
}
