import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { brokerCall, simControl, startBrokerGateway } from '../support/broker-gateway.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startBrokerGateway();
});
afterAll(() => gateway?.close());

describe.each(['test', 'live'] as const)('broker orders over HTTP (%s)', (environment) => {
  it('places a resting limit order (o163 confirmed), sees it open, cancels it', async () => {
    const placed = await brokerCall(
      gateway,
      'place_order',
      { conid: 265598, side: 'buy', type: 'limit', quantity: 1, price: 100 },
      { environment },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.confirmed_questions).toEqual(['o163']);
    expect(placed.body.client_order_id).toMatch(/^gw-[0-9a-f]{32}$/);
    expect(placed.body.testnet).toBe(environment === 'test');
    const open = await brokerCall(gateway, 'get_open_orders', {}, { environment });
    expect(open.status).toBe(200);
    const order = open.body.orders.find((o: { order_id: string }) => o.order_id === placed.body.order_id);
    expect(order).toMatchObject({
      status: 'Submitted',
      conid: 265598,
      price: 100,
      client_order_id: placed.body.client_order_id,
    });
    const cancelled = await brokerCall(
      gateway,
      'cancel_order',
      { order_id: placed.body.order_id },
      { environment },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('Cancelled');
    const after = await brokerCall(gateway, 'get_open_orders', {}, { environment });
    expect(after.body.orders.some((o: { order_id: string }) => o.order_id === placed.body.order_id)).toBe(
      false,
    );
  });

  it('refuses a question outside the allow-list with its text, and nothing trades', async () => {
    await simControl(gateway, '/__sim/ibkr/ask', { messageIds: ['o10331'] }, environment);
    const refused = await brokerCall(
      gateway,
      'place_order',
      { conid: 8314, side: 'buy', type: 'limit', quantity: 1, price: 100 },
      { environment },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('ORDER_QUESTION_REFUSED');
    expect(refused.body.error.details.message_ids).toEqual(['o10331']);
    expect(refused.body.error.details.question).toMatch(/stop order/);
    const open = await brokerCall(gateway, 'get_open_orders', { conid: 8314 }, { environment });
    expect(open.body.orders).toEqual([]);
  });

  it('places an order after the brokerage session was taken by another login, without the caller noticing', async () => {
    await simControl(gateway, '/__sim/ibkr/compete', {}, environment);
    const placed = await brokerCall(
      gateway,
      'place_order',
      { conid: 756733, side: 'buy', type: 'limit', quantity: 1, price: 100 },
      { environment },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(
      (await brokerCall(gateway, 'cancel_order', { order_id: placed.body.order_id }, { environment })).body
        .status,
    ).toBe('Cancelled');
  });

  it('reads account, positions, clock and environment', async () => {
    const account = await brokerCall(gateway, 'get_account', {}, { environment });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body.is_paper).toBe(environment === 'test');
    expect(account.body.account_id).toMatch(environment === 'test' ? /^DU\d+$/ : /^U\d+$/);
    expect(account.body.net_liquidation).toBeGreaterThan(0);
    const positions = await brokerCall(gateway, 'get_positions', {}, { environment });
    expect(positions.status).toBe(200);
    const clock = await brokerCall(gateway, 'get_clock', {}, { environment });
    expect(clock.status, JSON.stringify(clock.body)).toBe(200);
    expect(['regular', 'extended', 'closed']).toContain(clock.body.session);
    const info = await brokerCall(gateway, 'environment_info', {}, { environment });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body).toMatchObject({
      authenticated: true,
      is_paper: environment === 'test',
      realm: 'limited_poa',
    });
  });
});
