import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { brokerCall, brokerSim, type Json, startBrokerGateway } from '../support/broker-gateway.js';

let gateway: Gateway;
let n = 0;
const freshKey = () => `broker-fault-${++n}-${Date.now()}`;
const WINDOW_MS = 1_000;
beforeAll(async () => {
  gateway = await startBrokerGateway({
    env: { UPSTREAM_TIMEOUT_MS: '1500', WRITE_LOOKUP_WINDOW_MS: String(WINDOW_MS) },
  });
});
afterAll(() => gateway?.close());
beforeEach(() => brokerSim(gateway).faults.clear());

const AAPL = 265598;

/** Orders the simulated IBKR holds under a cOID: what "one or none, never two" is counted on. */
async function held(clientOrderId: string): Promise<number> {
  const account = (await brokerCall(gateway, 'get_account')).body.account_id as string;
  return brokerSim(gateway).exchange!.ordersByClientId(account, clientOrderId).length;
}

/** A limit price inside the 3 % constraint, so no question comes back. */
async function nearPrice(): Promise<number> {
  const ticker = await brokerCall(gateway, 'get_ticker', { conids: [AAPL] });
  return Math.round(ticker.body.tickers[0].last * 99) / 100;
}

describe('broker writes under faults: one order or none, never two', () => {
  it.each(['reset', 'hang'] as const)(
    'an order whose answer is lost (%s) is found by its cOID',
    async (drop) => {
      const key = freshKey();
      const price = await nearPrice();
      brokerSim(gateway).faults.inject({
        path: '/v1/api/iserver/account/',
        method: 'POST',
        fault: { kind: 'lose_answer', drop },
        times: 1,
      });
      const placed = await brokerCall(
        gateway,
        'place_order',
        { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price },
        { key },
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body).toMatchObject({ reconciled: true, recovered: true });
      expect(await held(placed.body.client_order_id)).toBe(1);
      const again = await brokerCall(
        gateway,
        'place_order',
        { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price },
        { key },
      );
      expect(again.body.order_id).toBe(placed.body.order_id);
      expect(await held(placed.body.client_order_id)).toBe(1);
    },
  );

  it('a confirmation whose answer is lost is found by its cOID', async () => {
    const key = freshKey();
    brokerSim(gateway).faults.inject({
      path: '/v1/api/iserver/reply/',
      method: 'POST',
      fault: { kind: 'lose_answer' },
      times: 1,
    });
    const placed = await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price: 10 },
      { key },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.reconciled).toBe(true);
    expect(await held(placed.body.client_order_id)).toBe(1);
  });

  it('a lost question leaves no order: 504 unknown, a repeat inside the lookup window never sends, one after it places the order once', async () => {
    const key = freshKey();
    brokerSim(gateway).faults.inject({
      path: '/v1/api/iserver/account/',
      method: 'POST',
      fault: { kind: 'lose_answer' },
      times: 1,
    });
    const sends = () => brokerSim(gateway).hits({ method: 'POST', path: '/v1/api/iserver/account/' });
    const before = sends();
    const lost = await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price: 11 },
      { key },
    );
    expect(lost.status).toBe(504);
    expect(lost.body.error.code).toBe('WRITE_OUTCOME_UNKNOWN');
    const coid = lost.body.error.details.client_order_id as string;
    const repeat = await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price: 11 },
      { key },
    );
    expect(repeat.status).toBe(504);
    expect(sends()).toBe(before + 1);
    expect(await held(coid)).toBe(0);

    // Issue 37: the venue still has no order under the cOID after the window, so it never got it. The repeat
    // sends it under the same cOID (the lost question registered none), answers its question, and says so.
    await sleep(WINDOW_MS + 100);
    const resent = await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price: 11 },
      { key },
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ resent: true, client_order_id: coid, confirmed_questions: ['o163'] });
    expect(sends()).toBe(before + 2);
    expect(await held(coid)).toBe(1);
    const replay = await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price: 11 },
      { key },
    );
    expect(replay.body).toEqual(resent.body);
    expect(await held(coid)).toBe(1);
  });

  it('an upstream 500 on the order is reconciled, never resent', async () => {
    const key = freshKey();
    const price = await nearPrice();
    brokerSim(gateway).faults.inject({
      path: '/v1/api/iserver/account/',
      method: 'POST',
      fault: { kind: 'error', status: 500, body: { error: 'boom' } },
      times: 1,
    });
    const res = await brokerCall(
      gateway,
      'place_order',
      { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price },
      { key },
    );
    // The fault answered before the route ran: no order exists, and the gateway says it cannot tell.
    expect(res.status).toBe(504);
    expect(await held(res.body.error.details.client_order_id)).toBe(0);
  });

  it('20 concurrent calls with one key place one order', async () => {
    const key = freshKey();
    const price = await nearPrice();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        brokerCall(
          gateway,
          'place_order',
          { conid: AAPL, side: 'buy', type: 'limit', quantity: 1, price },
          { key },
        ),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200 || a.body.error?.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(
      true,
    );
    const ids = new Set(ok.map((a) => (a.body as Json).order_id));
    expect(ids.size).toBe(1);
    expect(await held(ok[0]!.body.client_order_id)).toBe(1);
  });
});
