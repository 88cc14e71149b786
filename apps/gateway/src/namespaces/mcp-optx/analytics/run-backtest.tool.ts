import { Type } from '@sinclair/typebox';
import { runBacktest as backtest } from '../../../domain/backtest/backtest.js';
import { type Direction, type Strategy, strategyWarmup } from '../../../domain/backtest/strategy.js';
import { INTERVAL_MS, type Interval } from '../../../domain/intervals.js';
import { historyColumns, loadHistory } from '../../mcp/historical.service.js';
import { optxTool } from '../optx-clients.js';
import { NullableNumber } from './chain-input.js';

const Period = Type.Integer({ minimum: 1, maximum: 10_000 });

export const RunBacktestInputSchema = Type.Object(
  {
    instrument: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'BTC-PERPETUAL' })),
    interval: Type.Optional(
      Type.Union(
        ['1m', '5m', '15m', '1h', '4h', '1d'].map((v) => Type.Literal(v)),
        { default: '1h' },
      ),
    ),
    start_date: Type.String({
      minLength: 10,
      maxLength: 40,
      description: 'YYYY-MM-DD or ISO 8601; inclusive',
    }),
    end_date: Type.String({
      minLength: 10,
      maxLength: 40,
      description: 'YYYY-MM-DD (end of day) or ISO 8601',
    }),
    strategy: Type.Object(
      {
        type: Type.String({ description: 'sma_cross | macd_cross | rsi_reversion | breakout | rules' }),
        fast: Type.Optional(Period),
        slow: Type.Optional(Period),
        signal: Type.Optional(Period),
        period: Type.Optional(Period),
        lower: Type.Optional(Type.Number()),
        upper: Type.Optional(Type.Number()),
        lookback: Type.Optional(Period),
        entry: Type.Optional(Type.Unknown({ description: '{all|any: [{left, op, right}]} (rules)' })),
        exit: Type.Optional(Type.Unknown()),
      },
      { additionalProperties: false },
    ),
    direction: Type.Optional(
      Type.Union(
        ['long', 'short', 'both'].map((v) => Type.Literal(v)),
        { default: 'long' },
      ),
    ),
    position_fraction: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1,
        default: 1,
        description: 'Share of equity per position',
      }),
    ),
    fee_bps: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, default: 5 })),
    slippage_bps: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, default: 2 })),
    initial_equity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12, default: 10_000 })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        instrument: 'BTC-PERPETUAL',
        interval: '1h',
        start_date: '2026-09-01',
        end_date: '2026-10-31',
        strategy: { type: 'sma_cross', fast: 20, slow: 50 },
        direction: 'both',
        fee_bps: 5,
        slippage_bps: 2,
      },
      {
        instrument: 'ETH-PERPETUAL',
        interval: '4h',
        start_date: '2026-01-01',
        end_date: '2026-10-31',
        strategy: {
          type: 'rules',
          entry: { all: [{ left: { indicator: 'rsi', period: 14 }, op: '<', right: 30 }] },
          exit: { any: [{ left: { indicator: 'rsi', period: 14 }, op: '>', right: 55 }] },
        },
      },
    ],
  },
);

const TradeSchema = Type.Object({
  side: Type.String(),
  entry_time: Type.String({ format: 'date-time' }),
  exit_time: Type.String({ format: 'date-time' }),
  entry_price: Type.Number(),
  exit_price: Type.Number(),
  units: Type.Number(),
  pnl: Type.Number({ description: 'Quote currency, net of both fills’ fees' }),
  return_pct: Type.Number(),
  bars_held: Type.Integer(),
});

export const RunBacktestOutputSchema = Type.Object(
  {
    exchange: Type.Literal('optx'),
    instrument: Type.String(),
    interval: Type.String(),
    bars: Type.Integer(),
    warmup_bars: Type.Integer(),
    metrics: Type.Object({
      total_return_pct: Type.Number(),
      cagr_pct: NullableNumber(),
      sharpe: NullableNumber('mean / sample stdev of per-bar equity returns × √(bars per 365-day year)'),
      sortino: NullableNumber('mean / downside deviation (√(Σ min(r,0)²/n)) × √(bars per year)'),
      max_drawdown_pct: Type.Number(),
      max_drawdown_bars: Type.Integer({ description: 'Longest run of bars below a previous equity peak' }),
      win_rate_pct: NullableNumber(),
      profit_factor: NullableNumber('Gross profit / gross loss; null without losing trades'),
      exposure_pct: Type.Number(),
      n_trades: Type.Integer(),
      buy_and_hold_return_pct: Type.Number({ description: 'First open to last close, no costs' }),
    }),
    trades: Type.Array(TradeSchema),
    equity_curve: Type.Array(
      Type.Object({ timestamp: Type.String({ format: 'date-time' }), equity: Type.Number() }),
      {
        maxItems: 1000,
      },
    ),
  },
  {
    examples: [
      {
        exchange: 'optx',
        instrument: 'BTC-PERPETUAL',
        interval: '1h',
        bars: 1464,
        warmup_bars: 49,
        metrics: {
          total_return_pct: 4.2,
          cagr_pct: 27.9,
          sharpe: 0.91,
          sortino: 1.32,
          max_drawdown_pct: 6.4,
          max_drawdown_bars: 212,
          win_rate_pct: 38.5,
          profit_factor: 1.21,
          exposure_pct: 97.1,
          n_trades: 26,
          buy_and_hold_return_pct: 2.7,
        },
        trades: [
          {
            side: 'long',
            entry_time: '2026-09-03T05:00:00.000Z',
            exit_time: '2026-09-05T11:00:00.000Z',
            entry_price: 91020.3,
            exit_price: 92410.8,
            units: 0.1098,
            pnl: 142.6,
            return_pct: 1.43,
            bars_held: 54,
          },
        ],
        equity_curve: [{ timestamp: '2026-09-01T00:00:00.000Z', equity: 10000 }],
        data_timestamp: '2026-11-20T12:34:56.789Z',
      },
    ],
  },
);

const iso = (ms: number) => new Date(ms).toISOString();

export const runBacktestTool = optxTool({
  name: 'run_backtest',
  title: 'Backtest',
  summary: 'Backtest a rule-based strategy on optx candles (paged, cached), with trades, equity and metrics',
  description:
    'Strategies are data: sma_cross {fast, slow}, macd_cross {fast, slow, signal}, rsi_reversion {period, lower, ' +
    'upper}, breakout {lookback}, or rules {entry, exit} with {all|any: [{left, op, right}]} comparisons ' +
    '(op >, <, >=, <=, crosses_above, crosses_below; operands a number, {price: open|high|low|close} or ' +
    '{indicator: sma|ema|rsi (period) | macd|macd_signal|macd_histogram (fast, slow, signal)}). Conventions: ' +
    'signals on a bar’s close, fills at the next bar’s open ± slippage (no look-ahead); each position is ' +
    'position_fraction of equity; fees in bp on each fill’s notional; a position open at the end is closed ' +
    'at the last close. Sharpe = mean/sample stdev of per-bar equity returns × √(bars per year), 365-day ' +
    'year, risk-free 0; max drawdown from the running equity peak, % of that peak. Equity curve decimated ' +
    'to ≤ 1000 points. Bad strategy input (unknown type or indicator, slow ≤ fast, thresholds out of range, ' +
    'fewer bars than the warm-up) is 422 INVALID_STRATEGY naming the field.',
  kind: 'read',
  input: RunBacktestInputSchema,
  output: RunBacktestOutputSchema,
  handler: async (input, context) => {
    const { clients, now } = context;
    const interval = (input.interval ?? '1h') as Interval;
    const instrument = input.instrument ?? 'BTC-PERPETUAL';
    const strategy = input.strategy as Strategy;
    const direction = (input.direction ?? 'long') as Direction;
    // The strategy's own fields are checked before any candle is fetched (the bar count after).
    strategyWarmup(strategy, direction);
    const { data, obtainedAt, release } = await loadHistory(
      context,
      { exchange: 'optx', instrument, interval, start_date: input.start_date, end_date: input.end_date },
      clients.history,
      now(),
    );
    try {
      const bars = await historyColumns(data.grids);
      const result = backtest(
        bars,
        INTERVAL_MS[interval],
        input.strategy as Strategy,
        (input.direction ?? 'long') as Direction,
        {
          initialEquity: input.initial_equity ?? 10_000,
          fraction: input.position_fraction ?? 1,
          feeBps: input.fee_bps ?? 5,
          slippageBps: input.slippage_bps ?? 2,
        },
      );
      return {
        data: {
          exchange: 'optx' as const,
          instrument,
          interval,
          bars: result.bars,
          warmup_bars: result.warmup_bars,
          metrics: result.metrics,
          trades: result.trades.map((t) => ({
            ...t,
            entry_time: iso(t.entry_time),
            exit_time: iso(t.exit_time),
          })),
          equity_curve: result.equity_curve.map((p) => ({ timestamp: iso(p.timestamp), equity: p.equity })),
        },
        obtainedAt,
      };
    } finally {
      release();
    }
  },
});
