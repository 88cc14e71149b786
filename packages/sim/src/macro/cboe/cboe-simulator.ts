import type { FastifyPluginAsync } from 'fastify';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { businessDays, DAY_MS, dayNumber } from '../calendar-days.js';
import { priceAt, SIM_SYMBOLS } from '../yahoo/yahoo-quotes.js';

/**
 * The `cboe` upstream (notes macro.md U6): `GET /api/global/us_indices/daily_prices/VIX_History.csv`, the
 * whole daily history of the volatility index since 1990 as `DATE,OPEN,HIGH,LOW,CLOSE` with `MM/DD/YYYY`
 * dates, up to the last business day closed (the file is updated after the close, here 21:00 UTC).
 */
export const VIX_HISTORY_PATH = '/api/global/us_indices/daily_prices/VIX_History.csv';
const FIRST_DAY = dayNumber('1990-01-02');
const SESSION_OPEN_S = 13.5 * 3600;
const SESSION_CLOSE_S = 20 * 3600;

const usDate = (day: number) => {
  const [year, month, date] = new Date(day * DAY_MS).toISOString().slice(0, 10).split('-');
  return `${month}/${date}/${year}`;
};

function historyCsv(seed: number, lastDay: number): string {
  const spec = SIM_SYMBOLS['^VIX']!;
  const at = (day: number, seconds: number) => priceAt(seed, '^VIX', spec, day * 86_400 + seconds).toFixed(2);
  const lines = businessDays(FIRST_DAY, lastDay).map((day) => {
    const samples = [SESSION_OPEN_S, 15 * 3600, 17 * 3600, 19 * 3600, SESSION_CLOSE_S].map((s) =>
      Number(at(day, s)),
    );
    return `${usDate(day)},${at(day, SESSION_OPEN_S)},${Math.max(...samples).toFixed(2)},${Math.min(...samples).toFixed(2)},${at(day, SESSION_CLOSE_S)}`;
  });
  return `DATE,OPEN,HIGH,LOW,CLOSE\n${lines.join('\n')}\n`;
}

function cboePlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get(VIX_HISTORY_PATH, async (_request, reply) => {
      const now = context.now();
      const today = Math.floor(now / DAY_MS);
      const closed = new Date(now).getUTCHours() >= 21 ? today : today - 1;
      return reply.type('text/csv').send(historyCsv(context.seed, closed));
    });
  };
}

/** Cboe's index history files: public, no key. */
export const cboe: SimulatorDefinition = { name: 'cboe', plugin: cboePlugin };
