import { setTimeout as sleep } from 'node:timers/promises';
import { type App, createApp } from '@app/kit';
import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { Redis } from 'ioredis';
import { createRateLimitStore } from '../../src/rate-limit/create-store.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory.store.js';
import { rateLimitPlugin } from '../../src/rate-limit/rate-limit.plugin.js';
import type { RateLimitStore } from '../../src/rate-limit/rate-limit.store.js';

/** The rate-limit plugin on a stub app: login refuses every password but "right". Shared by the rate-limit tests. */
export const REDIS_URL = process.env.REDIS_URL;
export const MINUTE = 60_000;

/** A fake clock shared by every app of a test: moving it is how windows slide, no sleeping. */
export const clock = { now: 1_700_000_000_000 };

export interface StubOptions {
  general?: number;
  trustProxy?: boolean;
  /** How long the stub login takes, so simultaneous attempts are really in flight together. */
  loginDelayMs?: number;
}

export async function startApp(store: RateLimitStore, stub: StubOptions = {}): Promise<TestServer> {
  const app: App = await createApp({
    logger: silentLogger(),
    trustProxy: stub.trustProxy ?? true,
    renderError: (error) => ({ detail: error.message }),
  });
  await app.register(rateLimitPlugin, {
    general: { limit: stub.general ?? 20, windowMs: MINUTE },
    login: { limit: 5, windowMs: MINUTE },
    store,
    clock: () => clock.now,
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/ping', async () => ({ pong: true }));
  // Refuses every password but "right", like the real route refuses wrong ones.
  app.post('/api/auth/login', async (request, reply) => {
    if (stub.loginDelayMs) await sleep(stub.loginDelayMs);
    return (request.body as { password?: string } | undefined)?.password === 'right'
      ? { api_key: 'k' }
      : reply.status(401).send({ detail: 'Invalid username or password' });
  });
  return startTestServer(app);
}

export const call = (server: TestServer, path: string, ip = '203.0.113.7', method = 'GET', body?: object) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-forwarded-for': ip, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** A login attempt; the stub refuses every password but "right" with 401. */
export const login = (server: TestServer, ip?: string, username = 'admin', password = 'wrong') =>
  call(server, '/api/auth/login', ip, 'POST', { username, password });

/** The memory store always, Redis when REDIS_URL is set; each test gets its own key prefix. */
export const storeKinds: [string, (prefix: string) => Promise<RateLimitStore>][] = [
  ['memory', async () => new MemoryRateLimitStore()],
];
if (REDIS_URL) {
  storeKinds.push([
    'redis',
    (prefix) => createRateLimitStore({ redisUrl: REDIS_URL, keyPrefix: prefix, logger: silentLogger() }),
  ]);
}

/** Deletes the Redis keys under these prefixes (call from afterAll). */
export async function dropKeys(prefixes: string[]): Promise<void> {
  if (!REDIS_URL) return;
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
}
