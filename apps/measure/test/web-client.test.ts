import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { prepareDatabase } from '../src/database-setup.js';
import { UNLIMITED } from './helpers/harness.js';

/** The whole service serves the web client at `/` without shadowing a single API route. */
describe('the web client served by the measurement service', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'measure-web-'));
    const webRoot = join(dataDir, 'dist');
    mkdirSync(join(webRoot, 'assets'), { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root">client</div>');
    writeFileSync(join(webRoot, 'assets', 'app-1a2b.js'), 'console.log("client")');
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'pw-123456', LOG_LEVEL: 'silent' });
    const { database } = await prepareDatabase(config);
    server = await startTestServer(
      await buildApp({ config, logger: silentLogger(), database, webRoot, rateLimits: UNLIMITED }),
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers page paths with the client and its assets with long caching', async () => {
    for (const path of ['/', '/operator', '/maker/recipes/3']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('client');
    }
    const asset = await fetch(`${server.url}/assets/app-1a2b.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps the API, its docs and its JSON errors', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ version: '0.1.0' });
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
    const missing = await fetch(`${server.url}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toHaveProperty('detail');
    expect((await fetch(`${server.url}/api/files/general/x.png`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/recipes`)).status).toBe(401);
  });
});
