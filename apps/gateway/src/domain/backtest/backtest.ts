import { unprocessable } from '@app/kit';
import type { CandleColumns } from '../candle-columns.js';
import { type CostModel, simulate, type Trade } from './engine.js';
import { decimate, type Metrics, metrics } from './metrics.js';
import { targets } from './signals.js';
import { type Direction, type Strategy, strategyWarmup } from './strategy.js';

export interface BacktestResult {
  metrics: Metrics;
  trades: Trade[];
  equity_curve: { timestamp: number; equity: number }[];
  bars: number;
  warmup_bars: number;
}

/** A backtest over bars already fetched; 422 naming the field for bad strategy input or too few bars. */
export function runBacktest(
  bars: CandleColumns,
  barMs: number,
  strategy: Strategy,
  direction: Direction,
  costs: CostModel,
): BacktestResult {
  const warmup = strategyWarmup(strategy, direction);
  // One bar to decide after the warm-up and one more to fill at its open.
  if (bars.length < warmup + 2)
    throw unprocessable(
      `the range has ${bars.length} bars; the strategy needs ${warmup + 2} (warm-up ${warmup} + a signal bar + a fill bar)`,
      'INVALID_STRATEGY',
      { field: 'start_date' },
    );
  const sim = simulate(bars, targets(bars, strategy, direction), costs);
  const n = bars.length;
  return {
    metrics: metrics(sim, costs.initialEquity, barMs, bars.open[0]!, bars.close[n - 1]!),
    trades: sim.trades,
    equity_curve: decimate(bars.timestamp, sim.equity),
    bars: n,
    warmup_bars: warmup,
  };
}
