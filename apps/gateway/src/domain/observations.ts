/**
 * Arithmetic over a dated series (oldest first, missing observations already left out), pure: the value on
 * or before a day, changes over calendar spans, year-on-year for monthly index levels, a percentile rank,
 * and whether the latest value is late for its publication rhythm (notes macro.md tool 1).
 */

export interface Dated {
  date: string;
  value: number;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `date` moved by whole days (negative: back). */
export const addDays = (date: string, days: number) => isoDay(dayOf(date) + days * DAY_MS);

/** `date` moved by whole months, keeping the day (monthly series are dated the 1st). */
export function addMonths(date: string, months: number): string {
  const day = new Date(dayOf(date));
  return isoDay(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, day.getUTCDate()));
}

/** The last observation on or before `date`, or undefined. */
export function onOrBefore(series: readonly Dated[], date: string): Dated | undefined {
  for (let i = series.length - 1; i >= 0; i--) if (series[i]!.date <= date) return series[i];
  return undefined;
}

/** The observation dated exactly `date`, or undefined. */
export const exactly = (series: readonly Dated[], date: string) => series.find((row) => row.date === date);

/** `(latest / earlier − 1) × 100`, or null without the earlier value. */
export const pctChange = (latest: number, earlier: Dated | undefined) =>
  earlier && earlier.value !== 0 ? (latest / earlier.value - 1) * 100 : null;

/** Change in basis points (values in percent) since the value on or before `days` earlier. */
export function changeBp(series: readonly Dated[], days: number): number | null {
  const latest = series.at(-1);
  const earlier = latest && onOrBefore(series, addDays(latest.date, -days));
  if (!latest || !earlier || earlier === latest) return null;
  return Math.round((latest.value - earlier.value) * 10_000) / 100;
}

/** Share (0–100) of the observations of the last `days` days up to the latest that are ≤ the latest. */
export function percentileOfLatest(series: readonly Dated[], days: number): number | null {
  const latest = series.at(-1);
  if (!latest) return null;
  const from = addDays(latest.date, -days);
  const window = series.filter((row) => row.date > from);
  return (100 * window.filter((row) => row.value <= latest.value).length) / window.length;
}

/** Days of silence after which a series is late: twice its usual gap (daily 4 days, monthly 45 after month end). */
export function isOutdated(
  frequency: 'daily' | 'weekly' | 'monthly' | 'quarterly',
  latest: string,
  today: string,
) {
  const age = (dayOf(today) - dayOf(latest)) / DAY_MS;
  if (frequency === 'daily') return age > 4;
  if (frequency === 'weekly') return age > 14;
  // Monthly and quarterly observations are dated the period's first day; the period ends a month (or three) later.
  const periodEnd = dayOf(addMonths(latest, frequency === 'monthly' ? 1 : 3));
  return (dayOf(today) - periodEnd) / DAY_MS > (frequency === 'monthly' ? 45 : 135);
}
