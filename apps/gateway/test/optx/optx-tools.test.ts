import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { auditOf } from '../support/write-gateway.js';
import { type Env, optxCall, shiftPrice, startOptxGateway } from './optx-gateway.js';

/**
 * Every /mcp-optx tool over HTTP against the Deribit simulator, in both environments: the envelope,
 * `data_timestamp`, `testnet`, the request log's tool and exchange, and an audit record for each write.
 */

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startOptxGateway();
});
afterAll(async () => {
  await shiftPrice(gateway, 'BTC', 1);
  await gateway.close();
});

const framed = (body: Record<string, unknown>, environment: Env) => {
  expect(body.data_timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(body.testnet).toBe(environment === 'test');
  expect(body.simulated).toBe(true);
};

describe.each(['test', 'live'] as const)('every optx tool in the %s environment', (environment) => {
  const call = (tool: string, body: unknown, key?: string) =>
    optxCall(gateway, tool, body, { environment, ...(key ? { key } : {}) });

  it('is_testnet and environment_info say where the calls go, without a secret', async () => {
    const testnet = await call('is_testnet', {});
    expect(testnet.status).toBe(200);
    expect(testnet.body).toMatchObject({ testnet: environment === 'test', environment });
    framed(testnet.body, environment);
    const info = await call('environment_info', {});
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      namespace: 'mcp-optx',
      exchange: 'optx',
      environment,
      profile: 'sim',
      version: '1.2.26',
      locked: 'false',
      credentials_configured: true,
    });
    expect(Math.abs(info.body.clock_skew_ms)).toBeLessThan(60_000);
    expect(JSON.stringify(info.body)).not.toMatch(/client_secret|access_token/);
  });

  it('market data: ticker, batch with an item error, book, imbalance, trades', async () => {
    const ticker = await call('get_ticker', { instrument_name: 'BTC-PERPETUAL' });
    expect(ticker.status).toBe(200);
    framed(ticker.body, environment);
    expect(ticker.body.ticker.best_bid_price).toBeLessThan(ticker.body.ticker.best_ask_price);

    const batch = await call('get_ticker_batch', { instrument_names: ['ETH-PERPETUAL', 'SOL-PERPETUAL'] });
    expect(batch.status).toBe(200);
    expect(batch.body.items[0].ticker.instrument_name).toBe('ETH-PERPETUAL');
    expect(batch.body.items[1]).toMatchObject({
      instrument_name: 'SOL-PERPETUAL',
      error: { code: 'UNKNOWN_INSTRUMENT', retryable: false },
    });

    const book = await call('get_orderbook', { instrument_name: 'BTC-PERPETUAL', depth: 5 });
    expect(book.status).toBe(200);
    expect(book.body.bids).toHaveLength(5);
    expect(book.body.bids[0][0]).toBeGreaterThan(book.body.bids[1][0]);
    expect(book.body.asks[0][0]).toBeLessThan(book.body.asks[1][0]);

    const imbalance = await call('get_orderbook_imbalance', { instrument_name: 'BTC-PERPETUAL', depth: 5 });
    expect(imbalance.status).toBe(200);
    expect(imbalance.body.imbalance).toBeGreaterThanOrEqual(-1);
    expect(imbalance.body.imbalance).toBeLessThanOrEqual(1);
    expect(imbalance.body.spread).toBeGreaterThan(0);

    const trades = await call('get_trade_history', { instrument_name: 'BTC-PERPETUAL', count: 5 });
    expect(trades.status).toBe(200);
    expect(trades.body.trades).toHaveLength(5);
    expect(trades.body.trades[0].timestamp).toBeGreaterThanOrEqual(trades.body.trades[4].timestamp);
  });

  it('account: summary, positions, open orders', async () => {
    const summary = await call('get_account_summary', { currency: 'BTC' });
    expect(summary.status).toBe(200);
    framed(summary.body, environment);
    expect(summary.body.summary).toMatchObject({ currency: 'BTC', equity: expect.any(Number) });
    const positions = await call('get_positions', { currency: 'BTC' });
    expect(positions.status).toBe(200);
    expect(Array.isArray(positions.body.positions)).toBe(true);
    const open = await call('get_open_orders', { currency: 'BTC' });
    expect(open.status).toBe(200);
  });

  it('writes: place, see it open, stop-loss, take-profit, cancel, close; each audited', async () => {
    const tag = `${environment}-${Date.now()}`;
    const ticker = (await call('get_ticker', { instrument_name: 'BTC-PERPETUAL' })).body.ticker;
    const resting = Math.floor((ticker.best_bid_price * 0.995) / 0.5) * 0.5;
    const placed = await call(
      'place_order',
      { instrument_name: 'BTC-PERPETUAL', side: 'buy', amount: 100, type: 'limit', price: resting },
      `${tag}-place`,
    );
    expect(placed.status).toBe(200);
    framed(placed.body, environment);
    expect(placed.body.order).toMatchObject({ order_state: 'open', label: expect.stringMatching(/^gw-/) });
    const orderId = placed.body.order.order_id;
    expect(auditOf(gateway, placed.requestId).map((r) => r.event)).toEqual(['attempt', 'result']);

    const open = await call('get_open_orders', { currency: 'BTC' });
    expect(open.body.orders.map((o: { order_id: string }) => o.order_id)).toContain(orderId);

    const market = await call('place_order', {
      instrument_name: 'BTC-PERPETUAL',
      side: 'buy',
      amount: 100,
      type: 'market',
    });
    expect(market.status).toBe(200);
    expect(market.body.order.order_state).toBe('filled');

    const stop = await call('set_stop_loss', {
      instrument_name: 'BTC-PERPETUAL',
      trigger_price: Math.round(ticker.mark_price * 0.8),
    });
    expect(stop.status).toBe(200);
    expect(stop.body.order).toMatchObject({
      order_type: 'stop_market',
      order_state: 'untriggered',
      direction: 'sell',
    });
    const take = await call('set_take_profit', {
      instrument_name: 'BTC-PERPETUAL',
      trigger_price: Math.round(ticker.mark_price * 1.2),
    });
    expect(take.status).toBe(200);
    expect(take.body.order.order_type).toBe('take_market');

    const cancelled = await call('cancel_order', { order_id: orderId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.order_state).toBe('cancelled');
    expect(auditOf(gateway, cancelled.requestId)).toHaveLength(2);

    const closed = await call('close_position', { instrument_name: 'BTC-PERPETUAL' });
    expect(closed.status).toBe(200);
    expect(closed.body.order).toMatchObject({ reduce_only: true, order_state: 'filled' });
    const positions = await call('get_positions', { currency: 'BTC' });
    expect(
      positions.body.positions.filter(
        (p: { instrument_name: string }) => p.instrument_name === 'BTC-PERPETUAL',
      ),
    ).toEqual([]);
  });

  it('logs the tool and the exchange of each call', async () => {
    const res = await call('get_ticker', { instrument_name: 'ETH-PERPETUAL' });
    const line = gateway.logLines().find((l) => l.request_id === res.requestId && l.tool !== undefined);
    expect(line).toMatchObject({ tool: 'get_ticker', exchange: 'optx' });
  });
});
