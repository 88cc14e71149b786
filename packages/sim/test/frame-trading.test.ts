import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  ExchangeCore,
  type Instrument,
  manualFeed,
  type RunningSimulator,
  type SimulatorDefinition,
  startSimulator,
} from '../src/index.js';

const NOW = Date.UTC(2026, 10, 25, 12);
const PERP: Instrument = {
  symbol: 'BTC',
  underlying: 'BTC',
  settlement: 'linear',
  settlementCurrency: 'USD',
  tickSize: 1,
  lotSize: 0.001,
  minSize: 0.001,
  makerFee: 0,
  takerFee: 0.0005,
  maxLeverage: 10,
  maintenanceMarginRate: 0.01,
  fundingIntervalMs: 3_600_000,
};

/** A minimal trading venue: an exchange core per instance, an order route, and a websocket that echoes the clock. */
const venue: SimulatorDefinition = {
  name: 'venue',
  exchange: (context) => {
    const feed = manualFeed();
    feed.set('BTC', { index: 50_000, fundingRate: 0.0001 });
    return new ExchangeCore({ instruments: [PERP], feed, clock: context.clock, seed: context.seed });
  },
  plugin: (context) => async (app) => {
    const core = context.exchange!;
    core.deposit('acct', 'USD', 100_000);
    app.post(
      '/order',
      async () => core.place({ account: 'acct', symbol: 'BTC', side: 'buy', type: 'market', size: 1 }).order,
    );
    context.websocket('/ws', (socket) => {
      socket.on('message', () => socket.send(JSON.stringify({ now: context.now() })));
    });
  },
};

let running: RunningSimulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const post = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('simulator frame for trading venues', () => {
  it('gives each instance its own exchange core', async () => {
    running = await startSimulator(venue, { now: () => NOW });
    await post(`${running.test.url}/order`, {});
    expect(running.test.exchange!.position('acct', 'BTC').size).toBe(1);
    expect(running.live.exchange!.position('acct', 'BTC').size).toBe(0);
  });

  it('has a clock tests advance, on the instance and over /__sim/clock; the core settles funding on it', async () => {
    running = await startSimulator(venue, { now: () => NOW });
    const { test } = running;
    expect(test.clock.mode).toBe('real');
    await post(`${test.url}/order`, {});
    expect(await post(`${test.url}/__sim/clock`, { advance: 3_600_000 })).toEqual({
      status: 200,
      body: { now: NOW + 3_600_000, mode: 'manual' },
    });
    // Advancing the clock made the hourly funding fall due: 1 BTC × 50 000 × 0.0001 = 5 USD.
    const funding = test.exchange!.ledger('acct').filter((entry) => entry.kind === 'funding');
    expect(funding).toMatchObject([{ amount: -5, at: NOW + 3_600_000 }]);
    test.clock.set(NOW);
    expect(test.clock.now()).toBe(NOW);
    expect(running.live.clock.now()).toBe(NOW);
    expect((await post(`${test.url}/__sim/clock`, { advance: -1 })).status).toBe(400);
    expect(await post(`${test.url}/__sim/clock`, { real: true })).toMatchObject({ body: { mode: 'real' } });
  });

  it('serves websocket routes on the instance port and drops them on down()', async () => {
    running = await startSimulator(venue, { now: () => NOW });
    const { test } = running;
    test.clock.set(NOW + 42);
    const socket = new WebSocket(`${test.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('now?');
    expect(JSON.parse(await answer)).toEqual({ now: NOW + 42 });
    expect(test.websockets()).toBe(1);
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    await test.down();
    expect(await closed).toBe(1006);
    await test.up();
    const unknown = new WebSocket(`${test.url.replace('http', 'ws')}/nope`);
    const status = await new Promise<number>((resolve) =>
      unknown.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(404);
  });
});
