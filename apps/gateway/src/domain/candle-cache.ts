import type { Candle } from './candle.js';
import type { Window } from './paging.js';

/**
 * Closed candles are immutable, so once fetched they can be served again
 * without calling upstream. The cache remembers, per series key, which bar
 * ranges were fetched (so a bar the venue does not have is known to be
 * missing, not re-fetched) and the bars themselves; only bars that had closed
 * when the data was obtained are stored, never the still-forming one.
 * Bounded by a total bar count with least-recently-used eviction of series.
 */

interface Segment {
  /** First and last bar open covered, inclusive, epoch ms. */
  from: number;
  to: number;
  /** When the data was obtained upstream, epoch ms. */
  fetchedAt: number;
}

interface Entry {
  candles: Candle[];
  segments: Segment[];
}

export interface CacheLookup {
  /** Cached bars inside [first, last], in order. */
  hits: Candle[];
  /** Sub-ranges of [first, last] not covered by the cache, in order. */
  missing: Window[];
  /** Oldest fetch time among the cached segments used; null when nothing was cached. */
  fetchedAt: number | null;
}

/** A bar is final only after a short settling delay past its close, so late trades are not frozen out. */
export const SETTLE_MS = 10_000;

function lowerBound(candles: readonly Candle[], timestamp: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid]!.timestamp < timestamp) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class ClosedCandleCache {
  private readonly entries = new Map<string, Entry>();
  private bars = 0;

  constructor(private readonly maxBars = 2_000_000) {}

  get size(): number {
    return this.bars;
  }

  lookup(key: string, first: number, last: number, step: number): CacheLookup {
    const entry = this.entries.get(key);
    if (!entry || last < first)
      return { hits: [], missing: last < first ? [] : [{ from: first, to: last }], fetchedAt: null };
    this.entries.delete(key);
    this.entries.set(key, entry);
    const missing: Window[] = [];
    let cursor = first;
    let fetchedAt: number | null = null;
    for (const segment of entry.segments) {
      if (segment.to < cursor || segment.from > last) continue;
      if (segment.from > cursor) missing.push({ from: cursor, to: Math.min(last, segment.from - step) });
      fetchedAt = fetchedAt === null ? segment.fetchedAt : Math.min(fetchedAt, segment.fetchedAt);
      cursor = segment.to + step;
      if (cursor > last) break;
    }
    if (cursor <= last) missing.push({ from: cursor, to: last });
    const start = lowerBound(entry.candles, first);
    const end = lowerBound(entry.candles, last + 1);
    return { hits: entry.candles.slice(start, end), missing, fetchedAt };
  }

  /**
   * Records that [from, to] was fetched at `fetchedAt` and returned `candles`
   * (sorted, inside the window). Bars not yet closed at `fetchedAt` are left out.
   */
  store(key: string, window: Window, step: number, candles: readonly Candle[], fetchedAt: number): void {
    const lastClosed = Math.floor((fetchedAt - SETTLE_MS) / step) * step - step;
    const to = Math.min(window.to, lastClosed);
    if (to < window.from) return;
    const fresh = candles.filter((candle) => candle.timestamp >= window.from && candle.timestamp <= to);
    const entry = this.entries.get(key) ?? { candles: [], segments: [] };
    this.entries.delete(key);
    const existing = entry.candles;
    const before = existing.length;
    if (!existing.length || existing[existing.length - 1]!.timestamp < window.from) {
      // Windows usually arrive in time order: append without copying what is cached.
      for (const candle of fresh) existing.push(candle);
    } else {
      const head = lowerBound(existing, window.from);
      const tail = lowerBound(existing, to + 1);
      entry.candles = existing.slice(0, head).concat(fresh, existing.slice(tail));
    }
    this.bars += entry.candles.length - before;
    entry.segments = addSegment(entry.segments, { from: window.from, to, fetchedAt }, step);
    this.entries.set(key, entry);
    this.evict();
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bars <= this.maxBars) return;
      this.entries.delete(key);
      this.bars -= entry.candles.length;
    }
  }
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
