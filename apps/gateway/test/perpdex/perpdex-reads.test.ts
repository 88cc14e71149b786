import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { type Environment, perpdexCall, startPerpdexGateway } from './support/perpdex-gateway.js';

/** The market-data reads of `/mcp-perpdex` over HTTP against the simulator, in both environments. */

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startPerpdexGateway();
});
afterAll(() => gateway.close());

describe.each(['test', 'live'] as const)('perpdex reads (%s)', (environment: Environment) => {
  const call = (tool: string, body: unknown) => perpdexCall(gateway, tool, body, { environment });

  it('get_ticker: numbers, bid below ask around the mark', async () => {
    const { status, body } = await call('get_ticker', { coin: 'BTC' });
    expect(status).toBe(200);
    expect(body.best_bid as number).toBeLessThan(body.best_ask as number);
    expect(Math.abs((body.mark_price as number) / (body.best_bid as number) - 1)).toBeLessThan(0.01);
    expect(typeof body.funding_rate_hourly).toBe('number');
    expect(body.testnet).toBe(environment === 'test');
  });

  it('get_orderbook: sorted sides, at most the asked depth', async () => {
    const { body } = await call('get_orderbook', { coin: 'ETH', depth: 5 });
    const bids = body.bids as { price: number }[];
    const asks = body.asks as { price: number }[];
    expect(bids).toHaveLength(5);
    expect(asks).toHaveLength(5);
    expect(bids[0]!.price).toBeGreaterThan(bids[4]!.price);
    expect(asks[0]!.price).toBeLessThan(asks[4]!.price);
    expect(body.spread as number).toBeGreaterThan(0);
    const coarse = await call('get_orderbook', { coin: 'ETH', significant_figures: 2 });
    const coarseBids = coarse.body.bids as { price: number; orders: number }[];
    expect(coarseBids.length).toBeGreaterThan(0);
    for (const level of coarseBids) expect(Number(level.price.toPrecision(2))).toBe(level.price);
    // levels merge into the coarse buckets (the top bucket alone may hold one level when the best bid sits just
    // above a round price, so the test looks at the whole side)
    expect(coarseBids.some((level) => level.orders > 1)).toBe(true);
  });

  it('get_trade_history: the public tape, and own fills after a trade', async () => {
    const tape = await call('get_trade_history', { coin: 'BTC', limit: 5 });
    expect((tape.body.trades as unknown[]).length).toBe(5);
    await call('place_order', { coin: 'XRP', side: 'buy', size: 10, type: 'market' });
    const own = await call('get_trade_history', { source: 'own', coin: 'XRP' });
    expect(own.body.trades).toEqual(
      expect.arrayContaining([expect.objectContaining({ coin: 'XRP', side: 'buy', direction: 'Open Long' })]),
    );
    await call('close_position', { coin: 'XRP' });
  });

  it('get_funding_rate: current, hourly history and predicted across venues', async () => {
    const { body } = await call('get_funding_rate', { coin: 'ETH', history_hours: 6 });
    const current = body.current as { rate_hourly: number; rate_annualized: number };
    expect(current.rate_annualized).toBeCloseTo(current.rate_hourly * 8760, 12);
    expect((body.history as unknown[]).length).toBe(6);
    const predicted = body.predicted as { venue: string; interval_hours: number }[];
    expect(predicted.map((p) => p.venue)).toEqual(['BinPerp', 'HlPerp', 'BybitPerp']);
    expect(predicted.find((p) => p.venue === 'HlPerp')!.interval_hours).toBe(1);
  });

  it('basis_spot_perp: the renamed spot token (UETH) against the perp', async () => {
    const { status, body } = await call('basis_spot_perp', { coin: 'ETH' });
    expect(status).toBe(200);
    expect(body.spot_token).toBe('UETH');
    expect(Math.abs(body.basis as number)).toBeLessThan(0.01);
    expect(body.basis_bp).toBeCloseTo((body.basis as number) * 10_000, 9);
  });

  it('an unknown coin is a 404 naming the field', async () => {
    for (const tool of ['get_ticker', 'get_orderbook', 'get_funding_rate', 'basis_spot_perp']) {
      const { status, body } = await call(tool, { coin: 'NOPE' });
      expect(status).toBe(404);
      expect(body.error?.details).toMatchObject({ field: 'coin' });
    }
  });
});
