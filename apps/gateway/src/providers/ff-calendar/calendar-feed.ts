/**
 * Reads the weekly economic-calendar JSON (notes macro.md U5.2): an array of `{title, country, date, impact,
 * forecast, previous}` with `date` in ISO 8601 with a New York offset. Dates are read with their offset and
 * kept as UTC instants; an item whose date does not parse is dropped. Unknown keys are ignored; an impact
 * other than High, Medium, Low or Holiday is read as missing (the tool's heuristic then decides).
 */

export type FeedImpact = 'High' | 'Medium' | 'Low' | 'Holiday';

export interface FeedEvent {
  title: string;
  country: string;
  /** Epoch ms (UTC). */
  time: number;
  impact: FeedImpact | null;
  forecast: string | null;
  previous: string | null;
}

export class CalendarFeedError extends Error {}

const IMPACTS = new Set(['High', 'Medium', 'Low', 'Holiday']);
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function parseCalendarFeed(body: unknown): FeedEvent[] {
  // The throttled feed answers an HTML page (a string body here), sometimes with a 200.
  if (!Array.isArray(body)) throw new CalendarFeedError('not a JSON array of events');
  const events: FeedEvent[] = [];
  for (const item of body as Record<string, unknown>[]) {
    const title = text(item?.title);
    const date = text(item?.date);
    if (!title || !date || !WITH_OFFSET.test(date)) continue;
    const time = Date.parse(date);
    if (!Number.isFinite(time)) continue;
    const impact = text(item.impact);
    events.push({
      title,
      country: text(item.country) ?? 'All',
      time,
      impact: impact && IMPACTS.has(impact) ? (impact as FeedImpact) : null,
      forecast: text(item.forecast),
      previous: text(item.previous),
    });
  }
  return events;
}
