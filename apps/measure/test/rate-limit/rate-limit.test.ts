import { captureLogger, type TestServer } from '@app/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimitStore, randomKeyPrefix } from '../../src/rate-limit/create-store.js';
import { call, clock, dropKeys, login, MINUTE, REDIS_URL, startApp, storeKinds } from './stub-app.js';

const prefixes: string[] = [];
afterAll(() => dropKeys(prefixes));

describe.each(storeKinds)('rate limits with the %s store', (_kind, makeStore) => {
  let servers: TestServer[] = [];
  let prefix: string;

  beforeEach(() => {
    prefix = randomKeyPrefix('measure-rl-test');
    prefixes.push(prefix);
    clock.now += 10 * MINUTE;
  });
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });
  const start = async (general?: number, trustProxy?: boolean) => {
    const server = await startApp(await makeStore(prefix), { general, trustProxy });
    servers.push(server);
    return server;
  };

  it('allows 5 failed logins per minute per IP; the 6th gets 429 with Retry-After and detail', async () => {
    const server = await start();
    for (let i = 0; i < 5; i++) expect((await login(server)).status).toBe(401);
    const refused = await login(server);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/login/i);
    expect((await login(server, '198.51.100.1')).status).toBe(401);
    expect((await call(server, '/api/ping')).status).toBe(200);
  });

  it('slides the login window: each attempt frees its slot 60 s after it was made', async () => {
    const server = await start();
    const t0 = clock.now;
    for (let i = 0; i < 5; i++) {
      clock.now = t0 + i * 10_000;
      expect((await login(server)).status).toBe(401);
    }
    clock.now = t0 + 59_500;
    const early = await login(server);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    clock.now = t0 + 60_000;
    expect((await login(server)).status).toBe(401);
    const next = await login(server);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('10');
    clock.now = t0 + 70_000;
    expect((await login(server)).status).toBe(401);
  });

  it('limits all requests per IP, unknown routes included, but never /api/health', async () => {
    const server = await start(10);
    for (let i = 0; i < 9; i++) expect((await call(server, '/api/ping')).status).toBe(200);
    expect((await call(server, '/api/nowhere')).status).toBe(404);
    const refused = await call(server, '/api/ping');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await call(server, '/api/nowhere')).status).toBe(429);
    for (let i = 0; i < 15; i++) expect((await call(server, '/api/health')).status).toBe(200);
    expect((await call(server, '/api/ping', '198.51.100.2')).status).toBe(200);
    clock.now += MINUTE;
    expect((await call(server, '/api/ping')).status).toBe(200);
  });

  it('gives one budget to a whole IPv6 /64, so rotating addresses does not reset it', async () => {
    const server = await start();
    for (let i = 1; i <= 5; i++) expect((await login(server, `2001:db8:7:7::${i}`)).status).toBe(401);
    expect((await login(server, '2001:db8:7:7:ffff::99')).status).toBe(429);
    expect((await login(server, '2001:db8:7:8::1')).status).toBe(401);
  });

  it('ignores a spoofed X-Forwarded-For unless the app trusts a proxy', async () => {
    const server = await start(20, false);
    for (let i = 1; i <= 5; i++) expect((await login(server, `198.51.100.${i}`)).status).toBe(401);
    expect((await login(server, '198.51.100.77')).status).toBe(429);
  });

  it('counts logins against the general budget too', async () => {
    const server = await start(3);
    for (let i = 0; i < 3; i++) expect((await login(server)).status).toBe(401);
    const refused = await login(server);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/too many requests/i);
  });

  it('does not count successful logins: eight users behind one address all get in, failures still count', async () => {
    const server = await start();
    for (let i = 0; i < 8; i++)
      expect((await login(server, '192.0.2.8', `op${i}`, 'right')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(server, '192.0.2.8', 'op0')).status).toBe(401);
    expect((await login(server, '192.0.2.8', 'op1', 'right')).status).toBe(429);
  });

  it('limits failed logins per username from any address (10 a minute), case-folded', async () => {
    const server = await start(1_000);
    for (let i = 1; i <= 10; i++) {
      const name = i % 2 ? 'Alice' : 'alice';
      expect((await login(server, `198.51.100.${i}`, name)).status).toBe(401);
    }
    const refused = await login(server, '198.51.100.99', 'alice', 'right');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/login attempts/);
    expect((await login(server, '198.51.100.99', 'bob', 'right')).status).toBe(200);
    clock.now += MINUTE;
    expect((await login(server, '198.51.100.99', 'alice', 'right')).status).toBe(200);
  });

  if (_kind === 'redis') {
    it('shares one budget between two instances on the same Redis', async () => {
      const [a, b] = [await start(), await start()];
      for (const server of [a, b, a, b, a]) expect((await login(server)).status).toBe(401);
      expect((await login(b)).status).toBe(429);
      expect((await login(a)).status).toBe(429);
      clock.now += MINUTE;
      expect((await login(b)).status).toBe(401);
    });

    it("uses the Redis server's clock when no clock is injected", async () => {
      const store = await makeStore(prefix);
      try {
        const rule = { limit: 2, windowMs: MINUTE };
        // Bounds from the Redis server's own clock, read around the hits: exact however long they take.
        const redis = new Redis(REDIS_URL as string);
        const serverMs = async () => {
          const [seconds, micros] = await redis.time();
          return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
        };
        const before = await serverMs();
        expect((await store.hit('login:192.0.2.1', rule)).allowed).toBe(true);
        expect((await store.hit('login:192.0.2.1', rule)).allowed).toBe(true);
        const refused = await store.hit('login:192.0.2.1', rule);
        const after = await serverMs();
        await redis.quit();
        expect(refused.allowed).toBe(false);
        // The first hit was stamped between `before` and `after` on the server's clock.
        expect(refused.retryAfterMs).toBeGreaterThanOrEqual(MINUTE - (after - before));
        expect(refused.retryAfterMs).toBeLessThanOrEqual(MINUTE);
      } finally {
        await store.close();
      }
    });
  }
});

describe('Redis unavailable', () => {
  it("falls back to this instance's memory: the 6th wrong password from one IP is 429, degradation logged", async () => {
    const { logger, lines } = captureLogger();
    const store = await createRateLimitStore({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: randomKeyPrefix(),
      logger,
    });
    const server = await startApp(store);
    try {
      for (let i = 0; i < 5; i++) expect((await login(server, '192.0.2.40')).status).toBe(401);
      const refused = await login(server, '192.0.2.40');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(store.degraded?.()).toMatch(/per instance/);
      const warnings = lines().filter((line) => line.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0]?.msg)).toMatch(/Redis\) unreachable: limits are counted per instance/);
    } finally {
      await server.close();
    }
  });
});
