import type { CoinSpec } from '../market/coins.js';
import { gaussian, streamId } from '../market/hash.js';
import { pricePath } from '../market/price-path.js';

/**
 * The simulator's implied-vol surface: an ATM level, a term structure and a skew that drift with the price
 * path, so the analytics over the chain change from day to day. After a sell-off the level rises and the
 * curve inverts (backwardation); in calm rallies it is in contango with a flatter skew. DVOL is the surface's
 * 30-day ATM vol (notes §4.7: "30-day annualised implied vol").
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A smooth standard-normal-ish signal: a gaussian lattice with `spacingMs` nodes, linearly interpolated. */
function drift(seed: number, label: string, spacingMs: number, ms: number): number {
  const position = ms / spacingMs;
  const cell = Math.floor(position);
  const stream = streamId(`surface:${label}`);
  const left = gaussian(seed, stream, cell);
  const right = gaussian(seed, stream, cell + 1);
  return left + (right - left) * (position - cell);
}

export interface SurfaceState {
  /** 30-day ATM vol (fraction). */
  level: number;
  /** ATM(1 y) / ATM(30 d) − 1: positive = contango. */
  slope: number;
  /** Skew per unit of normalised log-moneyness: positive = puts richer. */
  skew: number;
  /** Smile curvature. */
  convexity: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The last state computed per coin. Every option of a coin is marked at the same instant (the exchange's
 * mark step), so one computation serves them all; without it each option paid two price-path reads a week
 * apart (which also evict each other's cached lattice cells) and four drift draws.
 */
const lastState = new WeakMap<CoinSpec, { seed: number; ms: number; state: SurfaceState }>();

/** The surface's state at `ms`: driven by the coin's trailing 7-day return and slow noise. Read-only. */
export function surfaceState(seed: number, spec: CoinSpec, ms: number): SurfaceState {
  const held = lastState.get(spec);
  if (held && held.seed === seed && held.ms === ms) return held.state;
  const state = freshSurfaceState(seed, spec, ms);
  lastState.set(spec, { seed, ms, state });
  return state;
}

function freshSurfaceState(seed: number, spec: CoinSpec, ms: number): SurfaceState {
  const path = pricePath(seed, spec);
  // Hourly-aligned reads keep the state piecewise smooth and cheap to recompute.
  const at = Math.floor(ms / HOUR_MS) * HOUR_MS;
  const weekReturn = Math.log(path.priceAt(at) / path.priceAt(at - 7 * DAY_MS));
  const level =
    spec.annualVol *
    Math.exp(0.18 * drift(seed, `level:${spec.coin}`, 5 * DAY_MS, ms)) *
    (1 - 1.2 * weekReturn);
  return {
    level: clamp(level, 0.2, 2.5),
    slope: clamp(
      0.12 + 0.1 * drift(seed, `slope:${spec.coin}`, 4 * DAY_MS, ms) + 2.5 * weekReturn,
      -0.45,
      0.45,
    ),
    skew: clamp(
      0.09 + 0.05 * drift(seed, `skew:${spec.coin}`, 3 * DAY_MS, ms) - 0.6 * weekReturn,
      -0.05,
      0.3,
    ),
    convexity: 0.22 + 0.04 * drift(seed, `convexity:${spec.coin}`, 6 * DAY_MS, ms),
  };
}

/** ATM vol at maturity `years`: the 30-day level tilted by `slope` per ln(τ / 30 d) / ln 12. */
export function atmVol(state: SurfaceState, years: number): number {
  // Below three days the curve stops tilting: the front end is where real surfaces are noisiest, not emptiest.
  const days = Math.max(years * 365, 3);
  return clamp(state.level * (1 + (state.slope * Math.log(days / 30)) / Math.log(12)), 0.1, 3);
}

/** Implied vol (fraction) at a strike: ATM times a quadratic smile in log-moneyness over √τ. */
export function surfaceVol(state: SurfaceState, forward: number, strike: number, years: number): number {
  const x = Math.log(strike / forward) / Math.sqrt(Math.max(years, 7 / 365));
  return clamp(atmVol(state, years) * (1 - state.skew * x + state.convexity * x * x), 0.05, 5);
}

/** DVOL at `ms` in vol points, two decimals as the index publishes. */
export function dvolAt(seed: number, spec: CoinSpec, ms: number): number {
  return Math.round(surfaceState(seed, spec, ms).level * 1e4) / 100;
}
