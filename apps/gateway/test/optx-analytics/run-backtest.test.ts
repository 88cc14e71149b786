import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MarketGateway,
  startMarketGateway,
  tokenHeaders,
} from '../market-data/support/market-gateway.js';

/** run_backtest over HTTP on the simulator's BTC-PERPETUAL candles (the common interface's history path). */

let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
async function call(body: unknown): Promise<{ status: number; body: any }> {
  const response = await market.gateway.call('/mcp-optx/tools/run_backtest', body, tokenHeaders('live'));
  return { status: response.status, body: await response.json() };
}

const base = {
  instrument: 'BTC-PERPETUAL',
  interval: '1h',
  start_date: '2026-08-01',
  end_date: '2026-10-31',
};

describe('run_backtest over HTTP', () => {
  it('runs sma_cross on both sides: trades, metrics, a decimated curve', async () => {
    const { status, body } = await call({
      ...base,
      strategy: { type: 'sma_cross', fast: 12, slow: 48 },
      direction: 'both',
    });
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.bars).toBe(92 * 24);
    expect(body.warmup_bars).toBe(47);
    expect(body.metrics.n_trades).toBe(body.trades.length);
    expect(body.metrics.n_trades).toBeGreaterThan(10);
    expect(body.metrics.exposure_pct).toBeGreaterThan(90);
    expect(body.equity_curve.length).toBeLessThanOrEqual(1000);
    expect(body.equity_curve[0].timestamp).toBe('2026-08-01T00:00:00.000Z');
    expect(new Set(body.trades.map((t: { side: string }) => t.side))).toEqual(new Set(['long', 'short']));
  });

  it('rules: enter on an RSI dip, leave on recovery (long only)', async () => {
    const { status, body } = await call({
      ...base,
      strategy: {
        type: 'rules',
        entry: { all: [{ left: { indicator: 'rsi', period: 14 }, op: '<', right: 35 }] },
        exit: { any: [{ left: { indicator: 'rsi', period: 14 }, op: '>', right: 55 }] },
      },
    });
    expect(status).toBe(200);
    expect(body.trades.every((t: { side: string }) => t.side === 'long')).toBe(true);
  });

  it('bad strategy input is 422 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'sma_cross', fast: 50, slow: 20 }, 'strategy.slow'],
      [{ type: 'rsi_reversion', period: 14, lower: 30, upper: 101 }, 'strategy.upper'],
      [
        {
          type: 'rules',
          entry: { all: [{ left: { indicator: 'vwap' }, op: '>', right: 1 }] },
          exit: { any: [] },
        },
        'strategy.entry.all[0].left.indicator',
      ],
      [{ type: 'sma_cross', fast: 10, slow: 5000 }, 'start_date'],
    ];
    for (const [strategy, field] of cases) {
      const { status, body } = await call({ ...base, strategy });
      expect(status).toBe(422);
      expect(body.error.details.field).toBe(field);
    }
  });
});
