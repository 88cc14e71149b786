import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { CreditLimiter } from './deribit-credits.js';
import { publicMethods } from './deribit-public.js';
import { envelope, methodNotFound, type Query, RpcError } from './deribit-rpc.js';

/**
 * The `optx` upstream: Deribit API v2 public methods over HTTP GET at
 * `/api/v2/public/<method>`. The test instance answers `testnet: true` and
 * quotes its own market (a different seed stream), as the real test
 * environment does.
 */

export interface OptxSimOptions {
  /** Enforce the credit model per client IP (notes §1.6); off by default, as the notes ask. */
  rateLimit?: boolean;
}

/**
 * Exhausted credits: `10028 too_many_requests`. The HTTP status is unverified
 * upstream (400 or 429); the simulator answers 429 so retrying layers see it.
 */
const tooManyRequests = () => new RpcError(10028, 'too_many_requests', undefined, 429);

function deribitPlugin(context: SimContext, options: OptxSimOptions): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const testnet = context.environment === 'test';
  const limiter = options.rateLimit ? new CreditLimiter(context.now) : null;
  return async (app) => {
    app.get<{ Params: { scope: string; method: string }; Querystring: Query }>(
      '/api/v2/:scope/:method',
      async (request, reply) => {
        const usIn = context.now() * 1000;
        const id = typeof request.query.id === 'string' ? request.query.id : undefined;
        const { scope, method } = request.params;
        const handler =
          scope === 'public' && Object.hasOwn(publicMethods, method) ? publicMethods[method] : undefined;
        try {
          if (!handler) throw methodNotFound();
          if (limiter && !limiter.take(request.ip, method)) throw tooManyRequests();
          const result = handler(seed, context.now(), request.query);
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
  return { name: 'optx', plugin: (context) => deribitPlugin(context, options) };
}

/** The default optx simulator: no rate limit. */
export const optx: SimulatorDefinition = createOptxSimulator();
