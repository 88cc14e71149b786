import type { Simulation } from './engine.js';

/**
 * run_backtest metrics [conventions, docs/decisions.md]: per-bar equity returns r_t = E_t/E_{t−1} − 1 with
 * E_{−1} the initial equity; sharpe = mean(r)/stdev(r, n − 1)·√P and sortino = mean(r)/√(Σ min(r, 0)²/n)·√P,
 * P = bars per 365-day year, risk-free 0; drawdown from the running peak of equity (initial included);
 * max_drawdown_bars = the longest run of bars spent below a previous peak.
 */
export interface Metrics {
  total_return_pct: number;
  cagr_pct: number | null;
  sharpe: number | null;
  sortino: number | null;
  max_drawdown_pct: number;
  max_drawdown_bars: number;
  win_rate_pct: number | null;
  profit_factor: number | null;
  exposure_pct: number;
  n_trades: number;
  buy_and_hold_return_pct: number;
}

const YEAR_MS = 365 * 86_400_000;

export function metrics(
  sim: Simulation,
  initialEquity: number,
  barMs: number,
  firstOpen: number,
  lastClose: number,
): Metrics {
  const { equity, exposed, trades } = sim;
  const n = equity.length;
  const final = n ? equity[n - 1]! : initialEquity;
  let sum = 0;
  let previous = initialEquity;
  const returns = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    returns[t] = equity[t]! / previous - 1;
    sum += returns[t]!;
    previous = equity[t]!;
  }
  const mean = n ? sum / n : 0;
  let squares = 0;
  let downside = 0;
  for (let t = 0; t < n; t++) {
    squares += (returns[t]! - mean) ** 2;
    if (returns[t]! < 0) downside += returns[t]! ** 2;
  }
  const perYear = Math.sqrt(YEAR_MS / barMs);
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  const dd = n ? Math.sqrt(downside / n) : 0;
  let peak = initialEquity;
  let maxDrawdown = 0;
  let under = 0;
  let longestUnder = 0;
  let exposedBars = 0;
  for (let t = 0; t < n; t++) {
    const e = equity[t]!;
    if (e >= peak) {
      peak = e;
      under = 0;
    } else {
      under++;
      longestUnder = Math.max(longestUnder, under);
      maxDrawdown = Math.max(maxDrawdown, (peak - e) / peak);
    }
    exposedBars += exposed[t]!;
  }
  const wins = trades.filter((trade) => trade.pnl > 0);
  const gains = wins.reduce((s, trade) => s + trade.pnl, 0);
  const losses = trades.filter((trade) => trade.pnl < 0).reduce((s, trade) => s - trade.pnl, 0);
  const years = (n * barMs) / YEAR_MS;
  return {
    total_return_pct: 100 * (final / initialEquity - 1),
    cagr_pct: years > 0 && final > 0 ? 100 * ((final / initialEquity) ** (1 / years) - 1) : null,
    sharpe: sd > 0 ? (mean / sd) * perYear : null,
    sortino: dd > 0 ? (mean / dd) * perYear : null,
    max_drawdown_pct: 100 * maxDrawdown,
    max_drawdown_bars: longestUnder,
    win_rate_pct: trades.length ? (100 * wins.length) / trades.length : null,
    profit_factor: losses > 0 ? gains / losses : null,
    exposure_pct: n ? (100 * exposedBars) / n : 0,
    n_trades: trades.length,
    buy_and_hold_return_pct: 100 * (lastClose / firstOpen - 1),
  };
}

/** At most `max` points of the curve: every k-th bar, the last always kept. */
export function decimate(
  times: Float64Array,
  equity: Float64Array,
  max = 1000,
): { timestamp: number; equity: number }[] {
  const n = equity.length;
  const stride = Math.max(1, Math.ceil(n / max));
  const out: { timestamp: number; equity: number }[] = [];
  for (let t = 0; t < n; t += stride) out.push({ timestamp: times[t]!, equity: equity[t]! });
  if (n && (n - 1) % stride !== 0) {
    if (out.length >= max) out.pop();
    out.push({ timestamp: times[n - 1]!, equity: equity[n - 1]! });
  }
  return out;
}
