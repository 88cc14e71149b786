import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import {
  auditOf,
  deskOrders,
  deskSends,
  loseNextAnswer,
  startWriteGateway,
  writeCall,
} from '../support/write-gateway.js';

let gateway: Gateway;
let n = 0;
const freshKey = () => `reconcile-${++n}`;
/** WRITE_LOOKUP_WINDOW_MS here: long enough that an immediate repeat is inside it on a loaded machine. */
const WINDOW_MS = 1_000;

beforeAll(async () => {
  // A short attempt timeout: a hung answer is given up on quickly, then looked up.
  gateway = await startWriteGateway({
    env: { UPSTREAM_TIMEOUT_MS: '300', WRITE_LOOKUP_WINDOW_MS: String(WINDOW_MS) },
  });
});
afterAll(() => gateway.close());
beforeEach(() => gateway.sims.get('desk')!.test.faults.clear());

const holding = async (clientOrderId: unknown) =>
  (await deskOrders(gateway)).orders.filter((order) => order.client_id === clientOrderId).length;

/** The desk's lookup by client order id answers 503 until the faults are cleared: the venue cannot tell. */
const failLookups = (gateway: Gateway) =>
  gateway.sims.get('desk')!.test.faults.inject({
    fault: { kind: 'error', status: 503 },
    path: '/orders/by-client-id/',
    method: 'GET',
  });

describe('a write whose answer is lost', () => {
  it.each(['reset', 'hang'] as const)('is looked up by client order id and answered (%s)', async (then) => {
    const key = freshKey();
    loseNextAnswer(gateway, then);
    const sends = deskSends(gateway);
    const res = await writeCall(gateway, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reconciled: true, order_id: expect.any(String) });
    expect(res.body.client_order_id).toMatch(/^0x[0-9a-f]{32}$/);
    expect(deskSends(gateway)).toBe(sends + 1);
    expect(await holding(res.body.client_order_id)).toBe(1);
    expect(auditOf(gateway, res.requestId)).toEqual([
      expect.objectContaining({ event: 'attempt', outcome: 'pending', idempotency_key: key }),
      expect.objectContaining({
        event: 'result',
        outcome: 'ok',
        reconciled: true,
        idempotency_key: key,
        client_order_id: res.body.client_order_id,
        upstream_ids: [res.body.order_id],
      }),
    ]);
    // The reconciled answer is the key's answer from now on.
    expect(await writeCall(gateway, { key })).toMatchObject({ status: 200, replayed: true, body: res.body });
  });

  it('exists exactly once under 20 concurrent calls with the same key', async () => {
    const key = freshKey();
    loseNextAnswer(gateway, 'reset');
    const sends = deskSends(gateway);
    const answers = await Promise.all(Array.from({ length: 20 }, () => writeCall(gateway, { key })));
    const statuses = answers.map((answer) => answer.status).sort();
    // One call held the key and answered (reconciled or not yet); the others were told to come back, or
    // came after it finished and got its stored answer.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const owner = answers.filter((answer) => answer.status === 200 && !answer.replayed);
    expect(owner).toHaveLength(1);
    expect(owner[0]!.body.reconciled).toBe(true);
    // The bots retry until every one has the answer: the same order for all.
    const settled = await Promise.all(
      answers.map(async (answer) => {
        let current = answer;
        while (current.status === 409) current = await writeCall(gateway, { key });
        return current;
      }),
    );
    expect(new Set(settled.map((answer) => answer.body.order_id)).size).toBe(1);
    expect(deskSends(gateway)).toBe(sends + 1);
    expect(await holding(owner[0]!.body.client_order_id)).toBe(1);
  });

  it('answers 504 WRITE_OUTCOME_UNKNOWN with the client order id when the venue cannot tell, and a repeat looks again without sending', async () => {
    const key = freshKey();
    const desk = gateway.sims.get('desk')!.test;
    loseNextAnswer(gateway, 'reset');
    // The lookup fails too: the venue cannot tell.
    failLookups(gateway);
    const sends = deskSends(gateway);
    const unknown = await writeCall(gateway, { key });
    expect(unknown.status).toBe(504);
    expect(unknown.body.error).toMatchObject({ code: 'WRITE_OUTCOME_UNKNOWN', retryable: true });
    const clientOrderId = unknown.body.error?.details?.client_order_id;
    expect(clientOrderId).toMatch(/^0x[0-9a-f]{32}$/);
    expect(auditOf(gateway, unknown.requestId).at(-1)).toMatchObject({
      outcome: 'unknown',
      client_order_id: clientOrderId,
      idempotency_key: key,
    });

    desk.faults.clear();
    const repeat = await writeCall(gateway, { key });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ reconciled: true, client_order_id: clientOrderId });
    expect(repeat.replayed).toBe(false);
    expect(deskSends(gateway)).toBe(sends + 1);
    expect(await holding(clientOrderId)).toBe(1);
  });

  it('without a key: looked up too, and 504 not retryable when the venue has no record', async () => {
    const desk = gateway.sims.get('desk')!.test;
    // The venue refuses the socket's answer before its route runs: no order exists.
    desk.faults.inject({ fault: { kind: 'reset' }, path: '/orders', method: 'POST', times: 1 });
    const sends = deskSends(gateway);
    const res = await writeCall(gateway);
    expect(res.status).toBe(504);
    expect(res.body.error).toMatchObject({ code: 'WRITE_OUTCOME_UNKNOWN', retryable: false });
    expect(deskSends(gateway)).toBe(sends + 1);
    expect(desk.hits({ method: 'GET', path: '/orders/by-client-id/' })).toBeGreaterThan(0);
  });

  it('treats a 5xx answer to the send as lost: the order the venue did place is found', async () => {
    const key = freshKey();
    // 500 after the route ran is what lose_answer cannot model; a drip with a 500 status over the real answer can.
    gateway.sims.get('desk')!.test.faults.inject({
      fault: { kind: 'drip', ms: 0, status: 500 },
      path: '/orders',
      method: 'POST',
      times: 1,
    });
    const res = await writeCall(gateway, { key });
    expect(res.status).toBe(200);
    expect(res.body.reconciled).toBe(true);
    expect(await holding(res.body.client_order_id)).toBe(1);
  });
});

describe('a write whose answer is lost and which the venue never got (issue 37)', () => {
  it('is sent again, once, by a repeat after the lookup window; inside it the repeat is 504 and sends nothing', async () => {
    const key = freshKey();
    const desk = gateway.sims.get('desk')!.test;
    // The socket is reset before the route runs: no order exists, and the gateway cannot know that.
    desk.faults.inject({ fault: { kind: 'reset' }, path: '/orders', method: 'POST', times: 1 });
    const sends = deskSends(gateway);
    const lost = await writeCall(gateway, { key });
    expect(lost.status).toBe(504);
    const clientOrderId = lost.body.error?.details?.client_order_id;

    const early = await writeCall(gateway, { key });
    expect(early.status).toBe(504);
    expect(early.body.error?.code).toBe('WRITE_OUTCOME_UNKNOWN');
    expect(deskSends(gateway)).toBe(sends + 1);

    await sleep(WINDOW_MS + 100);
    const resent = await writeCall(gateway, { key });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ resent: true, client_order_id: clientOrderId });
    expect(resent.body.reconciled).toBeUndefined();
    expect(deskSends(gateway)).toBe(sends + 2);
    expect(await holding(clientOrderId)).toBe(1);
    expect(auditOf(gateway, resent.requestId).at(-1)).toMatchObject({
      outcome: 'ok',
      client_order_id: clientOrderId,
      upstream_ids: [resent.body.order_id],
    });
    // That answer is the key's answer from now on, `resent` included.
    expect(await writeCall(gateway, { key })).toMatchObject({
      status: 200,
      replayed: true,
      body: resent.body,
    });
    expect(deskSends(gateway)).toBe(sends + 2);
    expect(await holding(clientOrderId)).toBe(1);
  });

  it('one that did execute is still found after the window, and never sent again', async () => {
    const key = freshKey();
    const desk = gateway.sims.get('desk')!.test;
    loseNextAnswer(gateway, 'reset');
    // The first call's lookup fails too, so it cannot tell and the key stays to be looked up.
    failLookups(gateway);
    const sends = deskSends(gateway);
    const lost = await writeCall(gateway, { key });
    expect(lost.status).toBe(504);
    desk.faults.clear();

    await sleep(WINDOW_MS + 100);
    const repeat = await writeCall(gateway, { key });
    expect(repeat.status).toBe(200);
    expect(repeat.body.reconciled).toBe(true);
    expect(repeat.body.resent).toBeUndefined();
    expect(deskSends(gateway)).toBe(sends + 1);
    expect(await holding(repeat.body.client_order_id)).toBe(1);
  });

  it('after the window, a lookup that fails is still 504 and sends nothing', async () => {
    const key = freshKey();
    const desk = gateway.sims.get('desk')!.test;
    desk.faults.inject({ fault: { kind: 'reset' }, path: '/orders', method: 'POST', times: 1 });
    failLookups(gateway);
    const sends = deskSends(gateway);
    expect((await writeCall(gateway, { key })).status).toBe(504);
    await sleep(WINDOW_MS + 100);
    // The venue cannot tell: "no answer" is never taken as "no order".
    const repeat = await writeCall(gateway, { key });
    expect(repeat.status).toBe(504);
    expect(deskSends(gateway)).toBe(sends + 1);
  });
});
