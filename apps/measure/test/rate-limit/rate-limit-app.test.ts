import { captureLogger, silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, LOGIN_RATE_LIMIT } from '../../src/app.js';
import { openDatabase } from '../../src/db/database.js';
import { createRateLimitStore, randomKeyPrefix } from '../../src/rate-limit/create-store.js';
import { ADMIN_PASSWORD, type Harness, startMeasure } from '../helpers/harness.js';

const REDIS_URL = process.env.REDIS_URL;

const login = (url: string, password = 'wrong-password') =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });

/** The real service with the limits its config gives (no test override). */
describe('rate limits of the measurement service', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('refuses the 6th login after 5 wrong passwords in a minute with 429 and Retry-After, other calls still pass', async () => {
    const h: Harness = await startMeasure('sqlite', {}, {});
    cleanups.push(() => h.close());
    // the harness's own (successful) login spent nothing
    for (let i = 0; i < 5; i++) expect((await login(h.url)).status).toBe(401);
    const refused = await login(h.url, ADMIN_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/login/i);
    expect((await h.call('GET', '/api/auth/me', { key: h.adminKey })).status).toBe(200);
  });

  it('lets eight users log in from one address at the same moment (a shift change at one station)', async () => {
    const h = await startMeasure('sqlite', {}, {});
    cleanups.push(() => h.close());
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await h.user(['MeasurementTec']));
    // Two typos first: the eight simultaneous logins must still all get in (issue 46).
    for (let i = 0; i < 2; i++) expect((await login(h.url)).status).toBe(401);
    const replies = await Promise.all(
      users.map(({ username }) =>
        h.call('POST', '/api/auth/login', { body: { username, password: 'password-123' } }),
      ),
    );
    expect(replies.map((res) => res.status)).toEqual(Array(8).fill(200));
    for (let i = 0; i < 3; i++) expect((await login(h.url)).status).toBe(401);
    expect((await login(h.url)).status).toBe(429);
  });

  it('lets eight users log in from one address within a minute, one after another', async () => {
    const h = await startMeasure('sqlite', {}, {});
    cleanups.push(() => h.close());
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await h.user(['MeasurementTec']));
    for (const { username } of users) {
      const res = await h.call('POST', '/api/auth/login', { body: { username, password: 'password-123' } });
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < 5; i++) expect((await login(h.url)).status).toBe(401);
    expect((await login(h.url)).status).toBe(429);
  });

  it('keeps the login limit with Redis unreachable, counting per instance, and health says so', async () => {
    const { logger, lines } = captureLogger('measure');
    const h = await startMeasure('sqlite', { REDIS_URL: 'redis://127.0.0.1:1' }, {});
    cleanups.push(() => h.close());
    const second = await startTestServer(
      await buildApp({
        config: h.config,
        logger,
        database: openDatabase({ dataDir: h.config.DATA_DIR }),
        webRoot: null,
      }),
    );
    cleanups.push(() => second.close());
    for (let i = 0; i < 5; i++) expect((await login(second.url)).status).toBe(401);
    expect((await login(second.url)).status).toBe(429);
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'degraded', service: 'measure', version: '0.1.0' });
    expect(String(health.degraded)).toMatch(/Redis\) unreachable/);
    expect(
      lines().some((line) => line.level === 'warn' && /Redis\) unreachable/.test(String(line.msg))),
    ).toBe(true);
  });

  it('applies RATE_LIMIT_GENERAL per minute to every route but /api/health', async () => {
    const h = await startMeasure('sqlite', { RATE_LIMIT_GENERAL: '10' }, {});
    cleanups.push(() => h.close());
    // login (1) is counted too
    for (let i = 0; i < 9; i++)
      expect((await h.call('GET', '/api/recipes', { key: h.adminKey })).status).toBe(200);
    const refused = await h.call('GET', '/api/recipes', { key: h.adminKey });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await h.call('GET', '/api/health')).status).toBe(200);
  });

  // Only where Redis is configured (CI): without it there is nothing shared to test.
  if (REDIS_URL)
    it('shares one login budget between two instances through Redis', async () => {
      const keyPrefix = randomKeyPrefix('measure-app-rl');
      const store = () => createRateLimitStore({ redisUrl: REDIS_URL, keyPrefix, logger: silentLogger() });
      const h = await startMeasure('sqlite', {}, { rateLimits: { store: await store() } });
      cleanups.push(() => h.close());
      const database = openDatabase({ dataDir: h.config.DATA_DIR });
      const second: TestServer = await startTestServer(
        await buildApp({
          config: h.config,
          logger: silentLogger(),
          database,
          rateLimits: { store: await store() },
        }),
      );
      cleanups.push(() => second.close());
      cleanups.push(async () => {
        const redis = new Redis(REDIS_URL as string);
        const keys = await redis.keys(`${keyPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      });
      // The harness's successful login spent nothing; 5 failures alternating between instances spend the budget
      for (let i = 0; i < 5; i++) expect((await login(i % 2 ? h.url : second.url)).status).toBe(401);
      expect(LOGIN_RATE_LIMIT.limit).toBe(5);
      expect((await login(second.url)).status).toBe(429);
      expect((await login(h.url)).status).toBe(429);
    });
});
