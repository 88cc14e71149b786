import { AppError } from '@app/kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientKey } from './client-key.js';
import type { RateLimitRule, RateLimitStore } from './rate-limit.store.js';

export interface RateLimitOptions {
  /** Every request per client IP, e.g. `{ limit: config.RATE_LIMIT_GENERAL, windowMs: 60_000 }`. */
  general: RateLimitRule;
  /** `POST /api/auth/login` per client IP, on top of the general budget; the spec says 5 per 60 s. */
  login: RateLimitRule;
  store: RateLimitStore;
  /** Milliseconds since the epoch; tests inject a fake clock. Default: the store's clock. */
  clock?: () => number;
  /** Route paths outside the general limit (default `/api/health`, so probes never get 429). */
  exempt?: string[];
  /** Route path of the login endpoint (default `/api/auth/login`). */
  loginPath?: string;
}

/**
 * Per-IP rate limits, checked in onRequest (before the body is read) for every route, unknown
 * routes included so URL probing is limited too. The plugin owns the store and closes it with the
 * app. `request.ip` honours X-Forwarded-For only when the app was created with trustProxy.
 */
const rateLimit: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  const exempt = new Set(options.exempt ?? ['/api/health']);
  const loginPath = options.loginPath ?? '/api/auth/login';

  async function enforce(request: FastifyRequest, name: 'general' | 'login', rule: RateLimitRule) {
    const result = await options.store.hit(`${name}:${clientKey(request.ip)}`, rule, options.clock?.());
    if (result.allowed) return;
    const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    const what = name === 'login' ? 'Too many login attempts' : 'Too many requests';
    throw new AppError(429, 'RATE_LIMITED', `${what}; retry in ${seconds} s`, {
      retryable: true,
      headers: { 'retry-after': String(seconds) },
    });
  }

  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !exempt.has(route)) await enforce(request, 'general', options.general);
    if (route === loginPath && request.method === 'POST') await enforce(request, 'login', options.login);
  });
  app.addHook('onClose', async () => options.store.close());
};

export const rateLimitPlugin = fp(rateLimit, { name: 'measure-rate-limit', fastify: '5.x' });
