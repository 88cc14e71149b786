import type { CoinSpec } from './coins.js';
import { gaussian, streamId } from './hash.js';

/** Lattice spacings 2^0 … 2^18 minutes (1 minute to about half a year). */
const OCTAVES = 19;
const MINUTES_PER_YEAR = 525_600;
/** Scales the octave sum so the path's realised volatility is close to the coin's annualVol. */
const OCTAVE_GAIN = 0.5;

/**
 * The shared underlying of one coin: log-price is a sum of linearly
 * interpolated random lattices at doubling spacings with amplitudes ∝ √spacing,
 * which has Brownian scaling (variance of increments ∝ Δt) from one minute up
 * to months, and stays within a realistic band around the reference price
 * over years. Any instant costs O(octaves) with no history; consecutive
 * instants reuse the lattice cells they share, so a sequential scan costs
 * about two lattice draws per minute.
 */
export class PricePath {
  private readonly stream: number;
  private readonly logReference: number;
  private readonly amplitude: Float64Array;
  private readonly cell = new Float64Array(OCTAVES).fill(Number.NaN);
  private readonly left = new Float64Array(OCTAVES);
  private readonly right = new Float64Array(OCTAVES);
  private readonly inverseSpacing = Float64Array.from({ length: OCTAVES }, (_, k) => 2 ** -k);

  constructor(
    private readonly seed: number,
    readonly spec: CoinSpec,
  ) {
    this.stream = streamId(`path:${spec.coin}`);
    this.logReference = Math.log(spec.referencePrice);
    const perMinuteVol = spec.annualVol / Math.sqrt(MINUTES_PER_YEAR);
    this.perMinuteVol = perMinuteVol;
    this.amplitude = new Float64Array(OCTAVES);
    for (let k = 0; k < OCTAVES; k++) this.amplitude[k] = OCTAVE_GAIN * perMinuteVol * Math.sqrt(2 ** k);
  }

  /** Index (spot) price in USD at an epoch-millisecond instant. */
  priceAt(ms: number): number {
    const minutes = ms / 60_000;
    let logPrice = this.logReference;
    for (let k = 0; k < OCTAVES; k++) {
      const position = minutes * this.inverseSpacing[k]!;
      const cell = Math.floor(position);
      if (cell !== this.cell[k]) {
        this.cell[k] = cell;
        this.left[k] = this.node(k, cell);
        this.right[k] = this.node(k, cell + 1);
      }
      const frac = position - cell;
      logPrice += this.amplitude[k]! * (this.left[k]! + (this.right[k]! - this.left[k]!) * frac);
    }
    return Math.exp(logPrice);
  }

  /** Per-minute volatility of the path (fraction), for wick and volume scaling. */
  readonly perMinuteVol: number;

  private node(octave: number, cell: number): number {
    // Interleave octaves in one index space: cells are < 2^26 for any date before 2100.
    return gaussian(this.seed, this.stream, cell * 32 + octave);
  }
}

const paths = new Map<string, PricePath>();

/** The one path per (seed, coin); every venue simulator reads the same instance. */
export function pricePath(seed: number, spec: CoinSpec): PricePath {
  const key = `${seed}:${spec.coin}`;
  let path = paths.get(key);
  if (!path) {
    path = new PricePath(seed, spec);
    paths.set(key, path);
  }
  return path;
}
