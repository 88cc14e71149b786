import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { brokerCall, brokerSim, type Json, startBrokerGateway } from '../support/broker-gateway.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startBrokerGateway();
});
afterAll(() => gateway?.close());

const AAPL = 265598;

/** The order's row (include_closed), re-read until `done` holds; a bounded poll, never a timed assertion. */
async function orderUntil(
  environment: 'test' | 'live',
  orderId: string,
  done: (order: Json) => boolean,
): Promise<Json> {
  let order: Json = {};
  for (let i = 0; i < 40; i++) {
    const read = await brokerCall(gateway, 'get_open_orders', { include_closed: true }, { environment });
    order = read.body.orders.find((o: Json) => o.order_id === orderId) ?? {};
    if (done(order)) return order;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return order;
}

async function lastPrice(environment: 'test' | 'live') {
  const ticker = await brokerCall(gateway, 'get_ticker', { conids: [AAPL] }, { environment });
  return ticker.body.tickers[0].last as number;
}

describe.each(['test', 'live'] as const)('complex orders (%s)', (environment) => {
  it('bracket: the entry fills, the stop fills, the take-profit is cancelled', async () => {
    const last = await lastPrice(environment);
    const placed = await brokerCall(
      gateway,
      'place_bracket_order',
      {
        entry: { conid: AAPL, side: 'buy', type: 'market', quantity: 2 },
        take_profit_price: Math.round(last * 150) / 100,
        // Above the market: a sell stop that fires as soon as the entry has filled and the exits work.
        stop_loss_price: Math.round(last * 101) / 100,
      },
      { environment },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [entry, takeProfit, stopLoss] = placed.body.orders;
    expect(placed.body.orders.map((o: Json) => o.role)).toEqual(['entry', 'take_profit', 'stop_loss']);
    expect((await orderUntil(environment, entry.order_id, (o) => o.status === 'Filled')).status).toBe(
      'Filled',
    );
    expect((await orderUntil(environment, stopLoss.order_id, (o) => o.status === 'Filled')).status).toBe(
      'Filled',
    );
    expect((await orderUntil(environment, takeProfit.order_id, (o) => o.status === 'Cancelled')).status).toBe(
      'Cancelled',
    );
  });

  it('OCO: one leg fills, the other is cancelled', async () => {
    const last = await lastPrice(environment);
    const placed = await brokerCall(
      gateway,
      'place_oco_order',
      {
        orders: [
          {
            conid: AAPL,
            side: 'buy',
            type: 'limit',
            quantity: 1,
            price: Math.round(last * 105) / 100,
            tif: 'GTC',
          },
          {
            conid: AAPL,
            side: 'buy',
            type: 'limit',
            quantity: 1,
            price: Math.round(last * 50) / 100,
            tif: 'GTC',
          },
        ],
      },
      { environment },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [first, second] = placed.body.orders;
    expect((await orderUntil(environment, first.order_id, (o) => o.status === 'Filled')).status).toBe(
      'Filled',
    );
    expect((await orderUntil(environment, second.order_id, (o) => o.status === 'Cancelled')).status).toBe(
      'Cancelled',
    );
  });

  it('OTO: the child waits while the parent rests, and works once a parent fills', async () => {
    const last = await lastPrice(environment);
    const child = {
      conid: AAPL,
      side: 'sell',
      type: 'limit',
      quantity: 1,
      price: Math.round(last * 200) / 100,
      tif: 'GTC',
    };
    const resting = await brokerCall(
      gateway,
      'place_oto_order',
      {
        parent: {
          conid: AAPL,
          side: 'buy',
          type: 'limit',
          quantity: 1,
          price: Math.round(last * 50) / 100,
          tif: 'GTC',
        },
        child,
      },
      { environment },
    );
    expect(resting.status, JSON.stringify(resting.body)).toBe(200);
    expect(resting.body.orders[1].status).toBe('PreSubmitted');
    const waiting = await orderUntil(environment, resting.body.orders[1].order_id, () => true);
    expect(waiting.status).toBe('PreSubmitted');
    const filled = await brokerCall(
      gateway,
      'place_oto_order',
      { parent: { conid: AAPL, side: 'buy', type: 'market', quantity: 1 }, child },
      { environment },
    );
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(
      (await orderUntil(environment, filled.body.orders[0].order_id, (o) => o.status === 'Filled')).status,
    ).toBe('Filled');
    expect(
      (await orderUntil(environment, filled.body.orders[1].order_id, (o) => o.status === 'Submitted')).status,
    ).toBe('Submitted');
  });

  it('cancel_all_orders cancels every working order with a result each; close_all_positions flattens', async () => {
    const last = await lastPrice(environment);
    await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price: Math.round(last * 60) / 100 },
      { environment },
    );
    await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'market', quantity: 3 },
      { environment },
    );
    const cancelled = await brokerCall(gateway, 'cancel_all_orders', {}, { environment });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.failed).toBe(0);
    expect(cancelled.body.results.length).toBeGreaterThan(0);
    const open = await brokerCall(gateway, 'get_open_orders', {}, { environment });
    expect(open.body.orders).toEqual([]);
    const closed = await brokerCall(gateway, 'close_all_positions', {}, { environment });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.failed).toBe(0);
    const positions = await brokerCall(gateway, 'get_positions', {}, { environment });
    expect(positions.body.positions).toEqual([]);
  });

  it('stayed inside the simulated IBKR pacing throughout (no 429 from the venue)', () => {
    expect(brokerSim(gateway, environment).rateLimited()).toBe(0);
  });
});
