import type { FastifyPluginAsync } from 'fastify';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { DAY_MS } from '../calendar-days.js';
import { renderFeed, selectDays } from './treasury-feed.js';

/**
 * The `treasury` upstream: `GET /resource-center/data-chart-center/interest-rates/pages/xml` (notes macro.md
 * U3, "Simulator notes"). Selected by `field_tdr_date_value=YYYY`, `field_tdr_date_value_month=YYYYMM` or
 * `field_tdr_date_value=all&page=N`; another `data` family, or no selection, answers 200 with an empty feed,
 * as does a year with nothing published yet. A day's curve is posted late in the New York afternoon: here
 * at 21:00 UTC, so before that the newest entry is the previous business day's.
 */

export const TREASURY_XML_PATH = '/resource-center/data-chart-center/interest-rates/pages/xml';
const PUBLISHED_AT_UTC_HOUR = 21;

type Selection = Parameters<typeof selectDays>[0] | null;

function selection(query: Record<string, string | undefined>): Selection {
  if (query.data !== 'daily_treasury_yield_curve') return null;
  const value = query.field_tdr_date_value;
  const month = query.field_tdr_date_value_month;
  if (value === 'all') {
    const page = Number(query.page ?? '0');
    return Number.isInteger(page) && page >= 0 ? { page } : null;
  }
  if (value !== undefined && /^\d{4}$/.test(value)) return { year: Number(value) };
  if (month !== undefined && /^\d{6}$/.test(month)) {
    const monthNumber = Number(month.slice(4));
    if (monthNumber >= 1 && monthNumber <= 12)
      return { month: { year: Number(month.slice(0, 4)), month: monthNumber } };
  }
  return null;
}

function treasuryPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get(TREASURY_XML_PATH, async (request, reply) => {
      const now = context.now();
      const today = Math.floor(now / DAY_MS);
      const lastDay = new Date(now).getUTCHours() >= PUBLISHED_AT_UTC_HOUR ? today : today - 1;
      const selected = selection(request.query as Record<string, string | undefined>);
      const days = selected ? selectDays(selected, lastDay) : [];
      return reply
        .type('application/xml; charset=utf-8')
        .send(renderFeed(context.seed, days, `${new Date(now).toISOString().slice(0, 19)}Z`));
    });
  };
}

/** The Treasury simulator: public data, no credentials, no documented rate limit. */
export const treasury: SimulatorDefinition = {
  name: 'treasury',
  plugin: treasuryPlugin,
};
