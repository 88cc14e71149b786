import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@app/kit';
import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, webPlugin } from './web.plugin.js';

let dist: string;
let server: TestServer;

/** A raw GET, so paths such as /%2e%2e/ reach the server exactly as written. */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(`${url}${path}`, { method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'web-plugin-'));
  dist = join(base, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(join(base, 'secret.txt'), 'do not serve');
  const app = await createApp({
    logger: silentLogger(),
    renderError: (error) => ({ detail: error.message }),
    openapi: { title: 't', version: '0.1.0', jsonPath: '/api/openapi.json', docsPath: '/api/docs' },
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(webPlugin, { root: dist });
  server = await startTestServer(app);
});

afterAll(async () => {
  await server.close();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

describe('web plugin', () => {
  it('serves the client at / and is never cached, so a deployment reaches browsers at once', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('id="root"');
  });

  it('answers client routes with index.html (SPA fallback)', async () => {
    const response = await fetch(`${server.url}/maker/recipes/12?tab=tasks`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('id="root"');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('keeps unknown API paths a JSON 404 instead of the client page', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'No route for GET /api/no-such-thing' });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('leaves the API documentation where it was (its own static files included)', async () => {
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
    const docs = await fetch(`${server.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('never serves a file outside the build directory', async () => {
    for (const path of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      const response = await rawGet(server.url, path);
      expect(response.body).not.toContain('do not serve');
    }
  });
});
