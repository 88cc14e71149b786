import type { FastifyPluginAsync } from 'fastify';
import type { Fault } from '../frame/faults.js';
import { type LimitSettings, RateLimits } from '../frame/limits.js';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimEnvironment, SimulatorDefinition } from '../simulator.js';
import { optxCredentials } from './deribit-auth.js';
import { creditBucket, creditCaller, DERIBIT_LIMITS } from './deribit-credits.js';
import { optxExchange } from './deribit-exchange.js';
import { publicMethods } from './deribit-public.js';
import { envelope, methodNotFound, type Query, RpcError } from './deribit-rpc.js';
import { optxTrading } from './deribit-trading.js';

/**
 * The `optx` upstream: Deribit API v2 public methods over HTTP GET at
 * `/api/v2/public/<method>`. The test instance answers `testnet: true` and
 * quotes its own market (a different seed stream), as the real test
 * environment does.
 */

export interface OptxSimOptions {
  /**
   * The credit model (notes §1.6, `DERIBIT_LIMITS`), on by default as on the venue: `{ enabled: false }`
   * switches it off, `rules` tunes buckets (`non_matching_engine`, `get_instruments`, `matching_engine`).
   */
  limits?: LimitSettings;
}

/**
 * Exhausted credits: `10028 too_many_requests`. The HTTP status is unverified
 * upstream (400 or 429); the simulator answers 429 so retrying layers see it.
 */
const tooManyRequests = () => new RpcError(10028, 'too_many_requests', undefined, 429);

/**
 * The venue's own rate-limit refusal as a fault (HTTP 429 and the 10028 envelope, as the credit model
 * answers it), for tests that want the refusal without spending credits (nothing is counted as refused).
 */
export function optxRateLimitFault(environment: SimEnvironment, now = Date.now()): Fault {
  const body = envelope(
    { error: tooManyRequests() },
    { usIn: now * 1000, usOut: now * 1000 + 30 },
    environment === 'test',
    undefined,
  );
  return { kind: 'error', status: 429, body };
}

function deribitPlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const testnet = context.environment === 'test';
  const { limits } = context;
  return async (app) => {
    const trading = optxTrading(context, app);
    app.get<{ Params: { scope: string; method: string }; Querystring: Query }>(
      '/api/v2/:scope/:method',
      async (request, reply) => {
        const usIn = context.now() * 1000;
        const id = typeof request.query.id === 'string' ? request.query.id : undefined;
        const { scope, method } = request.params;
        const handler =
          scope === 'public' && Object.hasOwn(publicMethods, method) ? publicMethods[method] : undefined;
        try {
          // Every request spends credits, an unknown method's too; a refused one goes no further.
          if (!limits.take(creditBucket(scope, method), creditCaller(request), request))
            throw tooManyRequests();
          // The trading methods (auth, private, core-backed market data) first, then the pure public ones.
          let result = trading.answer(scope, method, request);
          if (result === undefined) {
            if (!handler) throw methodNotFound();
            result = handler(seed, context.now(), request.query);
          }
          const usOut = Math.max(usIn + 1, context.now() * 1000);
          return envelope({ result }, { usIn, usOut }, testnet, id);
        } catch (error) {
          if (!(error instanceof RpcError)) throw error;
          const usOut = Math.max(usIn + 1, context.now() * 1000);
          return reply.code(error.httpStatus).send(envelope({ error }, { usIn, usOut }, testnet, id));
        }
      },
    );
  };
}

export function createOptxSimulator(options: OptxSimOptions = {}): SimulatorDefinition {
  // Checked here, so a wrong bucket or number fails where the definition is made.
  const limits = new RateLimits(DERIBIT_LIMITS, options.limits);
  return {
    name: 'optx',
    plugin: deribitPlugin,
    credentials: optxCredentials,
    exchange: optxExchange,
    limits: { rules: limits.rules, enabled: limits.enabled },
  };
}

/** The default optx simulator: the venue's credit model on. */
export const optx: SimulatorDefinition = createOptxSimulator();
