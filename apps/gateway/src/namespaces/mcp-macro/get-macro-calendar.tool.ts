import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { buildCalendar } from '../../domain/calendar-impact.js';
import type { FeedEvent } from '../../providers/ff-calendar/calendar-feed.js';
import { macroTool } from './macro-tool.js';
import { FailedDataSourceSchema, gather, NullableNumber, noSourceLeft } from './sources.js';

const DAY_MS = 86_400_000;

export const GetMacroCalendarInputSchema = Type.Object(
  {
    countries: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Za-z]{3}$' }), {
        minItems: 1,
        maxItems: 12,
        default: ['USD'],
        description: 'Currency codes (USD, EUR, GBP, JPY, ...); global events (All) are always included',
      }),
    ),
    from: Type.Optional(
      Type.String({ format: 'date-time', description: 'Window start (default now − 24 h)' }),
    ),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Window end (default now + 7 days)' })),
    min_impact: Type.Optional(
      Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')], {
        default: 'medium',
        description: 'Lowest impact listed; holidays are always listed',
      }),
    ),
  },
  { additionalProperties: false, examples: [{}, { countries: ['USD', 'EUR'], min_impact: 'high' }] },
);

const EventSchema = Type.Object({
  title: Type.String(),
  country: Type.String({ description: 'Currency code, or All' }),
  time_utc: Type.String({ format: 'date-time' }),
  impact: Type.Union(['high', 'medium', 'low', 'holiday'].map((v) => Type.Literal(v))),
  impact_source: Type.Union([Type.Literal('upstream'), Type.Literal('heuristic')]),
  impact_heuristic: Type.Union(
    ['high', 'medium', 'low'].map((v) => Type.Literal(v)),
    {
      description: 'What the keyword heuristic says, for comparison',
    },
  ),
  forecast: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  minutes_until: Type.Integer({ description: 'Negative when past' }),
  is_imminent: Type.Boolean({ description: 'Within the next 60 minutes' }),
});

export const GetMacroCalendarOutputSchema = Type.Object(
  {
    source: Type.Literal('ff_calendar'),
    events: Type.Array(EventSchema),
    counts: Type.Object({
      high: Type.Integer(),
      medium: Type.Integer(),
      low: Type.Integer(),
      holiday: Type.Integer(),
    }),
    next_high_impact: Type.Union([
      Type.Object({
        title: Type.String(),
        country: Type.String(),
        time_utc: Type.String({ format: 'date-time' }),
      }),
      Type.Null(),
    ]),
    next_week_published: Type.Boolean({
      description: 'Whether the next week’s file was available when the window reached into it',
    }),
    window_hours: NullableNumber('Length of the window read'),
    failed_sources: Type.Array(FailedDataSourceSchema),
  },
  {
    examples: [
      {
        source: 'ff_calendar',
        events: [
          {
            title: 'CPI m/m',
            country: 'USD',
            time_utc: '2025-06-11T12:30:00.000Z',
            impact: 'high',
            impact_source: 'upstream',
            impact_heuristic: 'high',
            forecast: '0.2%',
            previous: '0.2%',
            minutes_until: 1260,
            is_imminent: false,
          },
        ],
        counts: { high: 1, medium: 0, low: 0, holiday: 0 },
        next_high_impact: { title: 'CPI m/m', country: 'USD', time_utc: '2025-06-11T12:30:00.000Z' },
        next_week_published: false,
        window_hours: 192,
        failed_sources: [],
      },
    ],
  },
);

/** The end of the feed's current week: the next Sunday 00:00 New York, taken conservatively as 04:00 UTC. */
function weekEndMs(now: number): number {
  const day = Math.floor(now / DAY_MS);
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return (day + (7 - weekday)) * DAY_MS + 4 * 3_600_000;
}

export const getMacroCalendar = macroTool({
  name: 'get_macro_calendar',
  title: 'Economic calendar',
  summary:
    'This week’s economic events with impact (high/medium/low), forecast, previous and time to release',
  description:
    'From the weekly economic-calendar feed (next week’s file too when the window reaches into it and it is ' +
    'published). The feed’s impact is kept; a missing one is decided by a keyword heuristic. `to` before `from` is a 422.',
  kind: 'read',
  input: GetMacroCalendarInputSchema,
  output: GetMacroCalendarOutputSchema,
  handler: async (input, context) => {
    const now = context.now();
    const from = input.from ? Date.parse(input.from) : now - DAY_MS;
    const to = input.to ? Date.parse(input.to) : now + 7 * DAY_MS;
    if (to < from)
      throw unprocessable(
        `to: ${input.to} is before from (${new Date(from).toISOString()})`,
        'INVALID_RANGE',
        { field: 'to' },
      );
    const wantsNext = to >= weekEndMs(now);
    const { calendar } = context.clients;
    const gathered = await gather<FeedEvent[]>([
      { source: 'ff-calendar', item: 'thisweek', run: () => calendar.week(context, 'thisweek') },
      ...(wantsNext
        ? [
            {
              source: 'ff-calendar',
              item: 'nextweek',
              run: () =>
                calendar
                  .week(context, 'nextweek')
                  .catch(() => ({ data: [], native: null, receivedAt: now, unpublished: true })),
            },
          ]
        : []),
    ]);
    const thisWeek = gathered.results.get('thisweek');
    if (!thisWeek) throw noSourceLeft('the economic calendar could not be read', gathered);
    const nextWeek = gathered.results.get('nextweek');
    const built = buildCalendar([...thisWeek.data, ...(nextWeek?.data ?? [])], {
      now,
      from,
      to,
      countries: input.countries ?? ['USD'],
      minImpact: input.min_impact ?? 'medium',
    });
    return {
      data: {
        source: 'ff_calendar' as const,
        ...built,
        next_week_published: nextWeek !== undefined && !('unpublished' in nextWeek),
        window_hours: Math.round((to - from) / 3_600_000),
        failed_sources: gathered.failed,
      },
      // The feed states no observation time: the fetch time of this week's file.
      obtainedAt: thisWeek.receivedAt,
      stale: gathered.stale,
    };
  },
});
