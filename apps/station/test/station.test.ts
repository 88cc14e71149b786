import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

let webRoot: string;

beforeAll(() => {
  webRoot = mkdtempSync(join(tmpdir(), 'station-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webRoot, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

async function startStation(env: Record<string, string>): Promise<TestServer> {
  const config = loadConfig({ MEASURE_API_URL: 'http://127.0.0.1:9', ...env });
  return startTestServer(await buildApp({ config, logger: silentLogger(), webRoot }));
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A stand-in measurement service: records what reached it and answers as each test tells it. */
async function fakeUpstream(answer: (seen: Seen, res: import('node:http').ServerResponse) => void) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

describe('station without STATION_CODE', () => {
  let station: TestServer;
  beforeAll(async () => {
    station = await startStation({ STATION_CODE: '' });
  });
  afterAll(() => station.close());

  it('answers the recipe-selection page and / with 503 and a page that says how to set the code', async () => {
    for (const path of ['/', '/operator']) {
      const response = await fetch(`${station.url}${path}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('text/html');
      // ST-DEFAULT: the station every measurement service creates on first start (bootstrap)
      expect(await response.text()).toContain('STATION_CODE=ST-DEFAULT npm run start:station');
    }
  });

  it('still reports health, so a monitor sees the server is up but unconfigured', async () => {
    const response = await fetch(`${station.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok', station_code: '' });
  });
});

describe('station with STATION_CODE', () => {
  let station: TestServer;
  beforeAll(async () => {
    station = await startStation({ STATION_CODE: 'ST-001' });
  });
  afterAll(() => station.close());

  it('serves the client in station mode on the operator pages', async () => {
    for (const path of ['/', '/operator', '/login']) {
      const response = await fetch(`${station.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('id="root"');
    }
    expect(await (await fetch(`${station.url}/station-config.json`)).json()).toEqual({
      station_code: 'ST-001',
    });
  });

  it('serves only the operator flow: maker, metrology and admin pages are not there', async () => {
    for (const path of ['/maker', '/metrology', '/admin/users']) {
      expect((await fetch(`${station.url}${path}`)).status).toBe(404);
    }
  });

  it('serves built assets with a long cache', async () => {
    const response = await fetch(`${station.url}/assets/index-abc.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});

describe('station /api proxy', () => {
  it('passes method, path, query, X-API-Key and body through and returns the upstream answer as is', async () => {
    const upstream = await fakeUpstream((_seen, res) => {
      res.writeHead(422, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ detail: 'measurements.0.value: must be number' }));
    });
    const station = await startStation({ STATION_CODE: 'ST-001', MEASURE_API_URL: upstream.url });
    try {
      const body = JSON.stringify({ measurements: [{ subtask_id: 1, value: 'x' }] });
      const response = await fetch(`${station.url}/api/measurements/batch?dry=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k-123', 'x-request-id': 'req-abc-1' },
        body,
      });
      expect(response.status).toBe(422);
      expect(response.headers.get('x-upstream')).toBe('yes');
      expect(await response.json()).toEqual({ detail: 'measurements.0.value: must be number' });
      const [seen] = upstream.seen;
      expect(seen?.method).toBe('POST');
      expect(seen?.url).toBe('/api/measurements/batch?dry=1');
      expect(seen?.headers['x-api-key']).toBe('k-123');
      expect(seen?.headers['x-request-id']).toBe('req-abc-1');
      expect(seen?.body.toString()).toBe(body);
    } finally {
      await station.close();
      await upstream.close();
    }
  });

  it('forwards a bodyless DELETE without inventing a body, and the upstream 204', async () => {
    const upstream = await fakeUpstream((_seen, res) => {
      res.writeHead(204);
      res.end();
    });
    const station = await startStation({ STATION_CODE: 'ST-001', MEASURE_API_URL: upstream.url });
    try {
      const response = await fetch(`${station.url}/api/stations/3/recipes/9`, {
        method: 'DELETE',
        headers: { 'x-api-key': 'k' },
      });
      expect(response.status).toBe(204);
      const [seen] = upstream.seen;
      expect(seen?.method).toBe('DELETE');
      expect(seen?.headers['transfer-encoding']).toBeUndefined();
      expect(seen?.body.length).toBe(0);
    } finally {
      await station.close();
      await upstream.close();
    }
  });

  it('streams large bodies both ways without changing a byte', async () => {
    const payload = Buffer.alloc(3 * 1024 * 1024, 7);
    const upstream = await fakeUpstream((seen, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(seen.body);
    });
    const station = await startStation({ STATION_CODE: 'ST-001', MEASURE_API_URL: upstream.url });
    try {
      const response = await fetch(`${station.url}/api/files/upload`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: payload,
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(payload)).toBe(true);
    } finally {
      await station.close();
      await upstream.close();
    }
  });

  it('answers 502 with {detail} when the measurement service is down', async () => {
    const upstream = await fakeUpstream((_seen, res) => res.end());
    const downUrl = upstream.url;
    await upstream.close();
    const station = await startStation({ STATION_CODE: 'ST-001', MEASURE_API_URL: downUrl });
    try {
      const response = await fetch(`${station.url}/api/health`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ detail: 'The measurement service is unreachable' });
    } finally {
      await station.close();
    }
  });

  it('answers 504 with {detail} when the measurement service does not answer in time', async () => {
    const upstream = await fakeUpstream(() => {
      // never answers
    });
    const station = await startStation({
      STATION_CODE: 'ST-001',
      MEASURE_API_URL: upstream.url,
      MEASURE_API_TIMEOUT_MS: '1000',
    });
    try {
      const response = await fetch(`${station.url}/api/recipes`);
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({ detail: 'The measurement service did not answer in time' });
    } finally {
      await station.close();
      await upstream.close();
    }
  });
});
