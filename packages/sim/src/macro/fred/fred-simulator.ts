import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { deriveSeed } from '../../frame/seed.js';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { DAY_MS, dayNumber, isoDay } from '../calendar-days.js';
import { lastPublished, observationText, periodStarts, SIM_SERIES, type SimSeries } from './fred-series.js';

/**
 * The `fred` upstream (notes macro.md U1 and "Simulator notes"): the series observations API on
 * `/fred/series/observations` (JSON only, `api_key` required and checked for shape, `"."` for missing values)
 * and the key-less graph CSV on `/graph/fredgraph.csv`. Over 120 requests a minute per key: 429 in the same
 * error shape. Both read the same deterministic series
 * (fred-series.ts); unknown parameters are ignored, as FRED does.
 */

const EARLIEST = '1776-07-04';
const LATEST = '9999-12-31';
const FIRST_DAY = dayNumber('1990-01-01');
const KEY_SHAPE = /^[a-z0-9]{32}$/;

function fredError(reply: FastifyReply, status: number, reason: string) {
  return reply.code(status).send({ error_code: status, error_message: `Bad Request.  ${reason}` });
}

const dateParam = (text: string | undefined, fallback: number) =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? dayNumber(text) : fallback;

/** The published rows of a series in [start, end], ascending, as `{date, value}` texts. */
function rows(series: SimSeries, seed: number, start: number, end: number, today: number) {
  const last = Math.min(end, lastPublished(series.frequency, today));
  return periodStarts(series.frequency, Math.max(start, FIRST_DAY), last).map((day) => ({
    date: isoDay(day),
    value: observationText(series, seed, day),
  }));
}

/** Percent change from a year ago (`units=pc1`), the way FRED offers CPI YoY. */
function yearOnYear(series: SimSeries, seed: number, day: number): string {
  const date = new Date(day * DAY_MS);
  const yearAgo = Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate()) / DAY_MS;
  const change = (series.value(seed, day) / series.value(seed, yearAgo) - 1) * 100;
  return change.toFixed(5);
}

function fredPlugin(context: SimContext): FastifyPluginAsync {
  // The seed the fleet gives the Treasury simulator (simulator-fleet.ts): FRED's DGS* and spreads then
  // republish the very curve the Treasury feed serves, as the real FRED does.
  const seriesSeed = deriveSeed(context.marketSeed, 'treasury', context.environment);
  return async (app) => {
    app.get('/fred/series/observations', async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      if (!query.api_key) return fredError(reply, 400, 'Variable api_key has not been set.');
      if (!KEY_SHAPE.test(query.api_key))
        return fredError(
          reply,
          400,
          'The value for variable api_key is not registered. Read https://fred.stlouisfed.org/docs/api/api_key.html for more information.',
        );
      if (!context.limits.take('per_key', query.api_key, request))
        return reply
          .code(429)
          .send({ error_code: 429, error_message: 'Too Many Requests.  Exceeded Rate Limit' });
      if (query.file_type !== 'json')
        return fredError(reply, 400, 'Variable file_type is not one of the values: json.');
      const series = SIM_SERIES[query.series_id ?? ''];
      if (!series) return fredError(reply, 400, 'The series does not exist.');
      const units = query.units ?? 'lin';
      if (units !== 'lin' && !(units === 'pc1' && series.frequency === 'monthly'))
        return fredError(reply, 400, 'Variable units is not one of the values supported for this series.');
      const today = Math.floor(context.now() / DAY_MS);
      const start = dateParam(query.observation_start, FIRST_DAY);
      const end = dateParam(query.observation_end, today);
      let observations = rows(series, seriesSeed, start, end, today);
      if (units === 'pc1')
        observations = observations.map((row) => ({
          date: row.date,
          value: yearOnYear(series, seriesSeed, dayNumber(row.date)),
        }));
      const descending = query.sort_order === 'desc';
      if (descending) observations.reverse();
      const limit = Math.min(100_000, Math.max(1, Number(query.limit ?? 100_000) || 100_000));
      const offset = Math.max(0, Number(query.offset ?? 0) || 0);
      const stamp = isoDay(today);
      return reply.type('application/json; charset=UTF-8').send({
        realtime_start: stamp,
        realtime_end: stamp,
        observation_start: query.observation_start ?? EARLIEST,
        observation_end: query.observation_end ?? LATEST,
        units,
        output_type: 1,
        file_type: 'json',
        order_by: 'observation_date',
        sort_order: descending ? 'desc' : 'asc',
        count: observations.length,
        offset,
        limit,
        observations: observations
          .slice(offset, offset + limit)
          .map((row) => ({ realtime_start: stamp, realtime_end: stamp, ...row })),
      });
    });

    app.get('/graph/fredgraph.csv', async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const id = query.id ?? '';
      const series = SIM_SERIES[id];
      // The graph site answers an unknown id with its HTML error page, not a CSV.
      if (!series)
        return reply.code(404).type('text/html').send('<html><body>Series not found</body></html>');
      const today = Math.floor(context.now() / DAY_MS);
      const start = dateParam(query.cosd, FIRST_DAY);
      const lines = rows(series, seriesSeed, start, dateParam(query.coed, today), today).map(
        (row) => `${row.date},${row.value}`,
      );
      return reply.type('text/csv').send(`observation_date,${id}\n${lines.join('\n')}\n`);
    });
  };
}

/**
 * FRED: issues a 32-character key (the observations API needs one; the CSV does not), and holds each key to
 * the reported 120 requests a minute.
 */
export const fred: SimulatorDefinition = {
  name: 'fred',
  plugin: fredPlugin,
  limits: { rules: { per_key: { pool: 120, refillPerSecond: 2, cost: 1 } } },
  credentials: (context) => ({
    api_key: (deriveSeed(context.seed, 'fred-key').toString(36).repeat(8) + 'a'.repeat(32))
      .replace(/[^a-z0-9]/g, 'a')
      .slice(0, 32),
  }),
};
