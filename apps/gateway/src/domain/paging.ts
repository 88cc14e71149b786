import type { Candle } from './candle.js';
import type { TimeRange } from './date-range.js';

/**
 * Spec rule 6: a range is fetched in windows of at most `maxBars` bar opens
 * so no upstream call reaches its per-request cap, then the pieces are
 * de-duplicated and trimmed so every bar whose open time lies in the range
 * appears exactly once, in order.
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

/**
 * Concatenates pages, drops bars outside [first, last] and duplicates (the
 * later copy wins: it is the fresher one), and returns them in time order.
 * Linear when the pages are already in order, as windowed fetches are.
 */
export function mergePages(pages: readonly (readonly Candle[])[], range: TimeRange, step: number): Candle[] {
  const { first, last } = barOpens(range, step);
  const out: Candle[] = [];
  let sorted = true;
  for (const page of pages) {
    for (const candle of page) {
      if (candle.timestamp < first || candle.timestamp > last) continue;
      const previous = out[out.length - 1];
      if (previous && candle.timestamp <= previous.timestamp) {
        if (candle.timestamp === previous.timestamp) {
          out[out.length - 1] = candle;
          continue;
        }
        sorted = false;
      }
      out.push(candle);
    }
  }
  if (sorted) return out;
  const byTime = new Map<number, Candle>();
  for (const candle of out) byTime.set(candle.timestamp, candle);
  return [...byTime.values()].sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * Four hourly bars → one 4 h bar aligned to 00/04/08/12/16/20 UTC (optx notes
 * §4.8 gateway convention): open of the first, max high, min low, close of the
 * last, summed volume. Bars missing upstream are simply absent from the group.
 */
export function aggregateBars(hourly: readonly Candle[], step: number): Candle[] {
  const out: Candle[] = [];
  let current: Candle | null = null;
  for (const bar of hourly) {
    const bucket = Math.floor(bar.timestamp / step) * step;
    if (current && current.timestamp === bucket) {
      if (bar.high > current.high) current.high = bar.high;
      if (bar.low < current.low) current.low = bar.low;
      current.close = bar.close;
      current.volume += bar.volume;
    } else {
      current = { ...bar, timestamp: bucket };
      out.push(current);
    }
  }
  return out;
}
