import type { Candle } from './candle.js';
import { CandleGrid, copySlots, GRID_BYTES_PER_SLOT } from './candle-columns.js';
import type { Window } from './paging.js';

/**
 * Closed candles are immutable, so once fetched they can be served again
 * without calling upstream. The cache remembers, per series key, which bar
 * ranges were fetched (segments, so a bar the venue does not have is known to
 * be missing, not re-fetched) and the bars themselves; only bars that had
 * closed when the data was obtained are stored, never the still-forming one.
 *
 * Bars are kept as columns: each series is cut into chunks of CHUNK_BARS slots
 * on its time grid (a chunk is a CandleGrid, one ArrayBuffer of 41 bytes a
 * slot), created only where the venue has bars. The cache is bounded in bytes
 * (the chunks' buffers plus an allowance for the objects around them and the
 * segments); beyond the bound the least recently used chunk (read or written)
 * is evicted and its time span removed from the series' segments, so those
 * bars are reported missing and fetched again.
 */

interface Segment {
  /** First and last bar open covered, inclusive, epoch ms. */
  from: number;
  to: number;
  /** When the data was obtained upstream, epoch ms. */
  fetchedAt: number;
}

interface Chunk {
  series: Series;
  /** floor(open time / (step · CHUNK_BARS)): the chunk's place on the series' grid. */
  index: number;
  grid: CandleGrid;
}

interface Series {
  key: string;
  step: number;
  chunks: Map<number, Chunk>;
  segments: Segment[];
}

export interface CacheRead {
  /** Sub-ranges of [first, last] not covered by the cache, in order. */
  missing: Window[];
  /** Oldest fetch time among the cached segments used; null when nothing was cached. */
  fetchedAt: number | null;
}

/** A bar is final only after a short settling delay past its close, so late trades are not frozen out. */
export const SETTLE_MS = 10_000;
/** Slots per chunk: 42 kB of columns, about 17 hours of 1m bars or 43 days of 1h bars. */
export const CHUNK_BARS = 1024;
/** What a chunk costs: its buffer, and the chunk object, its grid and six typed-array views, map and LRU entries. */
export const CHUNK_BYTES = CHUNK_BARS * GRID_BYTES_PER_SLOT + 1024;
/** A segment object and its array slot. */
export const SEGMENT_BYTES = 64;
/** A series entry without its chunks and segments (its key is counted apart, two bytes a character). */
export const SERIES_BYTES = 256;

/** The open time of the last bar settled at `now` (closed at least SETTLE_MS before it). */
export const lastSettled = (now: number, step: number) => Math.floor((now - SETTLE_MS) / step) * step - step;

export class ClosedCandleCache {
  readonly #series = new Map<string, Series>();
  /** Chunks from least to most recently used (a Set keeps insertion order; a use deletes and re-adds). */
  readonly #lru = new Set<Chunk>();
  #bytes = 0;

  constructor(private readonly maxBytes = 64 * 2 ** 20) {}

  /** Bytes held, as accounted (never above the bound after a call returns). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Bars held (slots of the chunks present). */
  get bars(): number {
    let n = 0;
    for (const chunk of this.#lru) n += chunk.grid.bars();
    return n;
  }

  /**
   * Writes the cached bars of [first, last] into `into` (a grid of the same step covering that range) and
   * says which parts are not cached.
   */
  read(key: string, first: number, last: number, step: number, into: CandleGrid): CacheRead {
    const series = this.#series.get(key);
    if (last < first) return { missing: [], fetchedAt: null };
    if (!series || series.step !== step) return { missing: [{ from: first, to: last }], fetchedAt: null };
    this.#series.delete(key);
    this.#series.set(key, series);
    const missing: Window[] = [];
    let cursor = first;
    let fetchedAt: number | null = null;
    for (const segment of series.segments) {
      if (segment.to < cursor || segment.from > last) continue;
      if (segment.from > cursor) missing.push({ from: cursor, to: Math.min(last, segment.from - step) });
      fetchedAt = fetchedAt === null ? segment.fetchedAt : Math.min(fetchedAt, segment.fetchedAt);
      this.#copy(series, Math.max(cursor, segment.from), Math.min(last, segment.to), into);
      cursor = segment.to + step;
      if (cursor > last) break;
    }
    if (cursor <= last) missing.push({ from: cursor, to: last });
    return { missing, fetchedAt };
  }

  /**
   * Records that [from, to] was fetched at `fetchedAt` and returned `candles` (in any order; bars outside the
   * window are ignored). Bars not yet settled at `fetchedAt` are left out. A window holding a bar whose open
   * time is off the series' grid is not cached at all.
   */
  store(key: string, window: Window, step: number, candles: readonly Candle[], fetchedAt: number): void {
    const to = Math.min(window.to, lastSettled(fetchedAt, step));
    if (to < window.from) return;
    for (const candle of candles)
      if (candle.timestamp >= window.from && candle.timestamp <= to && candle.timestamp % step !== 0) return;
    let series = this.#series.get(key);
    if (series && series.step !== step) {
      this.#dropSeries(series);
      series = undefined;
    }
    if (!series) {
      series = { key, step, chunks: new Map(), segments: [] };
      this.#bytes += SERIES_BYTES + 2 * key.length;
    } else this.#series.delete(key);
    this.#series.set(key, series);
    // What the venue answered now replaces what was there: a bar it no longer has is absent.
    const span = step * CHUNK_BARS;
    for (let index = Math.floor(window.from / span); index <= Math.floor(to / span); index++) {
      const chunk = series.chunks.get(index);
      if (chunk) clearSlots(chunk.grid, window.from, to);
    }
    for (const candle of candles) {
      if (candle.timestamp < window.from || candle.timestamp > to) continue;
      const index = Math.floor(candle.timestamp / span);
      let chunk = series.chunks.get(index);
      if (!chunk) {
        chunk = { series, index, grid: new CandleGrid(index * span, step, CHUNK_BARS) };
        series.chunks.set(index, chunk);
        this.#bytes += CHUNK_BYTES;
      }
      chunk.grid.put(candle);
    }
    for (let index = Math.floor(window.from / span); index <= Math.floor(to / span); index++) {
      const chunk = series.chunks.get(index);
      if (chunk) this.#touch(chunk);
    }
    this.#setSegments(series, addSegment(series.segments, { from: window.from, to, fetchedAt }, step));
    this.#evict();
  }

  #copy(series: Series, from: number, to: number, into: CandleGrid): void {
    const span = series.step * CHUNK_BARS;
    for (let index = Math.floor(from / span); index <= Math.floor(to / span); index++) {
      const chunk = series.chunks.get(index);
      if (!chunk) continue;
      copySlots(chunk.grid, into, from, to);
      this.#touch(chunk);
    }
  }

  #touch(chunk: Chunk): void {
    this.#lru.delete(chunk);
    this.#lru.add(chunk);
  }

  #setSegments(series: Series, segments: Segment[]): void {
    this.#bytes += (segments.length - series.segments.length) * SEGMENT_BYTES;
    series.segments = segments;
  }

  #evict(): void {
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#lru.values().next();
      if (!oldest.done) {
        this.#dropChunk(oldest.value);
        continue;
      }
      // No chunk left: series holding only segments (ranges known to be empty), least recently used first.
      const series = this.#series.values().next();
      if (series.done) return;
      this.#dropSeries(series.value);
    }
  }

  /** Forgets a chunk's bars and that its time span was fetched. */
  #dropChunk(chunk: Chunk): void {
    const { series } = chunk;
    this.#lru.delete(chunk);
    series.chunks.delete(chunk.index);
    this.#bytes -= CHUNK_BYTES;
    const from = chunk.grid.first;
    const to = chunk.grid.last;
    const step = series.step;
    const kept = series.segments.flatMap((segment) => {
      if (segment.to < from || segment.from > to) return [segment];
      const parts: Segment[] = [];
      if (segment.from < from) parts.push({ ...segment, to: from - step });
      if (segment.to > to) parts.push({ ...segment, from: to + step });
      return parts;
    });
    this.#setSegments(series, kept);
    if (!series.chunks.size && !series.segments.length) this.#dropSeries(series);
  }

  #dropSeries(series: Series): void {
    for (const chunk of series.chunks.values()) {
      this.#lru.delete(chunk);
      this.#bytes -= CHUNK_BYTES;
    }
    series.chunks.clear();
    this.#setSegments(series, []);
    this.#series.delete(series.key);
    this.#bytes -= SERIES_BYTES + 2 * series.key.length;
  }
}

function clearSlots(grid: CandleGrid, from: number, to: number): void {
  const start = Math.max(0, Math.ceil((from - grid.first) / grid.step));
  const end = Math.min(grid.count - 1, Math.floor((to - grid.first) / grid.step));
  if (end >= start) grid.present.fill(0, start, end + 1);
}

/** Inserts a segment, merging with overlapping or adjacent ones (merged fetch time: the older). */
function addSegment(segments: readonly Segment[], added: Segment, step: number): Segment[] {
  const out: Segment[] = [];
  let current = { ...added };
  for (const segment of segments) {
    if (segment.to + step < current.from) out.push(segment);
    else if (segment.from > current.to + step) {
      out.push(current);
      current = { ...segment };
    } else {
      current = {
        from: Math.min(segment.from, current.from),
        to: Math.max(segment.to, current.to),
        fetchedAt: Math.min(segment.fetchedAt, current.fetchedAt),
      };
    }
  }
  out.push(current);
  return out.sort((x, y) => x.from - y.from);
}
