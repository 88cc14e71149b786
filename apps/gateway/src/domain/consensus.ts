import type { Candle, ConsensusCandle } from './candle.js';

/**
 * Per-bar multi-exchange consensus (spec "Consensus candle"): for every bar
 * time any source has, open/high/low/close are the medians of the
 * contributing sources' values, `sources` is how many contributed and
 * `div_pct` = (max − min) / median of their closes (a fraction: 0.001 means
 * the venues' closes span 0.1 % of the median). Volume is the sum of the
 * contributors' volumes: every source reports base-coin quantity, so the sum
 * is the bar's traded quantity across venues (a median would halve it
 * whenever a venue misses the bar). Sources must be sorted by time.
 */

export interface SourceSeries {
  exchange: string;
  candles: readonly Candle[];
}

/** Median of a small array, mutating its order. */
export function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

export function mergeConsensus(series: readonly SourceSeries[]): ConsensusCandle[] {
  const cursors = series.map(() => 0);
  const out: ConsensusCandle[] = [];
  const opens: number[] = [];
  const highs: number[] = [];
  const lows: number[] = [];
  const closes: number[] = [];
  for (;;) {
    let next = Number.POSITIVE_INFINITY;
    series.forEach((source, s) => {
      const candle = source.candles[cursors[s]!];
      if (candle && candle.timestamp < next) next = candle.timestamp;
    });
    if (next === Number.POSITIVE_INFINITY) return out;
    opens.length = highs.length = lows.length = closes.length = 0;
    let volume = 0;
    series.forEach((source, s) => {
      const candle = source.candles[cursors[s]!];
      if (!candle || candle.timestamp !== next) return;
      cursors[s]! += 1;
      opens.push(candle.open);
      highs.push(candle.high);
      lows.push(candle.low);
      closes.push(candle.close);
      volume += candle.volume;
    });
    const close = median(closes);
    const spread = closes[closes.length - 1]! - closes[0]!;
    out.push({
      timestamp: next,
      open: median(opens),
      high: median(highs),
      low: median(lows),
      close,
      volume,
      sources: closes.length,
      div_pct: close === 0 ? 0 : spread / close,
    });
  }
}
