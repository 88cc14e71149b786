import { describe, expect, it } from 'vitest';
import { CalendarClient } from '../../src/providers/ff-calendar/calendar-client.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { PINNED_NOW, useMacroGateway } from './support/macro-gateway.js';

/** The calendar client against its simulator over real sockets: this week's file, next week's 404, HTML. */

const macro = useMacroGateway();

const client = () =>
  new CalendarClient(macro.gateway.upstreams.registry.connection('ff-calendar', 'live').http());

describe('CalendarClient against the simulator', () => {
  it("reads this New York week's events, high, medium, low and a holiday among them", async () => {
    const { data } = await client().week(NO_DEADLINE, 'thisweek');
    // Pinned Friday 2026-11-20: the week runs Sunday 2026-11-15 05:00 UTC (EST) to the next Sunday.
    const start = Date.parse('2026-11-15T05:00:00Z');
    expect(data.every((event) => event.time >= start && event.time < start + 7 * 86_400_000)).toBe(true);
    expect(new Set(data.map((event) => event.impact))).toEqual(new Set(['High', 'Medium', 'Low', 'Holiday']));
    const funds = data.find((event) => event.title === 'Federal Funds Rate')!;
    // Wednesday 14:00 New York in November (−05:00) is 19:00 UTC.
    expect(new Date(funds.time).toISOString()).toBe('2026-11-18T19:00:00.000Z');
    expect(
      data.some((event) => event.time < PINNED_NOW) && data.some((event) => event.time > PINNED_NOW),
    ).toBe(true);
  });

  it("answers next week's 404 as a refusal, and an HTML page in place of JSON as a bad response", async () => {
    await expect(client().week(NO_DEADLINE, 'nextweek')).rejects.toMatchObject({
      status: 502,
      retryable: false,
    });
    macro.sim('ff-calendar').faults.inject({
      fault: { kind: 'html', status: 200, body: '<html><body>Rate limited</body></html>' },
    });
    await expect(client().week(NO_DEADLINE, 'thisweek')).rejects.toMatchObject({ status: 502 });
  });
});
