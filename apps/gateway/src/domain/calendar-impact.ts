/**
 * The economic calendar's impact rules (notes macro.md tool 2), pure. The heuristic reads a title
 * lower-cased with punctuation as spaces; the first matching rule wins: high for the releases that move
 * every market (CPI, PCE, payrolls, GDP, policy rates), medium for the second tier, low otherwise.
 */

export type Impact = 'high' | 'medium' | 'low' | 'holiday';

const HIGH = [
  'cpi',
  'consumer price',
  'pce',
  'personal consumption',
  'fomc',
  'federal funds rate',
  'fed interest rate',
  'rate decision',
  'powell',
  'fed chair',
  'non farm',
  'nonfarm',
  'nfp',
  'employment situation',
  'unemployment rate',
  'gdp',
  'gross domestic product',
  'ecb main refinancing',
  'boj policy rate',
  'boe official bank rate',
];
const MEDIUM = [
  'ppi',
  'producer price',
  'retail sales',
  'ism',
  'pmi',
  'jolts',
  'job openings',
  'jobless claims',
  'adp',
  'consumer confidence',
  'consumer sentiment',
  'michigan',
  'durable goods',
  'fomc minutes',
  'meeting minutes',
  'treasury refunding',
  'housing starts',
];

const normalise = (title: string) =>
  ` ${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
/** Whole words or phrases: "pce" must not match "space", nor "ism" "tourism". */
const has = (text: string, phrase: string) => text.includes(` ${phrase} `);

/** The heuristic impact of an event title. */
export function heuristicImpact(title: string): Exclude<Impact, 'holiday'> {
  const text = normalise(title);
  // The medium rules that would otherwise fall under a high keyword (FOMC minutes under "fomc").
  if (has(text, 'fomc minutes') || has(text, 'meeting minutes')) return 'medium';
  if (HIGH.some((phrase) => has(text, phrase))) return 'high';
  if (MEDIUM.some((phrase) => has(text, phrase))) return 'medium';
  if (has(text, 'auction') && ['10 y', '30 y', '10 year', '30 year'].some((tenor) => has(text, tenor)))
    return 'medium';
  if (has(text, 'fed') && has(text, 'speaks')) return 'medium';
  return 'low';
}

export interface CalendarEventInput {
  title: string;
  country: string;
  time: number;
  impact: 'High' | 'Medium' | 'Low' | 'Holiday' | null;
  forecast: string | null;
  previous: string | null;
}

export interface CalendarEvent {
  title: string;
  country: string;
  time_utc: string;
  impact: Impact;
  impact_source: 'upstream' | 'heuristic';
  impact_heuristic: Exclude<Impact, 'holiday'>;
  forecast: string | null;
  previous: string | null;
  minutes_until: number;
  is_imminent: boolean;
}

export interface CalendarFilter {
  now: number;
  from: number;
  to: number;
  /** Currency codes; events of `All` are always in. */
  countries: readonly string[];
  minImpact: 'high' | 'medium' | 'low';
}

const RANK: Record<Impact, number> = { holiday: 0, low: 1, medium: 2, high: 3 };

/** One feed event with its impact decided (the feed's own when it has one) and its distance from now. */
export function rateEvent(event: CalendarEventInput, now: number): CalendarEvent {
  const heuristic = heuristicImpact(event.title);
  const minutes = Math.round((event.time - now) / 60_000);
  return {
    title: event.title,
    country: event.country,
    time_utc: new Date(event.time).toISOString(),
    impact: event.impact ? (event.impact.toLowerCase() as Impact) : heuristic,
    impact_source: event.impact ? 'upstream' : 'heuristic',
    impact_heuristic: heuristic,
    forecast: event.forecast,
    previous: event.previous,
    minutes_until: minutes,
    is_imminent: minutes >= 0 && minutes <= 60,
  };
}

/**
 * The calendar a caller asked for: events in [from, to] of the countries (plus `All`), at or above the
 * minimum impact (holidays are kept whatever it is: a closed market matters), sorted by time, with counts per
 * impact and the next high-impact event.
 */
export function buildCalendar(events: readonly CalendarEventInput[], filter: CalendarFilter) {
  const countries = new Set([...filter.countries.map((c) => c.toUpperCase()), 'ALL']);
  const rated = events
    .filter((event) => event.time >= filter.from && event.time <= filter.to)
    .filter((event) => countries.has(event.country.toUpperCase()))
    .map((event) => rateEvent(event, filter.now))
    .filter((event) => event.impact === 'holiday' || RANK[event.impact] >= RANK[filter.minImpact])
    .sort((a, b) => (a.time_utc < b.time_utc ? -1 : a.time_utc > b.time_utc ? 1 : 0));
  const counts = { high: 0, medium: 0, low: 0, holiday: 0 };
  for (const event of rated) counts[event.impact]++;
  const next = rated.find((event) => event.impact === 'high' && event.minutes_until >= 0);
  return {
    events: rated,
    counts,
    next_high_impact: next ? { title: next.title, country: next.country, time_utc: next.time_utc } : null,
  };
}
