import { afterEach, describe, expect, it } from 'vitest';
import { orderDeskSimulator, type RunningSimulator, startSimulator } from '../src/index.js';

let running: RunningSimulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const order = { client_id: 'gw-1', symbol: 'BTC', side: 'buy', amount: 1, price: 100 };
const place = (url: string, body: unknown = order) =>
  fetch(`${url}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const count = async (url: string) =>
  ((await (await fetch(`${url}/__sim/orders`)).json()) as { count: number }).count;

describe('order desk simulator', () => {
  it('places an order under a client id, finds it by that id and refuses the id a second time', async () => {
    running = await startSimulator(orderDeskSimulator('desk'));
    const { url } = running.test;
    const placed = await place(url);
    expect(placed.status).toBe(200);
    expect(await placed.json()).toMatchObject({ order_id: 'test-1', client_id: 'gw-1', amount: 1 });
    expect((await fetch(`${url}/orders/by-client-id/gw-1`)).status).toBe(200);
    expect((await fetch(`${url}/orders/by-client-id/gw-2`)).status).toBe(404);
    expect((await place(url)).status).toBe(409);
    expect(await count(url)).toBe(1);
    expect(await (await fetch(`${url}/account`)).json()).toEqual({ equity: 10_000, positions_notional: 100 });
    expect(await count(running.live.url)).toBe(0);
  });

  it('refuses an order without the fields a venue needs', async () => {
    running = await startSimulator(orderDeskSimulator('desk'));
    const res = await place(running.test.url, { ...order, side: 'hold' });
    expect(res.status).toBe(400);
    expect(await count(running.test.url)).toBe(0);
  });
});

describe('lose_answer fault', () => {
  it.each(['reset', 'hang'] as const)('performs the request, then loses its answer (%s)', async (drop) => {
    running = await startSimulator(orderDeskSimulator('desk'));
    const { test } = running;
    test.faults.inject({ fault: { kind: 'lose_answer', drop }, path: '/orders', method: 'POST', times: 1 });
    const signal = drop === 'hang' ? AbortSignal.timeout(300) : undefined;
    const lost = await fetch(`${test.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
      signal,
    }).then(
      () => 'answered',
      (error: Error) => error.name,
    );
    expect(lost).toBe(drop === 'hang' ? 'TimeoutError' : 'TypeError');
    // The order exists although its answer never came; the rule was used up.
    expect(await count(test.url)).toBe(1);
    expect((await place(test.url, { ...order, client_id: 'gw-2' })).status).toBe(200);
  });

  it('is accepted by the control route and checked', async () => {
    running = await startSimulator(orderDeskSimulator('desk'));
    const post = (fault: unknown) =>
      fetch(`${running!.test.url}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fault }),
      });
    expect((await post({ kind: 'lose_answer', drop: 'hang' })).status).toBe(204);
    expect((await post({ kind: 'lose_answer', drop: 'later' })).status).toBe(400);
  });
});
