import { gaussian, streamId } from '../market/hash.js';

/**
 * A deterministic US Treasury par curve for any day, shared by the Treasury and FRED simulators so the two
 * agree as the real sources do (FRED's DGS* republish the Treasury curve). A Nelson–Siegel curve whose level
 * and slope drift on slow cycles: the slope factor passes through positive values for months at a time,
 * so the curve inverts for a stretch (as it did 2022–2024), then steepens again. Plus a little daily noise
 * per tenor from the seed. Values are percent, two decimals, as the feed publishes them.
 */

/** Maturities in years of the feed's `BC_*` points. */
export const TENOR_YEARS = {
  '1M': 1 / 12,
  '1.5M': 1.5 / 12,
  '2M': 2 / 12,
  '3M': 3 / 12,
  '4M': 4 / 12,
  '6M': 0.5,
  '1Y': 1,
  '2Y': 2,
  '3Y': 3,
  '5Y': 5,
  '7Y': 7,
  '10Y': 10,
  '20Y': 20,
  '30Y': 30,
} as const;

export type Tenor = keyof typeof TENOR_YEARS;

const YEAR_DAYS = 365.25;
const TAU = 1.8;
const noiseStream = streamId('us-rates:noise');

const cycle = (day: number, years: number, phase: number) =>
  Math.sin((2 * Math.PI * day) / (years * YEAR_DAYS) + phase);

/** The curve of one day (days since 1970-01-01), every tenor, before the feed leaves any out. */
export function parCurve(seed: number, day: number): Record<Tenor, number> {
  const level = 3.4 + 1.4 * cycle(day, 11, 0.3) + 0.4 * cycle(day, 3.1, 1);
  // short minus long: positive values invert the curve (about a quarter of the time).
  const slope = -1.0 + 1.6 * cycle(day, 6.5, 2.2);
  const hump = 0.6 * cycle(day, 4.3, 0.7);
  const curve = {} as Record<Tenor, number>;
  let index = 0;
  for (const [tenor, years] of Object.entries(TENOR_YEARS) as [Tenor, number][]) {
    const x = years / TAU;
    const f1 = (1 - Math.exp(-x)) / x;
    const f2 = f1 - Math.exp(-x);
    const noise = 0.015 * gaussian(seed, noiseStream, day * 16 + index++);
    const value = level + slope * f1 + hump * f2 + noise;
    curve[tenor] = Math.round(Math.max(0.01, value) * 100) / 100;
  }
  return curve;
}
