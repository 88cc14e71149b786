import { streamId, uniform } from '../market/hash.js';
import type { Instrument } from './instrument.js';
import type { Side } from './order.js';
import { ceilTo, floorTo, snap } from './steps.js';

/**
 * The simulated market makers: a ladder of levels on each side of the mark, rebuilt from the mark at every
 * instant the core looks, so it moves with the shared price path. What a taker consumes from a level stays
 * consumed until the next refresh epoch; then the makers are back at full size. Level sizes are a pure function
 * of (seed, instrument, epoch, level), so a run replays exactly.
 */
export interface DepthShape {
  /** Levels per side. */
  levels: number;
  /** Distance of the best level from the mark, as a fraction of the mark. */
  halfSpread: number;
  /** Distance between levels, as a fraction of the mark. */
  step: number;
  /** Mean size of a level, in order units (snapped to the lot, at least one lot). */
  meanSize: number;
  /** How long consumed liquidity stays consumed, ms. */
  refreshMs: number;
}

export const DEFAULT_DEPTH: Omit<DepthShape, 'meanSize'> = {
  levels: 20,
  halfSpread: 0.0001,
  step: 0.0002,
  refreshMs: 1_000,
};

export interface Level {
  price: number;
  size: number;
}

export class SyntheticDepth {
  private readonly stream: number;
  private epoch = Number.NaN;
  private mark = Number.NaN;
  private readonly consumed = { buy: [] as number[], sell: [] as number[] };

  constructor(
    private readonly seed: number,
    readonly instrument: Instrument,
    readonly shape: DepthShape,
  ) {
    this.stream = streamId(`depth:${instrument.symbol}`);
  }

  /** Moves the ladder to the mark at `at`; a new epoch restores every consumed level. */
  update(mark: number, at: number): void {
    this.mark = mark;
    const epoch = Math.floor(at / this.shape.refreshMs);
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.consumed.buy = [];
      this.consumed.sell = [];
    }
  }

  /**
   * Level `k` of the makers' `side` (`sell`: the asks, ascending; `buy`: the bids, descending), with what is
   * left of it; undefined past the last level or where a bid would be at or below zero.
   */
  level(side: Side, k: number): Level | undefined {
    if (k >= this.shape.levels) return undefined;
    const { tickSize, lotSize } = this.instrument;
    const distance = this.shape.halfSpread + k * this.shape.step;
    const price =
      side === 'sell'
        ? ceilTo(this.mark * (1 + distance), tickSize)
        : floorTo(this.mark * (1 - distance), tickSize);
    if (price <= 0) return undefined;
    const draw = uniform(this.seed, this.stream, this.epoch * 128 + k * 2 + (side === 'sell' ? 1 : 0));
    const full = Math.max(lotSize, snap(this.shape.meanSize * (0.5 + draw), lotSize));
    return { price, size: snap(full - (this.consumed[side][k] ?? 0), lotSize) };
  }

  /** The first level of `side` with size left, and its index. */
  best(side: Side, from = 0): { k: number; level: Level } | undefined {
    for (let k = from; k < this.shape.levels; k++) {
      const level = this.level(side, k);
      if (!level) return undefined;
      if (level.size > 0) return { k, level };
    }
    return undefined;
  }

  consume(side: Side, k: number, size: number): void {
    this.consumed[side][k] = snap((this.consumed[side][k] ?? 0) + size, this.instrument.lotSize);
  }
}
