import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { resetSimulatorsAndCaches } from '../helpers.js';
import {
  accountOf,
  type Environment,
  perpdexCall,
  pinMark,
  simOf,
  startPerpdexGateway,
} from './support/perpdex-gateway.js';

/** Trading scenarios over HTTP against the simulator: protect, stop out, partial close, post-only cancel by cloid. */

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startPerpdexGateway();
});
afterAll(() => gateway.close());
beforeEach(async () => {
  for (const environment of ['test', 'live'] as const) await pinMark(gateway, 'ETH', null, environment);
  await resetSimulatorsAndCaches(gateway);
});

describe.each(['test', 'live'] as const)('perpdex trading scenarios (%s)', (environment: Environment) => {
  const call = (tool: string, body: unknown) => perpdexCall(gateway, tool, body, { environment });
  const position = async (coin: string) =>
    ((await call('get_positions', { coin })).body.positions as { size: number }[])[0]?.size ?? 0;
  const statusOf = (cloid: string) =>
    simOf(gateway, environment).exchange!.ordersByClientId(accountOf(gateway, environment), cloid)[0]!;

  it('open, add TP and SL, the mark falls through the stop: closed by the stop, the take-profit cancelled', async () => {
    await pinMark(gateway, 'ETH', 3400, environment);
    const opened = await call('place_order', { coin: 'ETH', side: 'buy', size: 0.1, type: 'market' });
    expect(opened.body).toMatchObject({ status: 'filled', filled_size: 0.1 });
    expect(await position('ETH')).toBe(0.1);

    const wrongSide = await call('set_stop_loss', { coin: 'ETH', trigger_price: 3500 });
    expect(wrongSide.status).toBe(422);
    expect(wrongSide.body.error).toMatchObject({
      code: 'INVALID_TRIGGER_PRICE',
      details: { field: 'trigger_price' },
    });

    const stop = await call('set_stop_loss', { coin: 'ETH', trigger_price: 3200 });
    const take = await call('set_take_profit', { coin: 'ETH', trigger_price: 3700 });
    expect(stop.body).toMatchObject({ status: 'resting', side: 'sell', trigger_price: 3200 });
    expect(take.body).toMatchObject({ status: 'resting', side: 'sell', trigger_price: 3700 });
    const open = (await call('get_open_orders', { coin: 'ETH' })).body.orders as Record<string, unknown>[];
    expect(open).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          order_type: 'Stop Market',
          trigger_condition: 'Price below 3200',
          reduce_only: true,
        }),
        expect.objectContaining({ order_type: 'Take Profit Market', trigger_condition: 'Price above 3700' }),
      ]),
    );

    await pinMark(gateway, 'ETH', 3150, environment);
    expect(await position('ETH')).toBe(0);
    expect(statusOf(stop.body.client_order_id as string).state).toBe('triggered');
    // The sibling: a reduce-only order whose position is gone is cancelled (orderStatus reduceOnlyCanceled).
    const sibling = await fetch(`${simOf(gateway, environment).url}/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'orderStatus',
        user: accountOf(gateway, environment),
        oid: take.body.client_order_id,
      }),
    }).then((response) => response.json() as Promise<{ order: { status: string } }>);
    expect(sibling.order.status).toBe('reduceOnlyCanceled');
    expect((await call('get_open_orders', { coin: 'ETH' })).body.orders).toEqual([]);
  });

  it('partial close, then the rest', async () => {
    await call('place_order', { coin: 'SOL', side: 'sell', size: 2, type: 'market' });
    expect(await position('SOL')).toBe(-2);
    const partial = await call('close_position', { coin: 'SOL', size: 0.5 });
    expect(partial.body).toMatchObject({ side: 'buy', status: 'filled', filled_size: 0.5 });
    expect(await position('SOL')).toBe(-1.5);
    const tooMuch = await call('close_position', { coin: 'SOL', size: 5 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error?.details).toMatchObject({ field: 'size' });
    await call('close_position', { coin: 'SOL' });
    expect(await position('SOL')).toBe(0);
    expect((await call('close_position', { coin: 'SOL' })).body.error?.code).toBe('NO_POSITION');
  });

  it('a resting Alo order cancelled by its cloid', async () => {
    const placed = await call('place_order', {
      coin: 'ETH',
      side: 'buy',
      size: 0.01,
      type: 'limit',
      price: 2500,
      time_in_force: 'Alo',
    });
    expect(placed.body.status).toBe('resting');
    const cloid = placed.body.client_order_id as string;
    const cancelled = await call('cancel_order', { coin: 'ETH', client_order_id: cloid });
    expect(cancelled.body).toMatchObject({ status: 'canceled', client_order_id: cloid });
    expect(statusOf(cloid).state).toBe('cancelled');
    const again = await call('cancel_order', { coin: 'ETH', client_order_id: cloid });
    expect(again.status).toBe(422);
    expect(again.body.error?.message).toContain('Order was never placed, already canceled, or filled.');
  });
});
