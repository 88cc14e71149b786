import { describe, expect, it } from 'vitest';
import { CalendarFeedError, parseCalendarFeed } from './calendar-feed.js';

// The notes' example week (macro.md, simulator notes).
const WEEK = [
  {
    title: 'Bank Holiday',
    country: 'JPY',
    date: '2025-06-15T00:00:00-04:00',
    impact: 'Holiday',
    forecast: '',
    previous: '',
  },
  {
    title: 'Retail Sales m/m',
    country: 'USD',
    date: '2025-06-17T08:30:00-04:00',
    impact: 'High',
    forecast: '-0.7%',
    previous: '0.1%',
  },
  {
    title: 'Federal Funds Rate',
    country: 'USD',
    date: '2025-06-18T14:00:00-04:00',
    impact: 'High',
    forecast: '4.50%',
    previous: '4.50%',
  },
  {
    title: 'Unemployment Claims',
    country: 'USD',
    date: '2025-06-19T08:30:00-04:00',
    impact: 'Medium',
    forecast: '246K',
    previous: '248K',
  },
  {
    title: 'G7 Meetings',
    country: 'All',
    date: '2025-06-16T00:00:00-04:00',
    impact: 'Low',
    forecast: '',
    previous: '',
  },
];

describe('parseCalendarFeed', () => {
  it("reads the notes' week: offsets applied (UTC instants), empty strings as null", () => {
    const events = parseCalendarFeed(WEEK);
    expect(events).toHaveLength(5);
    expect(events[1]).toEqual({
      title: 'Retail Sales m/m',
      country: 'USD',
      time: Date.parse('2025-06-17T12:30:00Z'),
      impact: 'High',
      forecast: '-0.7%',
      previous: '0.1%',
    });
    expect(events[0]).toMatchObject({ impact: 'Holiday', forecast: null, previous: null });
    expect(events[4]!.country).toBe('All');
  });
  it('drops an item without a parseable date or offset, reads an unknown impact as missing', () => {
    const events = parseCalendarFeed([
      { title: 'A', country: 'USD', date: 'Tentative', impact: 'High' },
      { title: 'B', country: 'USD', date: '2025-06-17T08:30:00', impact: 'High' },
      { title: 'C', country: 'EUR', date: '2025-06-17T08:30:00+02:00', impact: 'Non-Economic', url: 'x' },
    ]);
    expect(events).toEqual([
      {
        title: 'C',
        country: 'EUR',
        time: Date.parse('2025-06-17T06:30:00Z'),
        impact: null,
        forecast: null,
        previous: null,
      },
    ]);
  });
  it('refuses the throttled HTML page', () => {
    expect(() => parseCalendarFeed('<html><body>Rate limited</body></html>')).toThrow(CalendarFeedError);
  });
});
