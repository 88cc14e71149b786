import { defineUpstream } from '../../upstream/upstream-spec.js';
import { CalendarClient } from './calendar-client.js';

/**
 * The weekly economic-calendar export (notes macro.md U5): unofficial, no key; heavy polling gets throttled,
 * so the notes ask for no more than one poll per 5 minutes (U5.3). The 1 h cache keeps the gateway there in
 * steady use; the budget (a burst of 20, then one a minute) only bounds a restart loop or a cleared cache.
 */
export const ffCalendarUpstream = defineUpstream({
  name: 'ff-calendar',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://nfs.faireconomy.media',
      budget: {
        pools: { requests: { capacity: 20, refillPerSecond: 1 / 60 } },
        cost: () => ({ requests: 1 }),
      },
    },
  },
  probe: { method: 'GET', path: '/ff_calendar_thisweek.json', idempotent: true },
  client: (connection) => new CalendarClient(connection.http(), connection.cache),
});
