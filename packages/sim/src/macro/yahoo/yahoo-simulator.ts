import type { FastifyPluginAsync } from 'fastify';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { renderChart } from './yahoo-chart.js';
import { SIM_SYMBOLS } from './yahoo-quotes.js';

/**
 * The `yahoo` upstream (notes macro.md U2, "Simulator notes"): `GET /v8/finance/chart/{symbol}` only. No
 * User-Agent → 429 `Too Many Requests` in plain text (Yahoo's answer to scripts); an unknown symbol → 404
 * with the chart error envelope. Both hosts (query1, query2) are served by the same instance.
 */
function yahooPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/v8/finance/chart/:symbol', async (request, reply) => {
      if (!request.headers['user-agent']) return reply.code(429).type('text/plain').send('Too Many Requests');
      const { symbol } = request.params as { symbol: string };
      const spec = SIM_SYMBOLS[symbol];
      if (!spec)
        return reply.code(404).send({
          chart: {
            result: null,
            error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
          },
        });
      const answer = renderChart(
        context.seed,
        symbol,
        spec,
        request.query as Record<string, string | undefined>,
        context.now(),
      );
      return reply.code(answer.status).send(answer.body);
    });
  };
}

/** Yahoo's chart API: public, no key. */
export const yahoo: SimulatorDefinition = { name: 'yahoo', plugin: yahooPlugin };
