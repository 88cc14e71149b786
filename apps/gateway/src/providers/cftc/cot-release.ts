import { newYorkTimeMs } from '../../domain/new-york-time.js';

const DAY_MS = 86_400_000;

/** The Friday 15:30 New York release of the report whose positions are as of a day (day number or date). */
export function cotReleaseMs(day: number): number {
  return newYorkTimeMs(new Date(day * DAY_MS).toISOString().slice(0, 10), 15, 30);
}

/** Estimated publication of a report as of `reportDate` (a Tuesday): three days later, 15:30 New York. */
export const cotPublishedAtMs = (reportDate: string) =>
  cotReleaseMs(Math.floor(Date.parse(`${reportDate}T00:00:00Z`) / DAY_MS) + 3);
