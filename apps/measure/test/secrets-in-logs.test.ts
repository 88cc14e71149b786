import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureLogger, startTestServer } from '@app/kit/testing';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD_FILE } from '../src/admin-password-file.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { prepareDatabase } from '../src/database-setup.js';
import { startChildServer } from './helpers/child-server.js';

const post = (url: string, body: unknown, key?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify(body),
  });

it('logs no password and no API key, wherever a client puts them', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-logs-'));
  const password = 'log-test-password-7731';
  const userPassword = 'operator-password-4410';
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'debug' });
  const { database } = await prepareDatabase(config);
  const { logger, lines } = captureLogger('measure');
  const server = await startTestServer(await buildApp({ config, logger, database, webRoot: null }));
  try {
    const login = await post(`${server.url}/api/auth/login`, { username: 'admin', password });
    const { api_key } = (await login.json()) as { api_key: string };
    const created = await post(
      `${server.url}/api/users`,
      { username: 'op', password: userPassword, roles: ['MeasurementTec'] },
      api_key,
    );
    expect(created.status).toBe(201);
    await post(`${server.url}/api/auth/login`, { username: 'op', password: `${userPassword}x` });
    const opLogin = await post(`${server.url}/api/auth/login`, { username: 'op', password: userPassword });
    const opKey = ((await opLogin.json()) as { api_key: string }).api_key;
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { 'x-api-key': api_key } });
    expect(me.status).toBe(200);
    await fetch(`${server.url}/api/auth/me`, { headers: { 'x-api-key': `${api_key}x` } });
    // Keys and passwords in URLs: refused, and not to be kept in the access log either.
    const urls = [
      `/api/auth/me?api_key=${api_key}`,
      `/api/auth/me?key=${opKey}&page=1`,
      `/api/auth/me?token=${opKey}`,
      `/api/auth/login?password=${encodeURIComponent(userPassword)}`,
      `/api/recipes?q=${encodeURIComponent(api_key)}`,
      `/api/recipes?q=${api_key.replace('_', '%5F')}`,
      `/api/nowhere/${opKey}`,
    ];
    for (const url of urls) await fetch(`${server.url}${url}`);
    const text = JSON.stringify(lines());
    expect(text).toContain('[redacted]');
    expect(text).toContain('page=1');
    for (const secret of [password, userPassword, api_key, opKey, api_key.slice(3), opKey.slice(3)]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('writes a generated admin password to a 0600 file in DATA_DIR and names the file on stderr only', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-password-'));
  const server = await startChildServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  try {
    const file = join(dataDir, ADMIN_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    const login = await post(`${server.url}/api/auth/login`, { username: 'admin', password });
    expect(login.status).toBe(200);
    expect(server.errors()).toContain(file);
    expect(server.output()).not.toContain(password);
    expect(server.errors()).not.toContain(password);
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
