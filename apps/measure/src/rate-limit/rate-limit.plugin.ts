import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@app/kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientKey } from './client-key.js';
import { ATTEMPT_LEASE_MS, type RateLimitRule, type RateLimitStore } from './rate-limit.store.js';

export interface RateLimitOptions {
  /** Every request per client IP, e.g. `{ limit: config.RATE_LIMIT_GENERAL, windowMs: 60_000 }`. */
  general: RateLimitRule;
  /** Login attempts per client IP that do not succeed, on top of the general budget; the spec says 5 per 60 s. */
  login: RateLimitRule;
  /** Login attempts per username that do not succeed, from any address (default 10 per 60 s). */
  loginUser?: RateLimitRule;
  store: RateLimitStore;
  /** Milliseconds since the epoch; tests inject a fake clock. Default: the store's clock. */
  clock?: () => number;
  /** Route paths outside the general limit (default `/api/health`, so probes never get 429). */
  exempt?: string[];
  /** Route path of the login endpoint (default `/api/auth/login`). */
  loginPath?: string;
  /** Told of each refusal, by the limit that refused (the metrics). */
  onRefused?: (limit: LimitName) => void;
}

export type LimitName = 'general' | 'login' | 'login-user';

/** How often an attempt that found the budget full of attempts in flight asks again. */
const BUSY_POLL_MS = 20;
/** Longest wait for a slot: past a lease every attempt in flight has been settled or counted as failed. */
const BUSY_WAIT_MS = ATTEMPT_LEASE_MS + 1_000;

/**
 * Per-IP rate limits, checked in onRequest (before the body is read) for every route, unknown
 * routes included so URL probing is limited too. The plugin owns the store and closes it with the
 * app. `request.ip` honours X-Forwarded-For only when the app was created with trustProxy.
 *
 * Login limits count failed attempts, per IP and (once the body names one) per username. An
 * attempt holds a slot while in flight, so parallel guesses can never exceed the budget; one that
 * finds every free slot held by attempts in flight waits for them (they may succeed and give their
 * slot back) instead of being refused, so a shift of operators logging in at once all get in.
 * Only failures fill the budget for good (docs/decisions.md, "The login limit counts failures").
 */
const rateLimit: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  const exempt = new Set(options.exempt ?? ['/api/health']);
  const loginPath = options.loginPath ?? '/api/auth/login';
  const loginUser = options.loginUser ?? { limit: 10, windowMs: 60_000 };
  const settles = new WeakMap<FastifyRequest, ((success: boolean) => Promise<void>)[]>();

  function refuse(name: LimitName, retryAfterMs: number): never {
    options.onRefused?.(name);
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const what = name === 'general' ? 'Too many requests' : 'Too many login attempts';
    throw new AppError(429, 'RATE_LIMITED', `${what}; retry in ${seconds} s`, {
      retryable: true,
      headers: { 'retry-after': String(seconds) },
    });
  }

  async function enforce(name: LimitName, key: string, rule: RateLimitRule) {
    const result = await options.store.hit(`${name}:${key}`, rule, options.clock?.());
    if (!result.allowed) refuse(name, result.retryAfterMs);
  }

  /** Takes a login slot for the request (settled in onSend), waiting while attempts in flight hold them all. */
  async function enterLogin(request: FastifyRequest, name: LimitName, key: string, rule: RateLimitRule) {
    const deadline = Date.now() + BUSY_WAIT_MS;
    for (;;) {
      const result = await options.store.attempt(`${name}:${key}`, rule, options.clock?.());
      if (result.outcome === 'go') {
        settles.set(request, [...(settles.get(request) ?? []), result.settle]);
        return;
      }
      if (result.outcome === 'refused') refuse(name, result.retryAfterMs);
      if (Date.now() >= deadline) refuse(name, 1_000);
      await sleep(BUSY_POLL_MS);
    }
  }

  const isLogin = (request: FastifyRequest) =>
    request.routeOptions.url === loginPath && request.method === 'POST';

  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    const ip = clientKey(request.ip);
    if (route === undefined || !exempt.has(route)) await enforce('general', ip, options.general);
    if (isLogin(request)) await enterLogin(request, 'login', ip, options.login);
  });
  app.addHook('preHandler', async (request) => {
    if (!isLogin(request)) return;
    const username = (request.body as { username?: unknown } | undefined)?.username;
    if (typeof username !== 'string') return;
    // Case-folded: a guesser must not get a fresh budget per spelling of the same name.
    await enterLogin(request, 'login-user', username.toLowerCase(), loginUser);
  });
  // Every answer but 200 counts as a failure (a 429 from the username limit too): the safe side.
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = settles.get(request);
    if (pending) {
      settles.delete(request);
      await Promise.all(pending.map((settle) => settle(reply.statusCode === 200)));
    }
    return payload;
  });
  app.addHook('onClose', async () => options.store.close());
};

export const rateLimitPlugin = fp(rateLimit, { name: 'measure-rate-limit', fastify: '5.x' });
