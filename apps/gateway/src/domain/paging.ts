import type { TimeRange } from './date-range.js';

/**
 * Spec rule 6: a range is fetched in windows of at most `maxBars` bar opens
 * so no upstream call reaches its per-request cap; each bar is then written
 * into its slot of the range's grid (domain/candle-columns.ts), so every bar
 * whose open time lies in the range appears exactly once, in order.
 */

export interface Window {
  /** Open time of the first bar of the window (aligned), epoch ms. */
  from: number;
  /** Open time of the last bar of the window (aligned), epoch ms, inclusive. */
  to: number;
}

export const alignUp = (ms: number, step: number) => Math.ceil(ms / step) * step;
export const alignDown = (ms: number, step: number) => Math.floor(ms / step) * step;

/** Bar opens on the interval grid inside the range: the first is at or after `startMs`. */
export function barOpens(range: TimeRange, step: number): { first: number; last: number; count: number } {
  const first = alignUp(range.startMs, step);
  const last = alignDown(range.endMs, step);
  return { first, last, count: last >= first ? (last - first) / step + 1 : 0 };
}

export function pageWindows(range: TimeRange, step: number, maxBars: number): Window[] {
  const { first, last } = barOpens(range, step);
  const windows: Window[] = [];
  for (let from = first; from <= last; from += maxBars * step) {
    windows.push({ from, to: Math.min(last, from + (maxBars - 1) * step) });
  }
  return windows;
}
