import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, MAINNET } from '../helpers.js';
import {
  auditOf,
  DESK_ORDER,
  deskOrders,
  deskSends,
  startWriteGateway,
  writeCall,
} from '../support/write-gateway.js';

let gateway: Gateway;
let n = 0;
const freshKey = () => `key-${++n}`;

beforeAll(async () => {
  gateway = await startWriteGateway();
});
afterAll(() => gateway.close());
beforeEach(() => gateway.sims.get('desk')!.test.faults.clear());

describe('Idempotency-Key on a write tool', () => {
  it('replays the stored answer for the same key, body and actor, sending nothing upstream', async () => {
    const key = freshKey();
    const first = await writeCall(gateway, { key });
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    const sends = deskSends(gateway);
    const orders = (await deskOrders(gateway)).count;

    // Fields in another order are the same body.
    const again = await writeCall(gateway, {
      key,
      body: { price: 100, amount: 1, side: 'buy', symbol: 'BTC' },
    });
    expect(again).toMatchObject({ status: 200, replayed: true, body: first.body });
    expect(again.requestId).not.toBe(first.requestId);
    expect(deskSends(gateway)).toBe(sends);
    expect((await deskOrders(gateway)).count).toBe(orders);
    expect(auditOf(gateway, again.requestId).map((record) => record.outcome)).toEqual([
      'pending',
      'replayed',
    ]);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body, and sends nothing', async () => {
    const key = freshKey();
    expect((await writeCall(gateway, { key })).status).toBe(200);
    const sends = deskSends(gateway);
    const reused = await writeCall(gateway, { key, body: { ...DESK_ORDER, amount: 2 } });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', retryable: false });
    expect(reused.replayed).toBe(false);
    expect(deskSends(gateway)).toBe(sends);
    expect(auditOf(gateway, reused.requestId).at(-1)).toMatchObject({
      outcome: 'refused',
      idempotency_key: key,
    });
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS while the first call runs, then the first call’s answer', async () => {
    const key = freshKey();
    const desk = gateway.sims.get('desk')!.test;
    desk.faults.inject({ fault: { kind: 'latency', ms: 400 }, path: '/orders', method: 'POST', times: 1 });
    const sends = deskSends(gateway);
    const first = writeCall(gateway, { key });
    // The first call has reached the venue: it holds the key.
    await expect.poll(() => deskSends(gateway)).toBe(sends + 1);
    const during = await writeCall(gateway, { key });
    expect(during.status).toBe(409);
    expect(during.body.error).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', retryable: true });
    const done = await first;
    expect(done.status).toBe(200);
    const after = await writeCall(gateway, { key });
    expect(after).toMatchObject({ status: 200, replayed: true, body: done.body });
    expect(deskSends(gateway)).toBe(sends + 1);
  });

  it('keeps keys per actor: the mainnet token’s key does not replay the testnet token’s answer', async () => {
    const key = freshKey();
    const testnet = await writeCall(gateway, { key });
    const mainnet = await writeCall(gateway, { key, token: MAINNET });
    expect(mainnet.status).toBe(200);
    expect(mainnet.replayed).toBe(false);
    expect(mainnet.body.client_order_id).not.toBe(testnet.body.client_order_id);
    expect((await deskOrders(gateway, 'live')).orders.map((order) => order.client_id)).toContain(
      mainnet.body.client_order_id,
    );
  });

  it('stores a final refusal (the leverage cap) and replays it without asking the venue again', async () => {
    const key = freshKey();
    const big = { ...DESK_ORDER, amount: 10_000 };
    const refused = await writeCall(gateway, { key, body: big });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('LEVERAGE_CAP_EXCEEDED');
    const accountReads = gateway.sims.get('desk')!.test.hits({ path: '/account' });
    const again = await writeCall(gateway, { key, body: big });
    expect(again).toMatchObject({ status: 422, replayed: true, body: refused.body });
    expect(gateway.sims.get('desk')!.test.hits({ path: '/account' })).toBe(accountReads);
  });

  it('does not keep an answer where nothing was sent (venue unreachable): a repeat runs afresh', async () => {
    const key = freshKey();
    const desk = gateway.sims.get('desk')!.test;
    await desk.down();
    let down: Awaited<ReturnType<typeof writeCall>>;
    try {
      down = await writeCall(gateway, { key });
    } finally {
      await desk.up();
    }
    expect(down.status).toBe(502);
    const retried = await writeCall(gateway, { key });
    expect(retried).toMatchObject({ status: 200, replayed: false });
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not printable ASCII', 'schlüssel'],
  ])('refuses a key that is %s with 400 IDEMPOTENCY_KEY_INVALID', async (_what, key) => {
    const sends = deskSends(gateway);
    const res = await writeCall(gateway, { key });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(deskSends(gateway)).toBe(sends);
  });

  it('accepts a key of 255 printable characters', async () => {
    expect((await writeCall(gateway, { key: `${'~'.repeat(254)} ` })).status).toBe(200);
  });

  it('documents the header, the replay header and the 409/422/504 answers in OpenAPI', async () => {
    const doc = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        {
          post: {
            parameters: { name: string; in: string }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          };
        }
      >;
    };
    const operation = doc.paths['/mcp-desk/tools/place_order']!.post;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
    );
    expect(operation.responses['200']!.headers).toHaveProperty('Idempotent-Replayed');
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['409', '422', '504']));
  });
});
