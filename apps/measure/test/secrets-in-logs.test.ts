import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureLogger, startTestServer } from '@app/kit/testing';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { prepareDatabase } from '../src/database-setup.js';

it('logs neither passwords nor API keys', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-logs-'));
  const password = 'log-test-password-7731';
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'debug' });
  const { database } = await prepareDatabase(config);
  const { logger, lines } = captureLogger('measure');
  const server = await startTestServer(await buildApp({ config, logger, database }));
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const { api_key } = (await login.json()) as { api_key: string };
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { 'x-api-key': api_key } });
    expect(me.status).toBe(200);
    await fetch(`${server.url}/api/auth/me`, { headers: { 'x-api-key': `${api_key}x` } });
    const text = JSON.stringify(lines());
    expect(lines().length).toBeGreaterThan(0);
    expect(text).not.toContain(password);
    expect(text).not.toContain(api_key);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
