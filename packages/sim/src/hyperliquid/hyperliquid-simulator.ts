import type { FastifyPluginAsync } from 'fastify';
import type { Fault } from '../frame/faults.js';
import { type LimitSettings, RateLimits } from '../frame/limits.js';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { answerInfo, DeserializeError, type InfoOptions } from './hyperliquid-info.js';
import {
  exchangeWeight,
  HYPERLIQUID_LIMITS,
  infoWeight,
  itemsWeight,
  RATE_LIMIT_BODY,
} from './hyperliquid-weights.js';

/**
 * The `perpdex` upstream: Hyperliquid `POST /info`. Business answers are
 * HTTP 200 JSON; a body that does not deserialize is HTTP 422 with a plain
 * text message, as the real API answers. Every request spends weight from the
 * caller IP's budget (notes §10); over it, HTTP 429.
 */
function hyperliquidPlugin(context: SimContext, options: InfoOptions): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const { limits } = context;
  return async (app) => {
    // Every route of the venue spends from one budget per IP: /info by request type, /exchange by batch.
    app.addHook('preHandler', async (request, reply) => {
      const path = request.url.split('?')[0];
      const weight = path === '/exchange' ? exchangeWeight(request.body) : infoWeight(request.body);
      if (limits.take('ip_weight', `ip:${request.ip}`, request, weight)) return;
      return reply.code(429).type('application/json; charset=utf-8').send(RATE_LIMIT_BODY);
    });
    app.post('/info', async (request, reply) => {
      try {
        const answer = answerInfo(seed, request.body, context.now(), options);
        // Weight per items returned is known only now; the balance may go below zero for it.
        limits.charge('ip_weight', `ip:${request.ip}`, itemsWeight(request.body, answer));
        return answer;
      } catch (error) {
        if (!(error instanceof DeserializeError)) throw error;
        return reply
          .code(422)
          .type('text/plain; charset=utf-8')
          .send(`Failed to deserialize the JSON body into the target type: ${error.message}`);
      }
    });
  };
}

/**
 * The venue's own rate-limit refusal as a fault (HTTP 429, body `null`, as the weight budget answers it),
 * for tests that want the refusal without spending weight (nothing is counted as refused).
 */
export function perpdexRateLimitFault(): Fault {
  return {
    kind: 'error',
    status: 429,
    body: RATE_LIMIT_BODY,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  };
}

export interface PerpdexSimOptions extends Partial<InfoOptions> {
  /**
   * The IP weight budget (notes §10, `HYPERLIQUID_LIMITS`), on by default as on the venue: `{ enabled: false }`
   * switches it off, `rules: { ip_weight: { pool, refillPerSecond } }` tunes it.
   */
  limits?: LimitSettings;
}

/**
 * A perpdex simulator; `retainedCandles: 5000` reproduces the documented
 * history horizon of the real API (older candles are simply absent).
 */
export function createPerpdexSimulator(options: PerpdexSimOptions = {}): SimulatorDefinition {
  const info: InfoOptions = { retainedCandles: options.retainedCandles ?? null };
  // Checked here, so a wrong bucket or number fails where the definition is made.
  const limits = new RateLimits(HYPERLIQUID_LIMITS, options.limits);
  return {
    name: 'perpdex',
    plugin: (context) => hyperliquidPlugin(context, info),
    limits: { rules: limits.rules, enabled: limits.enabled },
  };
}

/** The default perpdex simulator: full candle history, so `start_date` is honoured beyond the cap (spec rule 6). */
export const perpdex: SimulatorDefinition = createPerpdexSimulator();
