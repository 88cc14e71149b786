import type { Candle, ConsensusCandle } from './candle.js';

/**
 * Candles as columns of numbers instead of one object per bar. A Candle object costs some 100–120 bytes (each
 * number a boxed heap number) and the garbage collector walks every one of them; a bar in Float64Array columns
 * costs 41–57 bytes outside the JS heap. Two shapes:
 *
 * - `CandleGrid`: bars on a fixed time grid (slot i opens at first + i·step), a presence byte per slot. What is
 *   fetched and cached: a bar is written straight into its slot, whatever order pages arrive in.
 * - `CandleColumns` / `ConsensusColumns`: only the bars that exist, in order, with their timestamps. What an
 *   answer holds.
 */

/** Bytes per slot of a CandleGrid: five Float64 columns and a presence byte. */
export const GRID_BYTES_PER_SLOT = 5 * 8 + 1;

export class CandleGrid {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** 1 where the slot holds a bar. */
  readonly present: Uint8Array;

  /** `first` is the open time of slot 0 (epoch ms), `count` the number of slots. All columns share one buffer. */
  constructor(
    readonly first: number,
    readonly step: number,
    readonly count: number,
  ) {
    const buffer = new ArrayBuffer(count * GRID_BYTES_PER_SLOT);
    this.open = new Float64Array(buffer, 0, count);
    this.high = new Float64Array(buffer, 8 * count, count);
    this.low = new Float64Array(buffer, 16 * count, count);
    this.close = new Float64Array(buffer, 24 * count, count);
    this.volume = new Float64Array(buffer, 32 * count, count);
    this.present = new Uint8Array(buffer, 40 * count, count);
  }

  /** Open time of the last slot. */
  get last(): number {
    return this.first + (this.count - 1) * this.step;
  }

  /** The slot of the bar opening at `timestamp`, or -1 when that is not on the grid. */
  slotOf(timestamp: number): number {
    const offset = timestamp - this.first;
    if (offset < 0 || offset % this.step !== 0) return -1;
    const slot = offset / this.step;
    return slot < this.count ? slot : -1;
  }

  /** Writes a candle into its slot (a later write wins); false when its open time is not on the grid. */
  put(candle: Candle): boolean {
    const slot = this.slotOf(candle.timestamp);
    if (slot === -1) return false;
    this.open[slot] = candle.open;
    this.high[slot] = candle.high;
    this.low[slot] = candle.low;
    this.close[slot] = candle.close;
    this.volume[slot] = candle.volume;
    this.present[slot] = 1;
    return true;
  }

  /** Bars present. */
  bars(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) n += this.present[i]!;
    return n;
  }

  candle(slot: number): Candle {
    return {
      timestamp: this.first + slot * this.step,
      open: this.open[slot]!,
      high: this.high[slot]!,
      low: this.low[slot]!,
      close: this.close[slot]!,
      volume: this.volume[slot]!,
    };
  }

  /** The bars present, as objects, in order. */
  toCandles(): Candle[] {
    const out: Candle[] = [];
    for (let i = 0; i < this.count; i++) if (this.present[i]) out.push(this.candle(i));
    return out;
  }
}

/**
 * Copies the slots of `source` whose open times lie in [from, to] into the same slots of `target` (same step;
 * both grids' bounds apply), presence included: a slot absent in the source becomes absent in the target.
 */
export function copySlots(source: CandleGrid, target: CandleGrid, from: number, to: number): void {
  if (source.step !== target.step) throw new Error('copySlots: grids of different steps');
  const step = source.step;
  const start = Math.max(from, source.first, target.first);
  const end = Math.min(to, source.last, target.last);
  if (end < start) return;
  const s = Math.ceil((start - source.first) / step);
  const t = (source.first + s * step - target.first) / step;
  const n = Math.floor((end - source.first) / step) - s + 1;
  if (n <= 0 || !Number.isInteger(t)) return;
  target.open.set(source.open.subarray(s, s + n), t);
  target.high.set(source.high.subarray(s, s + n), t);
  target.low.set(source.low.subarray(s, s + n), t);
  target.close.set(source.close.subarray(s, s + n), t);
  target.volume.set(source.volume.subarray(s, s + n), t);
  target.present.set(source.present.subarray(s, s + n), t);
}

/**
 * Bars of `step` (a multiple of the grid's) from a finer grid: open of the first bar present in the bucket, max
 * high, min low, close of the last, summed volume; a bucket with no bar is absent. Buckets are aligned to the
 * epoch (4 h: 00/04/08/12/16/20 UTC, optx notes §4.8 gateway convention).
 */
export function aggregateGrid(fine: CandleGrid, step: number): CandleGrid {
  const first = Math.floor(fine.first / step) * step;
  const count = fine.count ? Math.floor(fine.last / step) - first / step + 1 : 0;
  const out = new CandleGrid(first, step, count);
  for (let i = 0; i < fine.count; i++) {
    if (!fine.present[i]) continue;
    const slot = Math.floor((fine.first + i * fine.step - first) / step);
    if (!out.present[slot]) {
      out.present[slot] = 1;
      out.open[slot] = fine.open[i]!;
      out.high[slot] = fine.high[i]!;
      out.low[slot] = fine.low[i]!;
      out.volume[slot] = 0;
    } else {
      if (fine.high[i]! > out.high[slot]!) out.high[slot] = fine.high[i]!;
      if (fine.low[i]! < out.low[slot]!) out.low[slot] = fine.low[i]!;
    }
    out.close[slot] = fine.close[i]!;
    out.volume[slot]! += fine.volume[i]!;
  }
  return out;
}

/**
 * The slot of the i-th bar of a grid (or of grids) given which slots hold a bar: asking for i upwards, as a
 * list is written out, costs one pass over the slots in all; asking for an earlier bar starts over.
 */
export function slotOfBar(count: number, present: (slot: number) => boolean): (index: number) => number {
  let index = -1;
  let slot = -1;
  return (wanted) => {
    if (wanted < index) {
      index = -1;
      slot = -1;
    }
    while (index < wanted && slot < count - 1) {
      slot++;
      if (present(slot)) index++;
    }
    return slot;
  };
}

/** Bars that exist, in time order, as columns (48 bytes a bar). */
export interface CandleColumns {
  length: number;
  timestamp: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Consensus bars as columns (57 bytes a bar). */
export interface ConsensusColumns extends CandleColumns {
  sources: Uint8Array;
  div_pct: Float64Array;
}

function candleColumns(length: number, extra = 0): { columns: Float64Array[]; buffer: ArrayBuffer } {
  const fields = 6 + extra;
  const buffer = new ArrayBuffer(length * 8 * fields + (extra ? length : 0));
  const columns = Array.from({ length: fields }, (_, f) => new Float64Array(buffer, f * 8 * length, length));
  return { columns, buffer };
}

/** The bars present in a grid, without the empty slots. */
export function compactGrid(grid: CandleGrid): CandleColumns {
  const length = grid.bars();
  const { columns } = candleColumns(length);
  const [timestamp, open, high, low, close, volume] = columns as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  let j = 0;
  for (let i = 0; i < grid.count; i++) {
    if (!grid.present[i]) continue;
    timestamp[j] = grid.first + i * grid.step;
    open[j] = grid.open[i]!;
    high[j] = grid.high[i]!;
    low[j] = grid.low[i]!;
    close[j] = grid.close[i]!;
    volume[j] = grid.volume[i]!;
    j++;
  }
  return { length, timestamp, open, high, low, close, volume };
}

/** Empty columns of `length` bars for a consensus, in one buffer. */
export function consensusColumns(length: number): ConsensusColumns {
  const { columns, buffer } = candleColumns(length, 1);
  const [timestamp, open, high, low, close, volume, div_pct] = columns as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const sources = new Uint8Array(buffer, 7 * 8 * length, length);
  return { length, timestamp, open, high, low, close, volume, sources, div_pct };
}

export function candleAt(columns: CandleColumns, i: number): Candle {
  return {
    timestamp: columns.timestamp[i]!,
    open: columns.open[i]!,
    high: columns.high[i]!,
    low: columns.low[i]!,
    close: columns.close[i]!,
    volume: columns.volume[i]!,
  };
}

export function consensusCandleAt(columns: ConsensusColumns, i: number): ConsensusCandle {
  return {
    timestamp: columns.timestamp[i]!,
    open: columns.open[i]!,
    high: columns.high[i]!,
    low: columns.low[i]!,
    close: columns.close[i]!,
    volume: columns.volume[i]!,
    sources: columns.sources[i]!,
    div_pct: columns.div_pct[i]!,
  };
}
