import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { prepareDatabase } from '../src/database-setup.js';
import { recipeWithTask } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure, UNLIMITED } from './helpers/harness.js';

/**
 * Two service instances on one database (two processes' worth of connections):
 * recipe versions stay consecutive when edits arrive through both at once, which
 * rests on the row lock (PostgreSQL) and BEGIN IMMEDIATE (SQLite), not on
 * anything in one process's memory.
 */
describe.each(DIALECTS)('two instances on one %s database', (dialect) => {
  let h: Harness;
  let second: TestServer;
  beforeAll(async () => {
    h = await startMeasure(dialect);
    const { database } = await prepareDatabase(h.config, h.pgSchema);
    second = await startTestServer(
      await buildApp({ config: h.config, logger: silentLogger(), database, rateLimits: UNLIMITED }),
    );
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  it('start-up on an existing database is idempotent: migrations, admin, seed station and settings once', async () => {
    const again = await prepareDatabase({ ...h.config, ADMIN_PASSWORD: 'another-password' }, h.pgSchema);
    await again.database.destroy();
    expect(again.bootstrap.adminPasswordFile).toBeUndefined();
    const admins = await h.db.selectFrom('users').select('id').where('username', '=', 'admin').execute();
    const seeds = await h.db.selectFrom('stations').select('id').where('code', '=', 'ST-DEFAULT').execute();
    const delimiters = await h.db
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'csv_delimiter')
      .execute();
    expect([admins.length, seeds.length, delimiters.length]).toEqual([1, 1, 1]);
    // The existing admin keeps the first password: ADMIN_PASSWORD applies only while no user exists.
    const login = await h.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'another-password' },
    });
    expect(login.status).toBe(401);
  });

  it('concurrent PUTs and POST tasks through both give consecutive versions', async () => {
    const recipe = await recipeWithTask(h);
    const put = (base: string, i: number) =>
      fetch(`${base}/api/recipes/${recipe.id}`, {
        method: 'PUT',
        headers: { 'x-api-key': h.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ change_notes: `edit ${i}` }),
      });
    const addTask = (base: string, i: number) =>
      fetch(`${base}/api/recipes/${recipe.id}/tasks`, {
        method: 'POST',
        headers: { 'x-api-key': h.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `task ${i}` }),
      });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const base = i % 2 ? second.url : h.url;
        return i % 4 < 2 ? put(base, i) : addTask(base, i);
      }),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201, 201, 201, 201]);
    const versions = await h.call('GET', `/api/recipes/${recipe.id}/versions`, { key: h.adminKey });
    expect(versions.body.map((v: { version_number: number }) => v.version_number)).toEqual([
      10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    ]);
    const current = await h.call('GET', `/api/recipes/${recipe.id}`, { key: h.adminKey });
    // No lost update: every added task is in the final version.
    expect(current.body.current_version.tasks).toHaveLength(5);
  });
});
