import type { CandleColumns } from '../candle-columns.js';

export const HOUR = 3_600_000;

/** Bars from opens and closes (high/low one above and below), hourly from 2026-01-01. */
export function columns(open: number[], close: number[], t0 = Date.UTC(2026, 0, 1)): CandleColumns {
  const n = open.length;
  return {
    length: n,
    timestamp: Float64Array.from({ length: n }, (_, i) => t0 + i * HOUR),
    open: Float64Array.from(open),
    high: Float64Array.from(open, (o, i) => Math.max(o, close[i]!) + 1),
    low: Float64Array.from(open, (o, i) => Math.min(o, close[i]!) - 1),
    close: Float64Array.from(close),
    volume: new Float64Array(n).fill(1),
  };
}
