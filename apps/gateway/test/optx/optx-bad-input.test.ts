import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, resetSimulatorsAndCaches } from '../helpers.js';
import { auditOf } from '../support/write-gateway.js';
import { optxCall, orderSends, startOptxGateway } from './optx-gateway.js';

/** Bad input: a 4xx envelope naming the field, and no order call reaches the simulator. */

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startOptxGateway();
});
afterAll(() => gateway.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

const order = (fields: Record<string, unknown>) => ({
  instrument_name: 'BTC-PERPETUAL',
  side: 'buy',
  amount: 10,
  type: 'limit',
  price: 50000,
  ...fields,
});

describe('optx writes refuse bad input before anything is sent', () => {
  it.each([
    [
      'unknown instrument',
      order({ instrument_name: 'SOL-PERPETUAL' }),
      404,
      'UNKNOWN_INSTRUMENT',
      'instrument_name',
    ],
    ['amount 0', order({ amount: 0 }), 422, 'VALIDATION_ERROR', undefined],
    ['negative amount', order({ amount: -10 }), 422, 'VALIDATION_ERROR', undefined],
    ['amount off the contract size', order({ amount: 15 }), 422, 'AMOUNT_OFF_STEP', 'amount'],
    ['price off tick', order({ price: 50000.3 }), 422, 'PRICE_OFF_TICK', 'price'],
    ['limit without a price', order({ price: undefined }), 422, 'VALIDATION_ERROR', 'price'],
  ])('%s', async (_name, body, status, code, field) => {
    const res = await optxCall(gateway, 'place_order', body);
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code, retryable: false, request_id: expect.any(String) });
    if (field) expect(res.body.error.details.field).toBe(field);
    expect(orderSends(gateway)).toBe(0);
  });

  it('an option price above 0.005 must sit on the 0.0005 step', async () => {
    const option = await firstOption(gateway.sims.get('optx')!.instance('test').url);
    const res = await optxCall(gateway, 'place_order', {
      instrument_name: option,
      side: 'buy',
      amount: 0.1,
      type: 'limit',
      price: 0.0051,
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'PRICE_OFF_TICK',
      details: { tick: 0.0005, nearest: 0.005 },
    });
    expect(orderSends(gateway)).toBe(0);
  });

  it('the leverage cap refuses an order above OPTX_MAX_LEVERAGE, audited as refused, nothing sent', async () => {
    const res = await optxCall(gateway, 'place_order', order({ amount: 50_000_000, price: 50000 }), {
      key: 'cap-1',
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'LEVERAGE_CAP_EXCEEDED',
      details: { cap: 3, venue: 'optx' },
    });
    expect(orderSends(gateway)).toBe(0);
    expect(auditOf(gateway, res.requestId).at(-1)).toMatchObject({ outcome: 'refused' });
  });

  it('a reduce-only order is exempt from the cap (and refused by the venue when it would not reduce)', async () => {
    const res = await optxCall(gateway, 'place_order', order({ amount: 50_000_000, reduce_only: true }));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ORDER_REJECTED');
    expect(res.body.error.details).toMatchObject({ upstream_code: 11029 });
    expect(orderSends(gateway)).toBe(1);
  });

  it('an unknown order id is 404 ORDER_NOT_FOUND from the venue (10004), audited as failed', async () => {
    const res = await optxCall(gateway, 'cancel_order', { order_id: 'BTC-999999' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'ORDER_NOT_FOUND', details: { upstream_code: 10004 } });
    expect(auditOf(gateway, res.requestId).at(-1)).toMatchObject({ outcome: 'failed' });
  });

  it('a stop on a flat position is 409 NO_POSITION, nothing sent', async () => {
    const res = await optxCall(gateway, 'set_stop_loss', {
      instrument_name: 'ETH-PERPETUAL',
      trigger_price: 1000,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NO_POSITION');
    const close = await optxCall(gateway, 'close_position', { instrument_name: 'ETH-PERPETUAL' });
    expect(close.status).toBe(409);
    expect(orderSends(gateway)).toBe(0);
  });
});

async function firstOption(simUrl: string): Promise<string> {
  const res = await fetch(`${simUrl}/api/v2/public/get_instruments?currency=BTC&kind=option`);
  const { result } = (await res.json()) as { result: { instrument_name: string }[] };
  return result[0]!.instrument_name;
}
