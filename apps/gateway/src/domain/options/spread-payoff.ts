/**
 * Payoff at expiry of a set of option legs (notes §9.13). Two views:
 * - `coin` (inverse-faithful, how Deribit settles): `PnL_coin(S_T) = Σ σ·amount·(intrinsic(S_T)/S_T − premium)`,
 *   also given in USD at expiry (`PnL_coin · S_T`); same breakevens since S_T > 0.
 * - `usd` (linear textbook view): `PnL_usd(S_T) = Σ σ·amount·(intrinsic(S_T) − premium·S_0)`.
 * Grid over [S_0(1 − w), S_0(1 + w)] plus every strike; breakevens refined by bisection; extremes over the
 * grid with the asymptotes: usd view unbounded as S_T → ∞ when Σσ·amount over calls ≠ 0; coin view
 * unbounded as S_T → 0 when Σσ·amount·K over puts ≠ 0 (a long put spread too). Fees excluded.
 */
export interface PayoffLeg {
  strike: number;
  type: 'call' | 'put';
  direction: 'buy' | 'sell';
  /** Coins (contracts of 1 coin). */
  amount: number;
  /** Premium per contract in coin. */
  premium: number;
}

export interface PayoffOptions {
  spot: number;
  /** w: half-width of the grid as a fraction of spot (default 0.5) [gateway convention]. */
  width: number;
  /** Evenly spaced grid points before the strikes are inserted (default 201). */
  points: number;
}

export interface ViewSummary {
  breakevens: number[];
  /** Largest P&L over the grid; null when unbounded. */
  max_profit: number | null;
  /** Smallest P&L over the grid (negative for a loss); null when unbounded. */
  max_loss: number | null;
  profit_unbounded: boolean;
  loss_unbounded: boolean;
}

const intrinsic = (leg: PayoffLeg, s: number) =>
  leg.type === 'call' ? Math.max(s - leg.strike, 0) : Math.max(leg.strike - s, 0);
const sign = (leg: PayoffLeg) => (leg.direction === 'buy' ? 1 : -1);

export const pnlCoin = (legs: readonly PayoffLeg[], s: number) =>
  legs.reduce((sum, leg) => sum + sign(leg) * leg.amount * (intrinsic(leg, s) / s - leg.premium), 0);

export const pnlUsd = (legs: readonly PayoffLeg[], s: number, spot: number) =>
  legs.reduce((sum, leg) => sum + sign(leg) * leg.amount * (intrinsic(leg, s) - leg.premium * spot), 0);

function bisect(f: (x: number) => number, lo: number, hi: number): number {
  let flo = f(lo);
  for (let k = 0; k < 80 && hi - lo > 1e-9 * hi; k++) {
    const mid = (lo + hi) / 2;
    const fm = f(mid);
    if (fm === 0) return mid;
    if (fm * flo < 0) hi = mid;
    else {
      lo = mid;
      flo = fm;
    }
  }
  return (lo + hi) / 2;
}

function summarize(f: (x: number) => number, grid: readonly number[], up: number, down: number): ViewSummary {
  const values = grid.map(f);
  const breakevens: number[] = [];
  for (let j = 0; j < grid.length; j++) {
    if (values[j] === 0) breakevens.push(grid[j]!);
    else if (j + 1 < grid.length && values[j]! * values[j + 1]! < 0)
      breakevens.push(bisect(f, grid[j]!, grid[j + 1]!));
  }
  // `up`/`down`: the P&L slope sign far out (>0 gains without bound, <0 loses without bound).
  const profitUnbounded = up > 0 || down > 0;
  const lossUnbounded = up < 0 || down < 0;
  return {
    breakevens,
    max_profit: profitUnbounded ? null : Math.max(...values),
    max_loss: lossUnbounded ? null : Math.min(...values),
    profit_unbounded: profitUnbounded,
    loss_unbounded: lossUnbounded,
  };
}

export function spreadPayoff(legs: readonly PayoffLeg[], options: PayoffOptions) {
  const { spot, width, points } = options;
  const low = spot * (1 - width);
  const step = points > 1 ? (2 * width * spot) / (points - 1) : 0;
  const set = new Set<number>();
  for (let j = 0; j < points; j++) set.add(low + j * step);
  for (const leg of legs) if (leg.strike > 0) set.add(leg.strike);
  const grid = [...set].filter((s) => s > 0).sort((a, b) => a - b);
  const callSlope = legs.filter((l) => l.type === 'call').reduce((sum, l) => sum + sign(l) * l.amount, 0);
  // As S_T → 0 the coin P&L is ≈ Σσ·amount·K / S_T over puts: its sign says which way it runs off.
  const putWeight = legs
    .filter((l) => l.type === 'put')
    .reduce((sum, l) => sum + sign(l) * l.amount * l.strike, 0);
  const coin = (s: number) => pnlCoin(legs, s);
  const usd = (s: number) => pnlUsd(legs, s, spot);
  return {
    spot,
    grid: grid.map((s) => ({ price: s, pnl_coin: coin(s), pnl_coin_usd: coin(s) * s, pnl_usd: usd(s) })),
    coin: summarize(coin, grid, 0, putWeight),
    usd: summarize(usd, grid, callSlope, 0),
  };
}
