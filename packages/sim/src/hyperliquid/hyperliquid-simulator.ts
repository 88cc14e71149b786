import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { answerInfo, DeserializeError, type InfoOptions } from './hyperliquid-info.js';

/**
 * The `perpdex` upstream: Hyperliquid `POST /info`. Business answers are
 * HTTP 200 JSON; a body that does not deserialize is HTTP 422 with a plain
 * text message, as the real API answers.
 */
function hyperliquidPlugin(context: SimContext, options: InfoOptions): FastifyPluginAsync {
  const seed = environmentSeed(context);
  return async (app) => {
    app.post('/info', async (request, reply) => {
      try {
        return answerInfo(seed, request.body, context.now(), options);
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
 * A perpdex simulator; `retainedCandles: 5000` reproduces the documented
 * history horizon of the real API (older candles are simply absent).
 */
export function createPerpdexSimulator(options: Partial<InfoOptions> = {}): SimulatorDefinition {
  const info: InfoOptions = { retainedCandles: options.retainedCandles ?? null };
  return { name: 'perpdex', plugin: (context) => hyperliquidPlugin(context, info) };
}

/** The default perpdex simulator: full candle history, so `start_date` is honoured beyond the cap (spec rule 6). */
export const perpdex: SimulatorDefinition = createPerpdexSimulator();
