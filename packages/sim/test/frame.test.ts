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

  it('drips the real answer: status and headers at once, the last byte only after ms', async () => {
    running = await startSimulator(tickerSimulator, { now: () => 1_700_000_000_000 });
    const plain = await (await fetch(`${running.test.url}/ticker`)).text();
    running.test.faults.inject({ fault: { kind: 'drip', ms: 600, bytes: 4 }, path: '/ticker', times: 1 });
    const started = performance.now();
    const res = await fetch(`${running.test.url}/ticker`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(plain)));
    const reader = res.body!.getReader();
    let pieces = 0;
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      pieces++;
      text += Buffer.from(chunk.value).toString();
    }
    const bodyAfter = performance.now() - started;
    expect(bodyAfter).toBeGreaterThanOrEqual(580);
    expect(pieces).toBeGreaterThan(3);
    expect(text).toBe(plain);
  });

  it("drips a given body with the fault's status and headers; a header timeout passes, a total one fires", async () => {
    running = await startSimulator(tickerSimulator);
    running.test.faults.inject({
      fault: { kind: 'drip', ms: 400, status: 503, body: { error: 'slow' }, headers: { 'x-drip': 'yes' } },
    });
    const res = await fetch(`${running.test.url}/ticker`, { signal: AbortSignal.timeout(1_000) });
    expect(res.status).toBe(503);
    expect(res.headers.get('x-drip')).toBe('yes');
    expect(await res.json()).toEqual({ error: 'slow' });
    // A client that gives up once the headers are in (a total timeout firing) loses the dripping body.
    const giveUp = new AbortController();
    const slow = await fetch(`${running.test.url}/ticker`, { signal: giveUp.signal });
    expect(slow.status).toBe(503);
    giveUp.abort();
    await expect(slow.text()).rejects.toThrow();
  });

  it('closes cleanly in the middle of a drip', async () => {
    running = await startSimulator(tickerSimulator);
    running.test.faults.inject({ fault: { kind: 'drip', ms: 10_000 } });
    const res = await fetch(`${running.test.url}/ticker`);
    expect(res.status).toBe(200);
    const closing = running.close();
    running = undefined;
    await closing;
    await expect(res.text()).rejects.toThrow();
  });

  it('answers an HTML page where JSON was expected (200 or a given status)', async () => {
    running = await startSimulator(tickerSimulator);
    running.test.faults.inject({ fault: { kind: 'html' }, times: 1 });
    running.test.faults.inject({
      fault: { kind: 'html', status: 503, body: '<html><body>down</body></html>' },
    });
    const page = await fetch(`${running.test.url}/ticker`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toMatch(/^<!DOCTYPE html>[\s\S]*maintenance/);
    const custom = await fetch(`${running.test.url}/ticker`);
    expect(custom.status).toBe(503);
    expect(await custom.text()).toBe('<html><body>down</body></html>');
  });

  it('an error fault sends a string body as it is: HTML or plain text, not JSON', async () => {
    running = await startSimulator(tickerSimulator);
    running.test.faults.inject({
      fault: {
        kind: 'error',
        status: 502,
        body: '<html>Bad Gateway</html>',
        headers: { 'content-type': 'text/html' },
      },
      times: 1,
    });
    running.test.faults.inject({
      fault: { kind: 'error', status: 500, body: 'Internal Server Error' },
      times: 1,
    });
    const html = await fetch(`${running.test.url}/ticker`);
    expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([
      502,
      'text/html',
      '<html>Bad Gateway</html>',
    ]);
    const text = await fetch(`${running.test.url}/ticker`);
    expect(text.status).toBe(500);
    expect(text.headers.get('content-type')).toContain('text/plain');
    expect(await text.text()).toBe('Internal Server Error');
  });

  it('the control API takes drip and html and refuses a drip without ms', async () => {
    running = await startSimulator(tickerSimulator);
    const post = (body: unknown) =>
      fetch(`${running!.test.url}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ fault: { kind: 'drip', ms: 50 }, times: 1 })).status).toBe(204);
    expect((await post({ fault: { kind: 'html' }, times: 1 })).status).toBe(204);
    const bad = await post({ fault: { kind: 'drip' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/fault\.ms/);
    expect((await post({ fault: { kind: 'error' } })).status).toBe(400);
    expect((await fetch(`${running.test.url}/ticker`)).status).toBe(200); // the drip
    expect((await fetch(`${running.test.url}/ticker`)).headers.get('content-type')).toContain('text/html');
  });

  it('refuses two simulators with one name', async () => {
    await expect(startSimulators([tickerSimulator, tickerSimulator])).rejects.toThrow(/two simulators/);
  });
});
