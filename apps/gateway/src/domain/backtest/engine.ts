import type { CandleColumns } from '../candle-columns.js';

/**
 * The fill and accounting model of run_backtest [conventions, docs/decisions.md]:
 * - the target decided on bar t's close is filled at bar t+1's open, buys at open·(1 + slippage), sells at
 *   open·(1 − slippage) (no look-ahead: bar t+1's open is the first price after the decision);
 * - a new position is `fraction` of the equity at that open, in units of the instrument (linear P&L);
 * - every fill pays `fee_bps` of its notional; a flip is two fills (close, then open);
 * - equity is marked at each bar's close; a position still open after the last bar is closed at that bar's
 *   close (with slippage and fee) so every trade is counted.
 */
export interface CostModel {
  initialEquity: number;
  fraction: number;
  feeBps: number;
  slippageBps: number;
}

export interface Trade {
  side: 'long' | 'short';
  entry_time: number;
  exit_time: number;
  entry_price: number;
  exit_price: number;
  units: number;
  /** Net of both fills' fees. */
  pnl: number;
  return_pct: number;
  bars_held: number;
}

export interface Simulation {
  equity: Float64Array;
  /** 1 when a position was held through the bar (from its open). */
  exposed: Uint8Array;
  trades: Trade[];
}

export function simulate(bars: CandleColumns, target: Int8Array, costs: CostModel): Simulation {
  const n = bars.length;
  const equity = new Float64Array(n);
  const exposed = new Uint8Array(n);
  const trades: Trade[] = [];
  const fee = costs.feeBps / 1e4;
  const slip = costs.slippageBps / 1e4;
  let cash = costs.initialEquity;
  let units = 0;
  let open: {
    side: 'long' | 'short';
    time: number;
    price: number;
    bar: number;
    fees: number;
    units: number;
  } | null = null;

  const fill = (signedUnits: number, reference: number) => {
    const price = signedUnits > 0 ? reference * (1 + slip) : reference * (1 - slip);
    const cost = Math.abs(signedUnits) * price * fee;
    cash -= signedUnits * price + cost;
    units += signedUnits;
    return { price, cost };
  };
  const close = (t: number, reference: number, time: number) => {
    if (!open) return;
    const { price, cost } = fill(-units, reference);
    const gross = open.units * (price - open.price);
    const pnl = gross - open.fees - cost;
    trades.push({
      side: open.side,
      entry_time: open.time,
      exit_time: time,
      entry_price: open.price,
      exit_price: price,
      units: Math.abs(open.units),
      pnl,
      return_pct: (100 * pnl) / (Math.abs(open.units) * open.price),
      bars_held: t - open.bar,
    });
    open = null;
  };

  for (let t = 0; t < n; t++) {
    const wanted = t > 0 ? target[t - 1]! : 0;
    const held = Math.sign(units);
    if (wanted !== held) {
      const price = bars.open[t]!;
      const time = bars.timestamp[t]!;
      if (held !== 0) close(t, price, time);
      if (wanted !== 0) {
        const size = (costs.fraction * cash) / (price * (1 + slip));
        const { price: filled, cost } = fill(wanted * size, price);
        open = {
          side: wanted > 0 ? 'long' : 'short',
          time,
          price: filled,
          bar: t,
          fees: cost,
          units: wanted * size,
        };
      }
    }
    if (units !== 0) exposed[t] = 1;
    if (t === n - 1 && open) close(n - 1, bars.close[t]!, bars.timestamp[t]!);
    equity[t] = cash + units * bars.close[t]!;
  }
  return { equity, exposed, trades };
}
