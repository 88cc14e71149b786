import type { FastifyPluginAsync } from 'fastify';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { type Report, SIM_MARKETS } from './cot-markets.js';
import { cotRow, releasedTuesdays } from './cot-rows.js';
import { parseOrder, parseSelect, parseWhere, SoqlError } from './soql.js';

/**
 * The `cftc` upstream (notes macro.md U4, "Simulator notes"): Socrata's `GET /resource/{id}.json` for the
 * four COT datasets (TFF and Disaggregated, futures only and combined), with `$where`, `$order`, `$limit`
 * (default 1000, at most 50000), `$offset` and `$select` honoured (soql.ts). Values are strings; an unknown
 * dataset is Socrata's 404 JSON, an unknown column its 400. Without an `X-App-Token` a client shares the
 * anonymous pool of 60 requests a minute (then 429).
 */

const DATASETS: Record<string, { report: Report; combined: boolean }> = {
  'gpe5-46if': { report: 'tff', combined: false },
  'yw9f-hn96': { report: 'tff', combined: true },
  '72hh-3qpy': { report: 'disaggregated', combined: false },
  'kh3c-gbw2': { report: 'disaggregated', combined: true },
};

function cftcPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/resource/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      const dataset = DATASETS[file.replace(/\.json$/, '')];
      if (!file.endsWith('.json') || !dataset)
        return reply.code(404).send({ code: 'not_found', error: true, message: `Dataset ${file} not found` });
      if (!request.headers['x-app-token'] && !context.limits.take('anonymous', request.ip, request))
        return reply.code(429).send({ code: 'too_many_requests', error: true, message: 'Too many requests' });
      const query = request.query as Record<string, string | undefined>;
      const markets = SIM_MARKETS.filter((market) => market.report === dataset.report);
      const now = context.now();
      const rows = markets.flatMap((market) =>
        releasedTuesdays(market, now).map((day) => cotRow(context.seed, market, day, dataset.combined)),
      );
      const columns = new Set(Object.keys(cotRow(context.seed, markets[0]!, 20_000, false)));
      try {
        let selected = query.$where ? rows.filter(parseWhere(query.$where, columns)) : rows;
        if (query.$order) selected = selected.sort(parseOrder(query.$order, columns));
        const limit = Math.min(50_000, Math.max(0, Number(query.$limit ?? 1000) || 0));
        const offset = Math.max(0, Number(query.$offset ?? 0) || 0);
        selected = selected.slice(offset, offset + limit);
        return reply.send(query.$select ? selected.map(parseSelect(query.$select, columns)) : selected);
      } catch (error) {
        if (error instanceof SoqlError)
          return reply.code(400).send({ code: error.code, error: true, message: error.message });
        throw error;
      }
    });
  };
}

/** The CFTC Public Reporting Environment: public, an app token optional. */
export const cftc: SimulatorDefinition = {
  name: 'cftc',
  plugin: cftcPlugin,
  limits: { rules: { anonymous: { pool: 60, refillPerSecond: 1, cost: 1 } } },
};
