import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { answerInfo, DeserializeError } from './hyperliquid-info.js';

/**
 * The `perpdex` upstream: Hyperliquid `POST /info`. Business answers are
 * HTTP 200 JSON; a body that does not deserialize is HTTP 422 with a plain
 * text message, as the real API answers.
 */
function hyperliquidPlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  return async (app) => {
    app.post('/info', async (request, reply) => {
      try {
        return answerInfo(seed, request.body, context.now());
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

export const perpdex: SimulatorDefinition = { name: 'perpdex', plugin: hyperliquidPlugin };
