import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { captureLogger, type TestServer } from '@app/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimitStore, randomKeyPrefix } from '../../src/rate-limit/create-store.js';
import { clock, dropKeys, login, MINUTE, REDIS_URL, startApp, storeKinds } from './stub-app.js';

/** Issue 46: the login limit counts failures, whatever arrives at once, and survives Redis dying mid-window. */
const prefixes: string[] = [];
afterAll(() => dropKeys(prefixes));

const statuses = async (replies: Promise<Response>[]) => (await Promise.all(replies)).map((r) => r.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;
const shift = (server: TestServer, ip: string) =>
  Array.from({ length: 8 }, (_, i) => login(server, ip, `op${i}`, 'right'));

describe.each(storeKinds)('login attempts with the %s store', (_kind, makeStore) => {
  let server: TestServer;
  beforeEach(async () => {
    const prefix = randomKeyPrefix('measure-login-test');
    prefixes.push(prefix);
    clock.now += 10 * MINUTE;
    // Each login takes 200 ms, so the simultaneous ones are really in flight together.
    server = await startApp(await makeStore(prefix), { general: 1_000, loginDelayMs: 200 });
  });
  afterEach(() => server.close());

  it('lets 8 simultaneous valid logins from one address all in, and spends nothing on them', async () => {
    expect(await statuses(shift(server, '192.0.2.10'))).toEqual(Array(8).fill(200));
    for (let i = 0; i < 5; i++) expect((await login(server, '192.0.2.10')).status).toBe(401);
    expect((await login(server, '192.0.2.10', 'op1', 'right')).status).toBe(429);
  });

  it('lets 8 simultaneous valid logins in after two typos; the typos still count', async () => {
    for (let i = 0; i < 2; i++) expect((await login(server, '192.0.2.11')).status).toBe(401);
    expect(await statuses(shift(server, '192.0.2.11'))).toEqual(Array(8).fill(200));
    for (let i = 0; i < 3; i++) expect((await login(server, '192.0.2.11')).status).toBe(401);
    expect((await login(server, '192.0.2.11')).status).toBe(429);
  });

  it('refuses concurrent wrong guesses beyond the limit: 20 at once get 5 answers and 15 times 429', async () => {
    const replies = await statuses(Array.from({ length: 20 }, () => login(server, '192.0.2.12')));
    expect([count(replies, 401), count(replies, 429)]).toEqual([5, 15]);
    expect((await login(server, '192.0.2.12', 'op1', 'right')).status).toBe(429);
  });

  it('gives guesses mixed into a shift change no more than the limit', async () => {
    const guesses = Array.from({ length: 12 }, () => login(server, '192.0.2.13'));
    const [valid, wrong] = await Promise.all([statuses(shift(server, '192.0.2.13')), statuses(guesses)]);
    expect(count(wrong, 401)).toBe(5);
    expect(count(wrong, 429)).toBe(7);
    // Operators that came after the fifth failure are refused too: the budget is spent.
    expect(count(valid, 200) + count(valid, 429)).toBe(8);
  });
});

/** A TCP proxy in front of the real Redis: closing it is Redis dying, without touching the shared server. */
async function redisProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const upstream = connect(Number(port || 6379), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => (socket === client ? upstream : client).destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    kill: () => {
      proxy.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe.runIf(REDIS_URL)('Redis dying mid-window', () => {
  it('keeps counting the failures Redis had: after 3 counted, only 2 more are allowed', async () => {
    const proxy = await redisProxy(REDIS_URL as string);
    const prefix = randomKeyPrefix('measure-login-test');
    prefixes.push(prefix);
    const { logger } = captureLogger();
    const store = await createRateLimitStore({ redisUrl: proxy.url, keyPrefix: prefix, logger });
    const server = await startApp(store);
    try {
      clock.now += 10 * MINUTE;
      for (let i = 0; i < 3; i++) expect((await login(server, '192.0.2.20')).status).toBe(401);
      expect(store.degraded?.()).toBeUndefined();
      proxy.kill();
      const after = [];
      for (let i = 0; i < 5; i++) after.push((await login(server, '192.0.2.20')).status);
      expect(after).toEqual([401, 401, 429, 429, 429]);
      expect(store.degraded?.()).toMatch(/per instance/);
    } finally {
      await server.close();
    }
  });

  it('counts a failure settled after Redis died, and one another instance counted in Redis', async () => {
    const proxy = await redisProxy(REDIS_URL as string);
    const prefix = randomKeyPrefix('measure-login-test');
    prefixes.push(prefix);
    const { logger } = captureLogger();
    const dying = await startApp(
      await createRateLimitStore({ redisUrl: proxy.url, keyPrefix: prefix, logger }),
      {
        loginDelayMs: 200,
      },
    );
    const other = await startApp(
      await createRateLimitStore({ redisUrl: REDIS_URL, keyPrefix: prefix, logger }),
    );
    try {
      clock.now += 10 * MINUTE;
      for (let i = 0; i < 2; i++) expect((await login(other, '192.0.2.21')).status).toBe(401);
      // The dying instance's first attempt reads the two failures from Redis; Redis dies while it is in flight.
      const inFlight = login(dying, '192.0.2.21');
      const redis = new Redis(REDIS_URL as string);
      while (!(await redis.exists(`${prefix}login:192.0.2.21:pending`))) await sleep(5);
      await redis.quit();
      proxy.kill();
      expect((await inFlight).status).toBe(401);
      const after = [];
      for (let i = 0; i < 4; i++) after.push((await login(dying, '192.0.2.21')).status);
      expect(after).toEqual([401, 401, 429, 429]);
    } finally {
      await Promise.all([dying.close(), other.close()]);
    }
  });
});
