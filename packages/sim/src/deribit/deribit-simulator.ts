import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { publicMethods } from './deribit-public.js';
import { envelope, methodNotFound, type Query, RpcError } from './deribit-rpc.js';

/**
 * The `optx` upstream: Deribit API v2 public methods over HTTP GET at
 * `/api/v2/public/<method>`. The test instance answers `testnet: true` and
 * quotes its own market (a different seed stream), as the real test
 * environment does.
 */
function deribitPlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const testnet = context.environment === 'test';
  return async (app) => {
    app.get<{ Params: { scope: string; method: string }; Querystring: Query }>(
      '/api/v2/:scope/:method',
      async (request, reply) => {
        const usIn = context.now() * 1000;
        const id = typeof request.query.id === 'string' ? request.query.id : undefined;
        const handler = request.params.scope === 'public' ? publicMethods[request.params.method] : undefined;
        try {
          if (!handler || !Object.hasOwn(publicMethods, request.params.method)) throw methodNotFound();
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

export const optx: SimulatorDefinition = { name: 'optx', plugin: deribitPlugin };
