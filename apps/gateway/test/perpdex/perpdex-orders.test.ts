import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { resetSimulatorsAndCaches } from '../helpers.js';
import {
  accountOf,
  type Environment,
  ordersWithCloid,
  perpdexCall,
  simOf,
  startPerpdexGateway,
} from './support/perpdex-gateway.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startPerpdexGateway();
});
afterAll(() => gateway.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

const resting = { coin: 'ETH', side: 'buy', size: 0.01, type: 'limit', price: 2000, time_in_force: 'Gtc' };

describe.each(['test', 'live'] as const)('perpdex orders over HTTP (%s)', (environment: Environment) => {
  it('places a resting order, lists it, reads the account, cancels it by id', async () => {
    const placed = await perpdexCall(gateway, 'place_order', resting, { environment });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({
      coin: 'ETH',
      side: 'buy',
      status: 'resting',
      size: 0.01,
      price: 2000,
      filled_size: 0,
    });
    const cloid = placed.body.client_order_id as string;
    expect(cloid).toMatch(/^0x[0-9a-f]{32}$/);
    expect(ordersWithCloid(gateway, cloid, environment)).toBe(1);

    const open = await perpdexCall(gateway, 'get_open_orders', { coin: 'ETH' }, { environment });
    expect(open.body.orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order_id: placed.body.order_id, client_order_id: cloid, price: 2000 }),
      ]),
    );
    const summary = await perpdexCall(gateway, 'get_account_summary', {}, { environment });
    expect(summary.body).toMatchObject({ account: accountOf(gateway, environment), taker_fee_rate: 0.00045 });
    expect(summary.body.account_value_usd).toBeGreaterThan(0);

    const cancelled = await perpdexCall(
      gateway,
      'cancel_order',
      { coin: 'ETH', order_id: placed.body.order_id },
      { environment },
    );
    expect(cancelled.body).toMatchObject({ status: 'canceled', order_id: placed.body.order_id });
    const after = await perpdexCall(gateway, 'get_open_orders', {}, { environment });
    expect((after.body.orders as { order_id: number }[]).map((o) => o.order_id)).not.toContain(
      placed.body.order_id,
    );
  });

  it('opens a position with a market order and shows it', async () => {
    const bought = await perpdexCall(
      gateway,
      'place_order',
      { coin: 'SOL', side: 'buy', size: 1, type: 'market', slippage: 0.01 },
      { environment },
    );
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ status: 'filled', filled_size: 1 });
    const positions = await perpdexCall(gateway, 'get_positions', { coin: 'SOL' }, { environment });
    expect(positions.body.positions).toEqual([expect.objectContaining({ coin: 'SOL', side: 'long' })]);
    await perpdexCall(
      gateway,
      'place_order',
      { coin: 'SOL', side: 'sell', size: 1, type: 'market', reduce_only: true },
      { environment },
    );
  });

  it('sets the coin leverage first (updateLeverage) when the order names one', async () => {
    const bought = await perpdexCall(
      gateway,
      'place_order',
      { coin: 'AVAX', side: 'buy', size: 1, type: 'market', leverage: 3 },
      { environment },
    );
    expect(bought.status).toBe(200);
    const positions = await perpdexCall(gateway, 'get_positions', { coin: 'AVAX' }, { environment });
    expect(positions.body.positions).toEqual([expect.objectContaining({ coin: 'AVAX', leverage: 3 })]);
    await perpdexCall(gateway, 'close_position', { coin: 'AVAX' }, { environment });
  });
});

describe('concurrent orders', () => {
  const exchangeNonces = () =>
    simOf(gateway)
      .requests({ method: 'POST', path: '/exchange' })
      .map((entry) => (entry.body as { nonce: number }).nonce);

  it('each is signed with its own nonce above every earlier one, reaches the venue once and rests', async () => {
    await perpdexCall(gateway, 'place_order', resting);
    const before = exchangeNonces();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => perpdexCall(gateway, 'place_order', resting)),
    );
    expect(answers.map((answer) => [answer.status, answer.body.status])).toEqual(
      Array.from({ length: 20 }, () => [200, 'resting']),
    );
    const sent = exchangeNonces().slice(before.length);
    expect(sent).toHaveLength(20);
    expect(new Set(sent).size).toBe(20);
    expect(Math.min(...sent)).toBeGreaterThan(Math.max(...before));
    for (const answer of answers)
      expect(ordersWithCloid(gateway, answer.body.client_order_id as string)).toBe(1);
  });
});

describe('perpdex bad input: 4xx naming the field, nothing signed or sent', () => {
  const exchangeCalls = () => simOf(gateway).hits({ method: 'POST', path: '/exchange' });

  it.each([
    ['unknown coin', { ...resting, coin: 'NOPE' }, 404, 'coin'],
    ['size below the lot', { ...resting, size: 0.00001 }, 422, 'size'],
    ['too many significant figures', { ...resting, price: 2000.123 }, 422, 'price'],
    ['leverage above the coin maximum', { ...resting, leverage: 26 }, 422, 'leverage'],
  ])('%s', async (_name, body, status, field) => {
    const answer = await perpdexCall(gateway, 'place_order', body);
    expect(answer.status).toBe(status);
    expect(answer.body.error?.details).toMatchObject({ field });
    expect(exchangeCalls()).toBe(0);
  });

  it('refuses an order over the gateway leverage cap before signing', async () => {
    const answer = await perpdexCall(gateway, 'place_order', { ...resting, size: 300, price: 3000 });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe('LEVERAGE_CAP_EXCEEDED');
    expect(exchangeCalls()).toBe(0);
  });
});

describe('environment_info', () => {
  it('names the account queried and the agent that signs, never the key', async () => {
    const { body } = await perpdexCall(gateway, 'environment_info', {});
    expect(body).toMatchObject({
      namespace: 'mcp-perpdex',
      environment: 'test',
      account_address: accountOf(gateway),
    });
    expect(body.agent_address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(body.agent_address).not.toBe(body.account_address);
  });
});

describe('the agent key', () => {
  it('never appears in logs, answers or the audit trail', async () => {
    const answer = await perpdexCall(gateway, 'place_order', resting);
    const key = simOf(gateway).credentials!.agent_private_key!.slice(2);
    const logs = JSON.stringify(gateway.logLines());
    const audit = readFileSync(gateway.config.AUDIT_LOG_FILE, 'utf8');
    expect(audit).toContain(answer.body.client_order_id as string);
    for (const text of [logs, audit, JSON.stringify(answer.body)])
      expect(text.toLowerCase()).not.toContain(key);
  });
});
