import { setTimeout as sleep } from 'node:timers/promises';
import type { Fault } from '@app/sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, resetSimulatorsAndCaches } from '../helpers.js';
import { optxCall, optxSim, ordersLabelled, startOptxGateway } from './optx-gateway.js';

/**
 * Faults during `place_order`: afterwards exactly one order carries the write's label or none does, and the
 * answer says which (200, reconciled when the answer was lost) or that it could not tell (504
 * WRITE_OUTCOME_UNKNOWN, with no order behind it). Counted in the simulator's book.
 */

let gateway: Gateway;
let n = 0;
const WINDOW_MS = 1_000;
beforeAll(async () => {
  gateway = await startOptxGateway({
    env: { UPSTREAM_TIMEOUT_MS: '300', WRITE_LOOKUP_WINDOW_MS: String(WINDOW_MS) },
  });
});
afterAll(() => gateway.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

const ORDER = { instrument_name: 'BTC-PERPETUAL', side: 'buy', amount: 10, type: 'limit', price: 50000 };

function inject(fault: Fault) {
  optxSim(gateway).faults.inject({ fault, path: '/api/v2/private/buy', times: 1 });
}

const labelOf = (body: { order?: { label?: string }; error?: { details?: { client_order_id?: string } } }) =>
  body.order?.label ?? body.error?.details?.client_order_id ?? '';

describe('a fault during place_order leaves one order or none, and the answer says which', () => {
  it.each([
    ['the answer lost after the order was placed (reset)', { kind: 'lose_answer', drop: 'reset' }],
    ['a timeout after the order was placed (answer never sent)', { kind: 'lose_answer', drop: 'hang' }],
  ] as [string, Fault][])('%s: reconciled by label, exactly one order', async (_name, fault) => {
    inject(fault);
    const res = await optxCall(gateway, 'place_order', ORDER, { key: `fault-${++n}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reconciled: true, order: { order_state: 'open' } });
    expect(ordersLabelled(gateway, labelOf(res.body))).toHaveLength(1);
    expect(optxSim(gateway).hits({ path: '/api/v2/private/buy' })).toBe(1);
  });

  it.each([
    ['a timeout before the order reached the venue (no answer at all)', { kind: 'hang' }],
    ['a 5xx page', { kind: 'html', status: 503 }],
    ['malformed JSON', { kind: 'malformed' }],
    ['a connection reset', { kind: 'reset' }],
  ] as [string, Fault][])('%s: 504 WRITE_OUTCOME_UNKNOWN and no order', async (_name, fault) => {
    inject(fault);
    const res = await optxCall(gateway, 'place_order', ORDER, { key: `fault-${++n}` });
    expect(res.status).toBe(504);
    expect(res.body.error).toMatchObject({ code: 'WRITE_OUTCOME_UNKNOWN', retryable: true });
    expect(ordersLabelled(gateway, labelOf(res.body))).toHaveLength(0);
    // The lookup asked the venue by label; the order was never re-sent.
    expect(optxSim(gateway).hits({ path: '/api/v2/private/buy' })).toBe(1);
    expect(
      optxSim(gateway).hits({ path: '/api/v2/private/get_order_state_by_label' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('the venue down: 502 and nothing sent; a repeat under the key then places exactly one', async () => {
    const key = `fault-${++n}`;
    await optxSim(gateway).down();
    const down = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(down.status).toBe(502);
    await optxSim(gateway).up();
    const again = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(again.status).toBe(200);
    expect(ordersLabelled(gateway, labelOf(again.body))).toHaveLength(1);
  });

  it('a repeat of an unknown outcome under its key looks it up again and never sends it twice', async () => {
    const key = `fault-${++n}`;
    inject({ kind: 'lose_answer', drop: 'hang' });
    // Every lookup attempt of the first call is refused as well, so its answer stays unknown.
    optxSim(gateway).faults.inject({
      fault: { kind: 'reset' },
      path: '/api/v2/private/get_order_state_by_label',
      times: 50,
    });
    const first = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(first.status).toBe(504);
    optxSim(gateway).faults.clear();
    // Past the lookup window too: the order is there, so it is found, not sent again.
    await sleep(WINDOW_MS + 100);
    const again = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(again.status).toBe(200);
    expect(again.body.reconciled).toBe(true);
    expect(again.body.resent).toBeUndefined();
    expect(ordersLabelled(gateway, labelOf(again.body))).toHaveLength(1);
    expect(optxSim(gateway).hits({ path: '/api/v2/private/buy' })).toBe(1);
  });

  it('the order never reached the venue: a repeat after the lookup window sends it once (resent)', async () => {
    const key = `fault-${++n}`;
    inject({ kind: 'reset' });
    const first = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(first.status).toBe(504);
    const label = labelOf(first.body);
    const early = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(early.status).toBe(504);
    expect(optxSim(gateway).hits({ path: '/api/v2/private/buy' })).toBe(1);

    await sleep(WINDOW_MS + 100);
    const again = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ resent: true, order: { label, order_state: 'open' } });
    expect(ordersLabelled(gateway, label)).toHaveLength(1);
    expect(optxSim(gateway).hits({ path: '/api/v2/private/buy' })).toBe(2);
    const replay = await optxCall(gateway, 'place_order', ORDER, { key });
    expect(replay.body).toEqual(again.body);
    expect(ordersLabelled(gateway, label)).toHaveLength(1);
  });
});
