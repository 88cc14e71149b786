import { afterEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator, startSimulators } from '../src/index.js';
import { tickerSimulator } from './fixtures/ticker.simulator.js';

let running: RunningSimulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('simulator frame', () => {
  it('runs a test and a live instance on loopback ports with separate state', async () => {
    running = await startSimulator(tickerSimulator, { seed: 7 });
    expect(running.test.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.test.url).not.toBe(running.live.url);
    await fetch(`${running.test.url}/orders`, {
      method: 'POST',
      body: '5',
      headers: { 'content-type': 'text/plain' },
    });
    expect((await json(`${running.test.url}/orders`)).body.orders).toHaveLength(1);
    expect((await json(`${running.live.url}/orders`)).body.orders).toHaveLength(0);
  });

  it('derives the same market from the same seed and a different one per environment', async () => {
    running = await startSimulator(tickerSimulator, { seed: 7 });
    const first = await json(`${running.test.url}/ticker`);
    const live = await json(`${running.live.url}/ticker`);
    await running.close();
    running = await startSimulator(tickerSimulator, { seed: 7 });
    const again = await json(`${running.test.url}/ticker`);
    expect(again.body.price).toBe(first.body.price);
    expect(live.body.price).not.toBe(first.body.price);
  });

  it('pins the clock the simulators see', async () => {
    running = await startSimulator(tickerSimulator, { now: () => 1_700_000_000_000 });
    expect((await json(`${running.live.url}/ticker`)).body.time).toBe(1_700_000_000_000);
  });

  it('injects an error status with a body, a given number of times', async () => {
    running = await startSimulator(tickerSimulator);
    running.test.faults.inject({
      fault: { kind: 'error', status: 503, body: { error: 'maintenance' } },
      path: '/ticker',
      times: 1,
    });
    expect(await json(`${running.test.url}/ticker`)).toEqual({ status: 503, body: { error: 'maintenance' } });
    expect((await json(`${running.test.url}/ticker`)).status).toBe(200);
    expect(running.test.hits({ path: '/ticker' })).toBe(2);
    expect(running.live.hits()).toBe(0);
  });

  it('injects a malformed body', async () => {
    running = await startSimulator(tickerSimulator);
    running.live.faults.inject({ fault: { kind: 'malformed' } });
    const res = await fetch(`${running.live.url}/ticker`);
    expect(res.headers.get('content-type')).toContain('application/json');
    await expect(res.json()).rejects.toThrow();
  });

  it('resets the connection', async () => {
    running = await startSimulator(tickerSimulator);
    running.test.faults.inject({ fault: { kind: 'reset' }, times: 1 });
    await expect(fetch(`${running.test.url}/ticker`)).rejects.toThrow();
    expect((await fetch(`${running.test.url}/ticker`)).status).toBe(200);
  });

  it('delays answers by the injected latency', async () => {
    running = await startSimulator(tickerSimulator);
    running.test.faults.inject({ fault: { kind: 'latency', ms: 2_000 }, method: 'GET' });
    const controller = AbortSignal.timeout(100);
    await expect(fetch(`${running.test.url}/ticker`, { signal: controller })).rejects.toThrow();
    running.test.faults.clear();
    expect((await fetch(`${running.test.url}/ticker`)).status).toBe(200);
  });

  it('goes down (connection refused) and comes back on the same address', async () => {
    running = await startSimulator(tickerSimulator);
    const url = running.test.url;
    await running.test.down();
    expect(running.test.isUp).toBe(false);
    await expect(fetch(`${url}/ticker`)).rejects.toThrow();
    await running.test.up();
    expect((await fetch(`${url}/ticker`)).status).toBe(200);
  });

  it('closes cleanly while an instance is down', async () => {
    running = await startSimulator(tickerSimulator);
    await running.live.down();
    await running.close();
    running = undefined;
  });

  it('takes faults over its control API too', async () => {
    running = await startSimulator(tickerSimulator);
    const control = `${running.test.url}/__sim/faults`;
    await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: { kind: 'error', status: 429 }, times: 1 }),
    });
    expect((await fetch(`${running.test.url}/ticker`)).status).toBe(429);
    const bad = await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: { kind: 'explode' } }),
    });
    expect(bad.status).toBe(400);
    const stats = await json(`${running.test.url}/__sim/stats`);
    expect(stats.body.hits).toEqual({ 'GET /ticker': 1 });
  });

  it('refuses two simulators with one name', async () => {
    await expect(startSimulators([tickerSimulator, tickerSimulator])).rejects.toThrow(/two simulators/);
  });
});
