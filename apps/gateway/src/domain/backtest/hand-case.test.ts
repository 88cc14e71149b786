import { describe, expect, it } from 'vitest';
import { runBacktest } from './backtest.js';
import { columns, HOUR } from './bars.test-helper.js';

describe('run_backtest: a dozen bars, one round trip, worked by hand', () => {
  const open = [100, 100, 102, 107, 108, 110, 109, 104, 98, 97, 96, 98];
  const close = [100, 102, 106, 108, 110, 109, 104, 99, 97, 96, 98, 100];
  const bars = columns(open, close);
  // Enter long when the close is above 105 (bar 2), leave when below 100 (bar 7).
  const result = runBacktest(
    bars,
    HOUR,
    {
      type: 'rules',
      entry: { all: [{ left: { price: 'close' }, op: '>', right: 105 }] },
      exit: { any: [{ left: { price: 'close' }, op: '<', right: 100 }] },
    },
    'long',
    { initialEquity: 10_000, fraction: 1, feeBps: 10, slippageBps: 10 },
  );

  // Fill at bar 3's open plus 10 bp slippage, all the equity: 10 000 / 107.107 units, fee 10 USD.
  const entry = 107 * 1.001;
  const units = 10_000 / entry;
  const entryFee = 10;
  // Exit at bar 8's open minus 10 bp, fee 10 bp of the proceeds.
  const exit = 98 * 0.999;
  const exitFee = units * exit * 0.001;
  const cashAfter = -entryFee + units * exit - exitFee;
  const equity = [10_000, 10_000, 10_000, ...[108, 110, 109, 104, 99].map((c) => units * c - entryFee)];
  while (equity.length < 12) equity.push(cashAfter);

  it('the trade: prices, units, P&L net of both fees, bars held', () => {
    expect(result.trades).toHaveLength(1);
    const [trade] = result.trades;
    expect(trade!.side).toBe('long');
    expect(trade!.entry_time).toBe(bars.timestamp[3]);
    expect(trade!.exit_time).toBe(bars.timestamp[8]);
    expect(trade!.entry_price).toBeCloseTo(entry, 12);
    expect(trade!.exit_price).toBeCloseTo(exit, 12);
    expect(trade!.units).toBeCloseTo(units, 12);
    expect(trade!.pnl).toBeCloseTo(units * (exit - entry) - entryFee - exitFee, 9);
    expect(trade!.bars_held).toBe(5);
  });

  it('every metric', () => {
    const m = result.metrics;
    const final = cashAfter;
    expect(result.equity_curve.map((p) => p.equity)).toEqual(equity.map((e) => expect.closeTo(e, 9)));
    expect(m.total_return_pct).toBeCloseTo(100 * (final / 10_000 - 1), 9);
    expect(m.cagr_pct).toBeCloseTo(100 * ((final / 10_000) ** (8760 / 12) - 1), 9);
    const r = equity.map((e, t) => e / (t === 0 ? 10_000 : equity[t - 1]!) - 1);
    const mean = r.reduce((s, x) => s + x, 0) / 12;
    const sd = Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / 11);
    const downside = Math.sqrt(r.reduce((s, x) => s + Math.min(x, 0) ** 2, 0) / 12);
    expect(m.sharpe).toBeCloseTo((mean / sd) * Math.sqrt(8760), 9);
    expect(m.sortino).toBeCloseTo((mean / downside) * Math.sqrt(8760), 9);
    const peak = units * 110 - entryFee; // bar 4's close
    expect(m.max_drawdown_pct).toBeCloseTo((100 * (peak - final)) / peak, 9);
    expect(m.max_drawdown_bars).toBe(7); // bars 5 to 11 below bar 4's peak
    expect(m.win_rate_pct).toBe(0);
    expect(m.profit_factor).toBe(0);
    expect(m.exposure_pct).toBeCloseTo((100 * 5) / 12, 12); // held through bars 3 to 7
    expect(m.n_trades).toBe(1);
    expect(m.buy_and_hold_return_pct).toBe(0); // 100 → 100
  });
});

describe('run_backtest: bad strategy input is 422 naming the field', () => {
  const bars = columns(new Array(40).fill(100), new Array(40).fill(100));
  const costs = { initialEquity: 1, fraction: 1, feeBps: 0, slippageBps: 0 };
  const fieldOf = (strategy: unknown, direction: 'long' | 'both' = 'long', on = bars) => {
    try {
      runBacktest(on, HOUR, strategy as never, direction, costs);
    } catch (error) {
      return {
        status: (error as { status: number }).status,
        field: (error as { details: { field: string } }).details.field,
      };
    }
    return null;
  };

  it('slow ≤ fast, thresholds out of range, an unknown indicator, too few bars, rules on both sides', () => {
    expect(fieldOf({ type: 'sma_cross', fast: 20, slow: 10 })).toEqual({
      status: 422,
      field: 'strategy.slow',
    });
    expect(fieldOf({ type: 'rsi_reversion', period: 14, lower: 30, upper: 120 })?.field).toBe(
      'strategy.upper',
    );
    expect(fieldOf({ type: 'rsi_reversion', period: 14, lower: 0, upper: 70 })?.field).toBe('strategy.lower');
    expect(
      fieldOf({
        type: 'rules',
        entry: { all: [{ left: { indicator: 'vwap' }, op: '>', right: 1 }] },
        exit: { any: [] },
      })?.field,
    ).toBe('strategy.entry.all[0].left.indicator');
    expect(fieldOf({ type: 'sma_cross', fast: 10, slow: 50 })?.field).toBe('start_date');
    expect(fieldOf({ type: 'momentum' })?.field).toBe('strategy.type');
    expect(
      fieldOf(
        {
          type: 'rules',
          entry: { all: [{ left: 1, op: '>', right: 0 }] },
          exit: { all: [{ left: 0, op: '>', right: 1 }] },
        },
        'both',
      )?.field,
    ).toBe('direction');
  });
});
