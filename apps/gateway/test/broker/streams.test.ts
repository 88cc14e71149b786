import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import {
  brokerCall,
  brokerSim,
  type Json,
  simControl,
  startBrokerGateway,
} from '../support/broker-gateway.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startBrokerGateway();
});
afterAll(() => gateway?.close());

const AAPL = 265598;
const SPY = 756733;

/** What the simulator holds: open sockets and upstream subscriptions per conid. */
const upstream = async (environment: 'test' | 'live' = 'test'): Promise<Json> =>
  (await fetch(`${brokerSim(gateway, environment).url}/__sim/ibkr/ws`)).json() as Promise<Json>;

/** Re-reads until `done` holds (bounded; the socket is asynchronous). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 60 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('the shared websocket', () => {
  it('two bots on one conid share one upstream subscription, released when both unsubscribe', async () => {
    const a = await brokerCall(gateway, 'subscribe_tick', { conid: AAPL }, { bot: 'bot-a' });
    const b = await brokerCall(gateway, 'subscribe_tick', { conid: AAPL }, { bot: 'bot-b' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body.shared_with).toBe(1);
    const held = await until(upstream, (u) => u.subscriptions[AAPL] === 1);
    expect(held).toMatchObject({ connections: 1, subscriptions: { [AAPL]: 1 } });
    const tick = await brokerCall(gateway, 'get_tick', { conid: AAPL }, { bot: 'bot-a' });
    expect(tick.status, JSON.stringify(tick.body)).toBe(200);
    expect(tick.body.last).toBeGreaterThan(0);
    expect(tick.body.subscription_id).toBeNull();
    // The other bot cannot release what it does not hold.
    expect(
      (
        await brokerCall(
          gateway,
          'unsubscribe',
          { subscription_id: a.body.subscription_id },
          { bot: 'bot-b' },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await brokerCall(
          gateway,
          'unsubscribe',
          { subscription_id: a.body.subscription_id },
          { bot: 'bot-a' },
        )
      ).status,
    ).toBe(200);
    expect((await upstream()).subscriptions[AAPL]).toBe(1);
    expect(
      (
        await brokerCall(
          gateway,
          'unsubscribe',
          { subscription_id: b.body.subscription_id },
          { bot: 'bot-b' },
        )
      ).status,
    ).toBe(200);
    const released = await until(upstream, (u) => u.subscriptions[AAPL] === undefined);
    expect(released.subscriptions[AAPL]).toBeUndefined();
  });

  it('restores every subscription when the simulator drops the socket', async () => {
    await brokerCall(gateway, 'subscribe_tick', { conid: AAPL }, { bot: 'bot-c' });
    await brokerCall(gateway, 'subscribe_tick', { conid: SPY }, { bot: 'bot-c' });
    await brokerCall(gateway, 'get_tick', { conid: SPY }, { bot: 'bot-c' });
    const before = (await brokerCall(gateway, 'environment_info')).body.websocket.connects;
    await simControl(gateway, '/__sim/ibkr/ws/drop');
    const info = await until(
      async () => (await brokerCall(gateway, 'environment_info')).body.websocket,
      (ws) => ws.connects > before && ws.connected,
    );
    expect(info.connected).toBe(true);
    const restored = await until(upstream, (u) => u.subscriptions[AAPL] === 1 && u.subscriptions[SPY] === 1);
    expect(restored.subscriptions).toMatchObject({ [AAPL]: 1, [SPY]: 1 });
    const fresh = await until(
      async () => (await brokerCall(gateway, 'get_tick', { conid: SPY }, { bot: 'bot-c' })).body,
      (tick) => tick.last > 0 && tick.stale === undefined,
    );
    expect(fresh.stale).toBeUndefined();
  });

  it('detects heartbeat loss, reconnects, and serves fresh values again', async () => {
    await brokerCall(gateway, 'subscribe_tick', { conid: AAPL }, { bot: 'bot-d' });
    await simControl(gateway, '/__sim/ibkr/ws/silence', { silence: true });
    const lost = await until(
      async () => (await brokerCall(gateway, 'environment_info', {}, { bot: 'bot-d' })).body.websocket,
      (ws) => ws.heartbeat_losses > 0,
    );
    await simControl(gateway, '/__sim/ibkr/ws/silence', { silence: false });
    expect(lost.heartbeat_losses).toBeGreaterThan(0);
    const fresh = await until(
      async () => (await brokerCall(gateway, 'get_tick', { conid: AAPL }, { bot: 'bot-d' })).body,
      (tick) => tick.last > 0 && tick.stale === undefined,
    );
    expect(fresh.stale).toBeUndefined();
  });

  it('expires the subscriptions of a bot that stops calling', async () => {
    await brokerCall(gateway, 'subscribe_tick', { conid: 8314 }, { bot: 'bot-idle' });
    expect((await until(upstream, (u) => u.subscriptions[8314] === 1)).subscriptions[8314]).toBe(1);
    const expired = await until(upstream, (u) => u.subscriptions[8314] === undefined);
    expect(expired.subscriptions[8314]).toBeUndefined();
  });

  it('serves the depth ladder split into bids and asks', async () => {
    const depth = await brokerCall(gateway, 'get_depth', { conid: AAPL }, { bot: 'bot-e' });
    expect(depth.status, JSON.stringify(depth.body)).toBe(200);
    expect(depth.body.bids.length).toBeGreaterThan(0);
    expect(depth.body.asks.length).toBeGreaterThan(0);
    expect(depth.body.asks[0].price).toBeGreaterThan(depth.body.bids[0].price);
  });

  it('uses its own socket per environment', async () => {
    const live = await brokerCall(
      gateway,
      'get_tick',
      { conid: AAPL },
      { environment: 'live', bot: 'bot-f' },
    );
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect((await upstream('live')).connections).toBe(1);
  });
});
