import type { FastifyPluginAsync } from 'fastify';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { calendarWeek, weekStart } from './calendar-week.js';

/**
 * The `ff-calendar` upstream (notes macro.md U5, "Simulator notes"): `GET /ff_calendar_thisweek.json`, the
 * current New York week's events as a JSON array. The next- and last-week files are not published here:
 * 404 with an HTML page, as the feed often answers them.
 */
function calendarPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/ff_calendar_thisweek.json', async (_request, reply) =>
      reply.type('application/json').send(calendarWeek(context.seed, weekStart(context.now()))),
    );
    for (const path of ['/ff_calendar_nextweek.json', '/ff_calendar_lastweek.json'])
      app.get(path, async (_request, reply) =>
        reply.code(404).type('text/html').send('<html><body><h1>404 Not Found</h1></body></html>'),
      );
  };
}

/** The weekly economic calendar feed: public, no key. */
export const ffCalendar: SimulatorDefinition = { name: 'ff-calendar', plugin: calendarPlugin };
