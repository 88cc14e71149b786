import { describe, expect, it } from 'vitest';
import { buildCalendar, type CalendarEventInput, heuristicImpact } from './calendar-impact.js';

describe('heuristicImpact', () => {
  it('rates titles by the first matching rule', () => {
    expect(heuristicImpact('CPI m/m')).toBe('high');
    expect(heuristicImpact('Core PCE Price Index m/m')).toBe('high');
    expect(heuristicImpact('Non-Farm Employment Change')).toBe('high');
    expect(heuristicImpact('Federal Funds Rate')).toBe('high');
    expect(heuristicImpact('Advance GDP q/q')).toBe('high');
    expect(heuristicImpact('FOMC Meeting Minutes')).toBe('medium');
    expect(heuristicImpact('ISM Manufacturing PMI')).toBe('medium');
    expect(heuristicImpact('Unemployment Claims')).toBe('low');
    expect(heuristicImpact('Initial Jobless Claims')).toBe('medium');
    expect(heuristicImpact('10-y Bond Auction')).toBe('medium');
    expect(heuristicImpact('3-y Note Auction')).toBe('low');
    expect(heuristicImpact('FOMC Member Waller Speaks')).toBe('high');
    expect(heuristicImpact('Fed Governor Speaks')).toBe('medium');
    expect(heuristicImpact('Crude Oil Inventories')).toBe('low');
  });
  it('matches whole words only', () => {
    expect(heuristicImpact('Tourism Arrivals')).toBe('low');
    expect(heuristicImpact('Office Space Index')).toBe('low');
  });
});

const at = (iso: string) => Date.parse(iso);
// A hand-made week (New York offsets as the feed writes them); "now" is Tuesday 2025-06-17 12:00 UTC.
const NOW = at('2025-06-17T12:00:00Z');
const WEEK: CalendarEventInput[] = [
  {
    title: 'Bank Holiday',
    country: 'JPY',
    time: at('2025-06-15T00:00:00-04:00'),
    impact: 'Holiday',
    forecast: null,
    previous: null,
  },
  {
    title: 'G7 Meetings',
    country: 'All',
    time: at('2025-06-16T00:00:00-04:00'),
    impact: 'Low',
    forecast: null,
    previous: null,
  },
  {
    title: 'Retail Sales m/m',
    country: 'USD',
    time: at('2025-06-17T08:30:00-04:00'),
    impact: 'High',
    forecast: '-0.7%',
    previous: '0.1%',
  },
  {
    title: 'Federal Funds Rate',
    country: 'USD',
    time: at('2025-06-18T14:00:00-04:00'),
    impact: 'High',
    forecast: '4.50%',
    previous: '4.50%',
  },
  {
    title: 'Unemployment Claims',
    country: 'USD',
    time: at('2025-06-19T08:30:00-04:00'),
    impact: 'Medium',
    forecast: '246K',
    previous: '248K',
  },
  {
    title: 'CPI y/y',
    country: 'GBP',
    time: at('2025-06-18T02:00:00-04:00'),
    impact: 'High',
    forecast: '3.3%',
    previous: '3.5%',
  },
  {
    title: 'PPI m/m',
    country: 'USD',
    time: at('2025-06-20T08:30:00-04:00'),
    impact: null,
    forecast: null,
    previous: null,
  },
  {
    title: 'Business Inventories',
    country: 'USD',
    time: at('2025-06-17T10:00:00-04:00'),
    impact: null,
    forecast: null,
    previous: null,
  },
];

describe('buildCalendar', () => {
  it('filters by country (plus All), window and minimum impact; sorts; counts; finds the next high one', () => {
    const calendar = buildCalendar(WEEK, {
      now: NOW,
      from: at('2025-06-16T00:00:00Z'),
      to: at('2025-06-21T00:00:00Z'),
      countries: ['USD'],
      minImpact: 'medium',
    });
    expect(calendar.events.map((event) => event.title)).toEqual([
      'Retail Sales m/m',
      'Federal Funds Rate',
      'Unemployment Claims',
      'PPI m/m',
    ]);
    // 08:30 New York (−04:00) is 12:30 UTC: 30 minutes after now, imminent.
    expect(calendar.events[0]).toMatchObject({
      time_utc: '2025-06-17T12:30:00.000Z',
      impact: 'high',
      impact_source: 'upstream',
      minutes_until: 30,
      is_imminent: true,
    });
    // Federal Funds Rate: 18:00 UTC the next day = 30 h after now = 1800 minutes.
    expect(calendar.events[1]).toMatchObject({ minutes_until: 1800, is_imminent: false });
    // No impact upstream → the heuristic: PPI is medium.
    expect(calendar.events[3]).toMatchObject({ impact: 'medium', impact_source: 'heuristic' });
    expect(calendar.counts).toEqual({ high: 2, medium: 2, low: 0, holiday: 0 });
    expect(calendar.next_high_impact).toEqual({
      title: 'Retail Sales m/m',
      country: 'USD',
      time_utc: '2025-06-17T12:30:00.000Z',
    });
  });

  it('keeps holidays and low events when asked, and past events count minutes as negative', () => {
    const calendar = buildCalendar(WEEK, {
      now: NOW,
      from: at('2025-06-14T00:00:00Z'),
      to: at('2025-06-22T00:00:00Z'),
      countries: ['USD', 'JPY'],
      minImpact: 'low',
    });
    expect(calendar.counts).toEqual({ high: 2, medium: 2, low: 2, holiday: 1 });
    // G7 Meetings, 2025-06-16 04:00 UTC: 32 h before now.
    expect(calendar.events.find((event) => event.title === 'G7 Meetings')!.minutes_until).toBe(-1920);
  });
});
