import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { resetSimulatorsAndCaches } from '../helpers.js';
import { ordersWithCloid, perpdexCall, simOf, startPerpdexGateway } from './support/perpdex-gateway.js';

/**
 * Faults on `/exchange` during a write: the simulator's core is the book of record, so "one order or none,
 * never two" is counted there, and the answer says which (200 reconciled, or 504 WRITE_OUTCOME_UNKNOWN).
 */

let gateway: Gateway;
const WINDOW_MS = 1_000;
beforeAll(async () => {
  gateway = await startPerpdexGateway({
    UPSTREAM_TIMEOUT_MS: '300',
    WRITE_LOOKUP_WINDOW_MS: String(WINDOW_MS),
  });
});
afterAll(() => gateway.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

const order = { coin: 'ETH', side: 'buy', size: 0.01, type: 'limit', price: 2000, time_in_force: 'Gtc' };
const inject = (fault: Parameters<ReturnType<typeof simOf>['faults']['inject']>[0]['fault']) =>
  simOf(gateway).faults.inject({ fault, path: '/exchange', method: 'POST', times: 1 });

describe('perpdex write faults', () => {
  it.each(['reset', 'hang'] as const)(
    'the venue accepted and the answer was lost (%s): reconciled by cloid, one order',
    async (drop) => {
      inject({ kind: 'lose_answer', drop });
      const answer = await perpdexCall(gateway, 'place_order', order, { key: `lost-${drop}` });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'open', coin: 'ETH', reconciled: true });
      const cloid = answer.body.client_order_id as string;
      expect(ordersWithCloid(gateway, cloid)).toBe(1);
      // The same key again: the stored answer, never a second order.
      const again = await perpdexCall(gateway, 'place_order', order, { key: `lost-${drop}` });
      expect(again.replayed).toBe(true);
      expect(ordersWithCloid(gateway, cloid)).toBe(1);
    },
  );

  it('a 5xx before the venue acted: looked up, none found, 504 says it could not tell; a repeat never sends', async () => {
    inject({ kind: 'error', status: 502, body: 'bad gateway' });
    const answer = await perpdexCall(gateway, 'place_order', order, { key: 'five-hundred' });
    expect(answer.status).toBe(504);
    expect(answer.body.error?.code).toBe('WRITE_OUTCOME_UNKNOWN');
    const cloid = String(
      (answer.body.error?.details as { client_order_id?: string } | undefined)?.client_order_id,
    );
    expect(ordersWithCloid(gateway, cloid)).toBe(0);
    const sends = simOf(gateway).hits({ method: 'POST', path: '/exchange' });
    const repeat = await perpdexCall(gateway, 'place_order', order, { key: 'five-hundred' });
    expect(repeat.status).toBe(504);
    expect(simOf(gateway).hits({ method: 'POST', path: '/exchange' })).toBe(sends);
    expect(ordersWithCloid(gateway, cloid)).toBe(0);
  });

  it('the venue never got the order: a repeat after the lookup window sends it once (resent)', async () => {
    inject({ kind: 'error', status: 502, body: 'bad gateway' });
    const exchangeSends = () => simOf(gateway).hits({ method: 'POST', path: '/exchange' });
    const lost = await perpdexCall(gateway, 'place_order', order, { key: 'never-got' });
    expect(lost.status).toBe(504);
    const cloid = String(
      (lost.body.error?.details as { client_order_id?: string } | undefined)?.client_order_id,
    );
    expect(exchangeSends()).toBe(1);
    await sleep(WINDOW_MS + 100);
    const again = await perpdexCall(gateway, 'place_order', order, { key: 'never-got' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ resent: true, client_order_id: cloid, coin: 'ETH' });
    expect(exchangeSends()).toBe(2);
    expect(ordersWithCloid(gateway, cloid)).toBe(1);
    const replay = await perpdexCall(gateway, 'place_order', order, { key: 'never-got' });
    expect(replay.replayed).toBe(true);
    expect(ordersWithCloid(gateway, cloid)).toBe(1);
  });

  it('a connection reset before anything was read: none placed, and the answer says so', async () => {
    const core = simOf(gateway).exchange!;
    const account = simOf(gateway).credentials!.account_address!;
    const before = core.openOrders(account).length;
    inject({ kind: 'reset' });
    const answer = await perpdexCall(gateway, 'place_order', order, { key: 'reset-first' });
    expect([502, 504]).toContain(answer.status);
    const cloid = (answer.body.error?.details as { client_order_id?: string } | undefined)?.client_order_id;
    if (cloid) expect(ordersWithCloid(gateway, cloid)).toBe(0);
    expect(core.openOrders(account)).toHaveLength(before);
  });

  it('20 concurrent calls with one Idempotency-Key: one order on the venue', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => perpdexCall(gateway, 'place_order', order, { key: 'twenty-at-once' })),
    );
    const sent = answers.filter((answer) => answer.status === 200 && !answer.replayed);
    expect(sent).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.body.error?.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(
      true,
    );
    expect(ordersWithCloid(gateway, sent[0]!.body.client_order_id as string)).toBe(1);
  });
});
