import { generateBar } from '../market/candles.js';
import { findAsset, hyperliquidQuote, wireNumber } from './hyperliquid-universe.js';

/**
 * `candleSnapshot` (notes §4.6): at most 5000 candles per reply. The real API
 * documents that only the most recent 5000 candles per interval exist; the
 * simulator applies that horizon only when asked (`retainedCandles`), because
 * the spec's rule 6 promises `start_date` beyond the cap on perpdex too.
 */

export const CANDLE_CAP = 5000;
const MINUTE = 60_000;
export const CANDLE_INTERVALS: Record<string, number> = {
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '2h': 120 * MINUTE,
  '4h': 240 * MINUTE,
  '8h': 480 * MINUTE,
  '12h': 720 * MINUTE,
  '1d': 1440 * MINUTE,
  '3d': 3 * 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};
/** Weekly candles open on Monday 00:00 UTC; the epoch was a Thursday. */
const WEEK_OFFSET = 4 * 1440 * MINUTE;

export interface WireCandle {
  t: number;
  T: number;
  s: string;
  i: string;
  o: string;
  c: string;
  h: string;
  l: string;
  v: string;
  n: number;
}

/**
 * Candles whose span [t, T] meets [startTime, endTime] (so the candles
 * containing the two bounds are included, as the real API does), within the
 * retention horizon, newest 5000 kept when more match.
 */
export function candleSnapshot(
  seed: number,
  coin: string,
  interval: string,
  startTime: number,
  endTime: number,
  now: number,
  retainedCandles: number | null = null,
): WireCandle[] {
  const asset = findAsset(coin);
  const step = CANDLE_INTERVALS[interval];
  if (!asset || !step) return [];
  const offset = interval === '1w' ? WEEK_OFFSET : 0;
  const align = (ms: number) => Math.floor((ms - offset) / step) * step + offset;
  const newest = align(now);
  const oldest = retainedCandles === null ? Number.NEGATIVE_INFINITY : newest - (retainedCandles - 1) * step;
  const first = Math.max(align(startTime), oldest);
  const last = Math.min(align(Math.min(endTime, now)), newest);
  const quote = hyperliquidQuote(seed, asset);
  const candles: WireCandle[] = [];
  for (let t = Math.max(first, last - (CANDLE_CAP - 1) * step); t <= last; t += step) {
    const bar = generateBar(quote, t, step, now);
    if (!bar) break;
    candles.push({
      t,
      T: t + step - 1,
      s: coin,
      i: interval,
      o: wireNumber(bar.open),
      c: wireNumber(bar.close),
      h: wireNumber(bar.high),
      l: wireNumber(bar.low),
      v: wireNumber(bar.volume),
      n: bar.trades,
    });
  }
  return candles;
}
