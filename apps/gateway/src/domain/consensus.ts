import type { ConsensusCandle } from './candle.js';
import { type CandleGrid, type ConsensusColumns, consensusColumns } from './candle-columns.js';

/**
 * Per-bar multi-exchange consensus (spec "Consensus candle"): for every bar
 * time any source has, open/high/low/close are the medians of the
 * contributing sources' values, `sources` is how many contributed and
 * `div_pct` = (max − min) / median of their closes (a fraction: 0.001 means
 * the venues' closes span 0.1 % of the median). Volume is the sum of the
 * contributors' volumes: every source reports base-coin quantity, so the sum
 * is the bar's traded quantity across venues (a median would halve it
 * whenever a venue misses the bar).
 */

/** Median of a small array, mutating its order. */
export function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

function checkGrids(grids: readonly CandleGrid[]): void {
  const [head] = grids;
  for (const grid of grids)
    if (grid.count !== head!.count || grid.first !== head!.first || grid.step !== head!.step)
      throw new Error('consensus of series on different grids');
}

/** Whether some source has the slot. */
export function anySource(grids: readonly CandleGrid[], slot: number): boolean {
  for (const grid of grids) if (grid.present[slot]) return true;
  return false;
}

/** Bars of the consensus of series on one grid: the slots some source has. */
export function consensusLength(grids: readonly CandleGrid[]): number {
  checkGrids(grids);
  const count = grids[0]?.count ?? 0;
  let length = 0;
  for (let slot = 0; slot < count; slot++) if (anySource(grids, slot)) length++;
  return length;
}

// Scratch of consensusAt: one bar's values from each source (a handful), reused for every bar.
const opens: number[] = [];
const highs: number[] = [];
const lows: number[] = [];
const closes: number[] = [];

/**
 * The consensus bar of one slot of series on one grid (same first bar, step and length: the request's bars),
 * written into `bar`; false when no source has the slot. Allocates nothing; two sources (the common case) take
 * the mean of the pair, which is their median, without sorting.
 */
export function consensusAt(grids: readonly CandleGrid[], slot: number, bar: ConsensusCandle): boolean {
  opens.length = highs.length = lows.length = closes.length = 0;
  let volume = 0;
  for (const grid of grids) {
    if (!grid.present[slot]) continue;
    opens.push(grid.open[slot]!);
    highs.push(grid.high[slot]!);
    lows.push(grid.low[slot]!);
    closes.push(grid.close[slot]!);
    volume += grid.volume[slot]!;
  }
  const n = closes.length;
  if (!n) return false;
  let spread: number;
  if (n === 1) {
    bar.open = opens[0]!;
    bar.high = highs[0]!;
    bar.low = lows[0]!;
    bar.close = closes[0]!;
    spread = 0;
  } else if (n === 2) {
    bar.open = (opens[0]! + opens[1]!) / 2;
    bar.high = (highs[0]! + highs[1]!) / 2;
    bar.low = (lows[0]! + lows[1]!) / 2;
    bar.close = (closes[0]! + closes[1]!) / 2;
    spread = Math.abs(closes[0]! - closes[1]!);
  } else {
    bar.open = median(opens);
    bar.high = median(highs);
    bar.low = median(lows);
    bar.close = median(closes);
    spread = closes[n - 1]! - closes[0]!;
  }
  bar.timestamp = grids[0]!.first + slot * grids[0]!.step;
  bar.volume = volume;
  bar.sources = n;
  bar.div_pct = bar.close === 0 ? 0 : spread / bar.close;
  return true;
}

/** A consensus bar to fill. */
export const emptyConsensusBar = (): ConsensusCandle => ({
  timestamp: 0,
  open: 0,
  high: 0,
  low: 0,
  close: 0,
  volume: 0,
  sources: 0,
  div_pct: 0,
});

/**
 * Writes the consensus of slots [from, to) into `out` from its bar `at` on and returns the next free bar of
 * `out` (consensusLength gives the length `out` needs), so a long grid can be merged a slice at a time.
 */
export function mergeConsensusInto(
  grids: readonly CandleGrid[],
  out: ConsensusColumns,
  from: number,
  to: number,
  at: number,
): number {
  checkGrids(grids);
  const bar = emptyConsensusBar();
  let j = at;
  for (let slot = from; slot < to; slot++) {
    if (!consensusAt(grids, slot, bar)) continue;
    out.timestamp[j] = bar.timestamp;
    out.open[j] = bar.open;
    out.high[j] = bar.high;
    out.low[j] = bar.low;
    out.close[j] = bar.close;
    out.volume[j] = bar.volume;
    out.sources[j] = bar.sources;
    out.div_pct[j] = bar.div_pct;
    j++;
  }
  return j;
}

/** The consensus of series on one grid, as columns holding only the bars some source has. */
export function mergeConsensus(grids: readonly CandleGrid[]): ConsensusColumns {
  const out = consensusColumns(consensusLength(grids));
  mergeConsensusInto(grids, out, 0, grids[0]?.count ?? 0, 0);
  return out;
}
