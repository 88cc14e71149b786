import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from './helpers/child-server.js';
import { limits } from './helpers/fixtures.js';
import { createPgSchema, DIALECTS, type Json } from './helpers/harness.js';

const BATCH = 10_000;

async function api(base: string, method: string, path: string, key?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key ? { 'x-api-key': key } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** Sends the whole batch, then lets the server work for `delayMs` before the caller kills it. */
function sendBatch(base: string, key: string, payload: string, delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL('/api/measurements/batch', base);
    const req = request(url, {
      method: 'POST',
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
    });
    req.on('error', () => {});
    req.end(payload, () => setTimeout(resolve, delayMs));
  });
}

describe.each(DIALECTS)('SIGKILL during a batch import on %s', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-kill-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after restart the database holds the whole batch or none of it', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'kill-test-password' };
    if (dialect === 'postgres') {
      const pg = await createPgSchema(process.env.DATABASE_URL as string);
      cleanups.push(pg.drop);
      env.DATABASE_URL = `${process.env.DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${pg.schema}`)}`;
    }
    let server: ChildServer = await startChildServer(env);
    cleanups.push(() => server.kill('SIGKILL'));
    const login = await api(server.url, 'POST', '/api/auth/login', undefined, {
      username: 'admin',
      password: 'kill-test-password',
    });
    const key = login.body.api_key as string;
    const recipe = await api(server.url, 'POST', '/api/recipes', key, { code: 'KILL-1', name: 'Kill test' });
    const task = await api(server.url, 'POST', `/api/recipes/${recipe.body.id}/tasks`, key, {
      title: 'T',
      subtasks: [{ marker_number: 1, ...limits() }],
    });
    const subtask = task.body.subtasks[0];

    const batch = (lot: string) => ({
      measurements: Array.from({ length: BATCH }, (_, i) => ({
        subtask_id: subtask.id,
        version_id: task.body.version_id,
        value: 9.5 + (i % 10) / 10,
        lot_number: lot,
      })),
    });
    // One undisturbed batch tells how long the server works on one; the kills land at fractions of that.
    const started = performance.now();
    expect((await api(server.url, 'POST', '/api/measurements/batch', key, batch('WARM'))).status).toBe(200);
    const duration = performance.now() - started;

    const outcomes: number[] = [];
    for (const [attempt, fraction] of [0.1, 0.2, 0.35, 0.5, 0.8].entries()) {
      const lot = `KILL-LOT-${attempt}`;
      const delayMs = Math.round(duration * fraction);
      await sendBatch(server.url, key, JSON.stringify(batch(lot)), delayMs);
      await server.kill('SIGKILL');
      server = await startChildServer(env);
      const stored = await api(server.url, 'GET', `/api/measurements/?lot_number=${lot}&per_page=1`, key);
      expect(stored.status).toBe(200);
      expect([0, BATCH]).toContain(stored.body.total);
      outcomes.push(stored.body.total);
    }
    // The service is usable after every crash: a new batch goes through whole.
    const after = await api(server.url, 'POST', '/api/measurements/batch', key, {
      measurements: [
        { subtask_id: subtask.id, version_id: task.body.version_id, value: 10, lot_number: 'AFTER' },
      ],
    });
    expect(after.status).toBe(200);
    expect(outcomes).toHaveLength(5);
  }, 120_000);
});
