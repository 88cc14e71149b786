import { describe, expect, it } from 'vitest';
import { failure, type Json, PINNED_NOW, useMacroGateway } from './support/macro-gateway.js';

/** get_macro_calendar over HTTP against the calendar simulator: filters, impacts, next week's 404, failures. */

const macro = useMacroGateway();

describe('get_macro_calendar', () => {
  it('lists USD (and global) events of medium impact and up from a day ago, sorted, with counts', async () => {
    const answer = await macro.tool('get_macro_calendar', {});
    expect(answer.source).toBe('ff_calendar');
    const times = answer.events.map((event: Json) => event.time_utc);
    expect(times).toEqual([...times].sort());
    expect(times.every((time: string) => Date.parse(time) >= PINNED_NOW - 86_400_000)).toBe(true);
    expect(answer.events.every((event: Json) => ['USD', 'All'].includes(event.country))).toBe(true);
    expect(answer.events.every((event: Json) => event.impact !== 'low')).toBe(true);
    // Friday 13:00 New York (18:00 UTC): FOMC Member Waller Speaks, medium in the feed.
    const waller = answer.events.find((event: Json) => event.title === 'FOMC Member Waller Speaks');
    expect(waller).toMatchObject({
      time_utc: '2026-11-20T18:00:00.000Z',
      impact: 'medium',
      impact_source: 'upstream',
      is_imminent: false,
    });
    expect(waller.minutes_until).toBe(Math.round((Date.parse('2026-11-20T18:00:00Z') - PINNED_NOW) / 60_000));
    // The window reaches into next week, whose file is not published (404): not a failure.
    expect(answer.next_week_published).toBe(false);
    expect(answer.failed_sources).toEqual([]);
    expect(answer.counts.medium).toBe(
      answer.events.filter((event: Json) => event.impact === 'medium').length,
    );
  });

  it('filters by countries and impact over the whole week', async () => {
    const answer = await macro.tool('get_macro_calendar', {
      countries: ['GBP', 'CHF'],
      from: '2026-11-15T00:00:00Z',
      to: '2026-11-21T00:00:00Z',
      min_impact: 'high',
    });
    expect(answer.events.map((event: Json) => event.title)).toEqual([
      'CPI y/y',
      'SNB Policy Rate',
      'Official Bank Rate',
    ]);
    expect(answer.counts).toEqual({ high: 3, medium: 0, low: 0, holiday: 0 });
    expect(answer.next_high_impact).toBeNull();
  });

  it('refuses an inverted range with 422 naming to, nothing sent', async () => {
    const error = await failure(
      macro.tool('get_macro_calendar', { from: '2026-11-20T00:00:00Z', to: '2026-11-19T00:00:00Z' }),
    );
    expect(error.status).toBe(422);
    expect(JSON.stringify(error)).toContain('"field":"to"');
    expect(macro.sim('ff-calendar').requests()).toHaveLength(0);
  });

  it('answers 502 retryable when the feed sends its throttling page and nothing is cached', async () => {
    macro.sim('ff-calendar').faults.inject({
      fault: { kind: 'html', status: 200, body: '<html><body>Rate limited</body></html>' },
    });
    const error = await failure(macro.tool('get_macro_calendar', {}));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
  });
});
