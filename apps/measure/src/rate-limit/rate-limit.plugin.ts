import { AppError } from '@app/kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientKey } from './client-key.js';
import type { HitResult, RateLimitRule, RateLimitStore } from './rate-limit.store.js';

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

/**
 * Per-IP rate limits, checked in onRequest (before the body is read) for every route, unknown
 * routes included so URL probing is limited too. The plugin owns the store and closes it with the
 * app. `request.ip` honours X-Forwarded-For only when the app was created with trustProxy.
 *
 * Login attempts are counted when they arrive (so a burst of parallel guesses cannot all slip past a
 * budget that is only charged afterwards) per IP and, once the body names one, per username; an
 * attempt that succeeds is taken out of both logs again, so a shift of operators logging in behind
 * one station server spends nothing.
 */
const rateLimit: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  const exempt = new Set(options.exempt ?? ['/api/health']);
  const loginPath = options.loginPath ?? '/api/auth/login';
  const loginUser = options.loginUser ?? { limit: 10, windowMs: 60_000 };
  const loginHits = new WeakMap<FastifyRequest, HitResult[]>();

  async function enforce(name: LimitName, key: string, rule: RateLimitRule) {
    const result = await options.store.hit(`${name}:${key}`, rule, options.clock?.());
    if (result.allowed) return result;
    options.onRefused?.(name);
    const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    const what = name === 'general' ? 'Too many requests' : 'Too many login attempts';
    throw new AppError(429, 'RATE_LIMITED', `${what}; retry in ${seconds} s`, {
      retryable: true,
      headers: { 'retry-after': String(seconds) },
    });
  }

  const isLogin = (request: FastifyRequest) =>
    request.routeOptions.url === loginPath && request.method === 'POST';
  const remember = (request: FastifyRequest, hit: HitResult) =>
    loginHits.set(request, [...(loginHits.get(request) ?? []), hit]);

  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    const ip = clientKey(request.ip);
    if (route === undefined || !exempt.has(route)) await enforce('general', ip, options.general);
    if (isLogin(request)) remember(request, await enforce('login', ip, options.login));
  });
  app.addHook('preHandler', async (request) => {
    if (!isLogin(request)) return;
    const username = (request.body as { username?: unknown } | undefined)?.username;
    if (typeof username !== 'string') return;
    // Case-folded: a guesser must not get a fresh budget per spelling of the same name.
    remember(request, await enforce('login-user', username.toLowerCase(), loginUser));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200 && isLogin(request)) {
      await Promise.all((loginHits.get(request) ?? []).map((hit) => hit.release?.()));
    }
    return payload;
  });
  app.addHook('onClose', async () => options.store.close());
};

export const rateLimitPlugin = fp(rateLimit, { name: 'measure-rate-limit', fastify: '5.x' });
