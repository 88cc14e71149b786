import { unprocessable } from '@app/kit';
import { sma } from './moving-averages.js';
import { macd, rsi } from './oscillators.js';
import { adx, atr } from './volatility.js';

/**
 * The indicator catalogue of `get_indicators`: names, default periods (GUIDE:
 * SMA 20, RSI 14, ATR 14 Wilder, MACD 12/26/9, ADX 14 Wilder) and the
 * result record, which carries the parameters, the warm-up the indicator
 * needs and its latest value. An unsupported name yields null.
 */

export const SUPPORTED_INDICATORS = ['sma', 'rsi', 'atr', 'macd', 'adx'] as const;
export type IndicatorName = (typeof SUPPORTED_INDICATORS)[number];
export const DEFAULT_INDICATORS: readonly IndicatorName[] = ['rsi', 'atr', 'macd', 'adx'];
const MAX_NAMES = 32;

export interface PriceSeries {
  timestamp: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

export interface IndicatorResult {
  parameters: Record<string, number>;
  /** Candles needed before the first value (TA-Lib lookback + 1). */
  min_candles: number;
  /** Open time of the latest candle with a value, epoch ms; null while warming up. */
  timestamp: number | null;
  /** Latest value; for MACD an object with `macd`, `signal`, `histogram`. */
  value: number | { macd: number; signal: number; histogram: number } | null;
}

/**
 * `["rsi","macd"]` or `"rsi, macd"` → `["rsi","macd"]` (trimmed, lower-cased,
 * de-duplicated, order kept); absent or empty → the defaults.
 */
export function parseIndicatorNames(input: string | readonly string[] | undefined | null): string[] {
  const raw =
    input === undefined || input === null ? [] : typeof input === 'string' ? input.split(',') : input;
  const names = [...new Set(raw.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  if (names.length > MAX_NAMES)
    throw unprocessable(`indicators: at most ${MAX_NAMES} names`, 'VALIDATION_ERROR', {
      field: 'indicators',
    });
  return names.length ? names : [...DEFAULT_INDICATORS];
}

const isSupported = (name: string): name is IndicatorName =>
  (SUPPORTED_INDICATORS as readonly string[]).includes(name);

function lastValue(series: Float64Array, timestamps: Float64Array) {
  const i = series.length - 1;
  if (i < 0 || Number.isNaN(series[i]!)) return { timestamp: null, value: null };
  return { timestamp: timestamps[i]!, value: series[i]! };
}

export function computeIndicator(name: IndicatorName, prices: PriceSeries): IndicatorResult {
  const { high, low, close, timestamp } = prices;
  switch (name) {
    case 'sma':
      return { parameters: { period: 20 }, min_candles: 20, ...lastValue(sma(close, 20), timestamp) };
    case 'rsi':
      return { parameters: { period: 14 }, min_candles: 15, ...lastValue(rsi(close, 14), timestamp) };
    case 'atr':
      return {
        parameters: { period: 14 },
        min_candles: 15,
        ...lastValue(atr(high, low, close, 14), timestamp),
      };
    case 'adx':
      return {
        parameters: { period: 14 },
        min_candles: 28,
        ...lastValue(adx(high, low, close, 14), timestamp),
      };
    case 'macd': {
      const series = macd(close, 12, 26, 9);
      const parameters = { fast_period: 12, slow_period: 26, signal_period: 9 };
      const line = lastValue(series.macd, timestamp);
      if (line.value === null) return { parameters, min_candles: 34, timestamp: null, value: null };
      const i = close.length - 1;
      return {
        parameters,
        min_candles: 34,
        timestamp: line.timestamp,
        value: { macd: line.value, signal: series.signal[i]!, histogram: series.histogram[i]! },
      };
    }
  }
}

export function computeIndicators(names: readonly string[], prices: PriceSeries) {
  const out: Record<string, IndicatorResult | null> = {};
  for (const name of names) out[name] = isSupported(name) ? computeIndicator(name, prices) : null;
  return out;
}

/** Column arrays from candles, the layout the indicator functions take. */
export function toPriceSeries(
  candles: readonly { timestamp: number; high: number; low: number; close: number }[],
): PriceSeries {
  const n = candles.length;
  const series: PriceSeries = {
    timestamp: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const candle = candles[i]!;
    series.timestamp[i] = candle.timestamp;
    series.high[i] = candle.high;
    series.low[i] = candle.low;
    series.close[i] = candle.close;
  }
  return series;
}
