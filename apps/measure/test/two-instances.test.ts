import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from './helpers/child-server.js';
import { limits, uniqueCode } from './helpers/fixtures.js';
import { createPgSchema, type Json } from './helpers/harness.js';
import { sampleImage } from './support/sample-files.js';

const { DATABASE_URL, REDIS_URL } = process.env;
const missing = [DATABASE_URL ? '' : 'DATABASE_URL', REDIS_URL ? '' : 'REDIS_URL'].filter(Boolean);
const title =
  'two compiled instances on one PostgreSQL and Redis' +
  (missing.length > 0 ? ` (skipped: set ${missing.join(' and ')}, as CI does)` : '');
const PASSWORD = 'two-instances-password';

/**
 * The deployment docs/operations.md describes, for real: `node apps/measure/dist/main.js` twice, each
 * with its own port and DATA_DIR, sharing only the database (a fresh schema) and Redis (a fresh key
 * prefix). Whatever one instance accepted, the other must see.
 */
describe.skipIf(missing.length > 0)(title, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  const dataDirs: string[] = [];
  let a: ChildServer;
  let b: ChildServer;
  let key: string;

  async function api(server: ChildServer, method: string, path: string, body?: unknown | FormData) {
    const form = body instanceof FormData;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : {}),
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = response.headers.get('content-type')?.includes('json')
      ? JSON.parse(String(bytes))
      : undefined;
    return { status: response.status, headers: response.headers, bytes, body: json as Json };
  }

  beforeAll(async () => {
    const pg = await createPgSchema(DATABASE_URL as string);
    cleanups.push(pg.drop);
    const keyPrefix = `measure-two-${randomBytes(6).toString('hex')}:`;
    cleanups.push(async () => {
      const redis = new Redis(REDIS_URL as string);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    const shared = {
      DATABASE_URL: `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${pg.schema}`)}`,
      REDIS_URL: REDIS_URL as string,
      REDIS_KEY_PREFIX: keyPrefix,
      ADMIN_PASSWORD: PASSWORD,
    };
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'measure-two-'));
      dataDirs.push(dataDir);
      const server = await startChildServer({ ...shared, DATA_DIR: dataDir });
      cleanups.push(() => server.kill('SIGTERM'));
      return server;
    };
    // Started together: migrations and the first-start data must cope with a twin starting alongside.
    [a, b] = await Promise.all([start(), start()]);
    const login = await api(a, 'POST', '/api/auth/login', { username: 'admin', password: PASSWORD });
    expect(login.status).toBe(200);
    key = login.body.api_key;
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a drawing uploaded through one is served, thumbnailed and deleted through the other', async () => {
    const recipe = await api(a, 'POST', '/api/recipes', { code: uniqueCode('TWO'), name: 'Flange' });
    const full = await api(b, 'GET', `/api/recipes/${recipe.body.id}`);
    const png = await sampleImage('png', 900, 300);
    const form = new FormData();
    form.append('recipe_id', String(recipe.body.id));
    form.append('version_id', String(full.body.current_version.id));
    form.append('file', new Blob([new Uint8Array(png)]), 'flange drawing.png');
    const stored = await api(a, 'POST', '/api/files/upload', form);
    expect(stored.status).toBe(200);
    const dir = `${recipe.body.id}/${full.body.current_version.id}`;
    expect(stored.body.file_path).toBe(`${dir}/flange_drawing.png`);

    const image = await api(b, 'GET', `/api/files/${stored.body.file_path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.bytes.equals(png)).toBe(true);
    const thumb = await api(b, 'GET', `/api/files/${stored.body.thumbnail_path}`);
    expect(thumb.status).toBe(200);
    const size = await sharp(thumb.bytes).metadata();
    expect([size.width, size.height]).toEqual([200, 67]);
    // Neither instance's disk holds it: the bytes came out of PostgreSQL.
    for (const dataDir of dataDirs) expect(readdirSync(join(dataDir, 'uploads'))).toEqual(['.tmp']);

    // The same name through the other instance is numbered, not overwritten.
    const again = new FormData();
    again.append('file', new Blob([new Uint8Array(png)]), 'dup.png');
    const first = await api(b, 'POST', '/api/files/upload', again);
    const second = await api(a, 'POST', '/api/files/upload', again);
    expect([first.body.file_path, second.body.file_path]).toEqual(['general/dup.png', 'general/dup_1.png']);

    expect((await api(b, 'DELETE', `/api/files/${stored.body.file_path}`)).status).toBe(204);
    expect((await api(a, 'GET', `/api/files/${stored.body.file_path}`)).status).toBe(404);
    expect((await api(a, 'GET', `/api/files/${stored.body.thumbnail_path}`)).status).toBe(404);
    expect((await api(a, 'DELETE', `/api/files/${stored.body.file_path}`)).status).toBe(404);
  });

  it('the company logo set through one is what the other serves', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sampleImage('jpeg', 120, 40))]), 'logo.jpg');
    const logo = await api(a, 'POST', '/api/settings/logo', form);
    expect(logo.status).toBe(200);
    const settings = await api(b, 'GET', '/api/settings/');
    expect(settings.body.company_logo_path).toBe('logos/company_logo.jpg');
    const served = await api(b, 'GET', `/api/files/${settings.body.company_logo_path}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.bytes.length).toBe(logo.body.file_size);
  });

  it('recipe versions stay one per edit when edits arrive through both at once, with no lost update', async () => {
    const recipe = await api(a, 'POST', '/api/recipes', { code: uniqueCode('TWO'), name: 'Housing' });
    const id = recipe.body.id;
    const firstTask = await api(b, 'POST', `/api/recipes/${id}/tasks`, {
      title: 'Bore',
      subtasks: [{ marker_number: 1, ...limits(10) }],
    });
    expect(firstTask.status).toBe(201);
    const EDITS = 12;
    const replies = await Promise.all(
      Array.from({ length: EDITS }, (_, i) => {
        const server = i % 2 ? b : a;
        return i % 3 === 0
          ? api(server, 'PUT', `/api/recipes/${id}`, { change_notes: `edit ${i}` })
          : api(server, 'POST', `/api/recipes/${id}/tasks`, { title: `task ${i}` });
      }),
    );
    expect(replies.map((r) => r.status)).toEqual(
      Array.from({ length: EDITS }, (_, i) => (i % 3 === 0 ? 200 : 201)),
    );
    const versions = await api(b, 'GET', `/api/recipes/${id}/versions`);
    // Version 1 at creation, 2 for the first task, then exactly one per edit, numbered without gaps.
    expect(versions.body.map((v: { version_number: number }) => v.version_number)).toEqual(
      Array.from({ length: EDITS + 2 }, (_, i) => EDITS + 2 - i),
    );
    const current = await api(a, 'GET', `/api/recipes/${id}`);
    const titles = current.body.current_version.tasks.map((t: { title: string }) => t.title).sort();
    const added = Array.from({ length: EDITS }, (_, i) => i)
      .filter((i) => i % 3 !== 0)
      .map((i) => `task ${i}`);
    expect(titles).toEqual(['Bore', ...added].sort());
  });

  it('a login limit spent on one holds on the other', async () => {
    const wrong = (server: ChildServer) =>
      api(server, 'POST', '/api/auth/login', { username: 'admin', password: 'not-the-password' });
    // 5 failures per address per minute (LOGIN_RATE_LIMIT), spent alternately through both
    for (let i = 0; i < 5; i++) expect((await wrong(i % 2 ? b : a)).status).toBe(401);
    const refused = await wrong(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await wrong(a)).status).toBe(429);
    // Even the right password waits: the budget is the address's, in Redis, not one process's.
    const right = await api(a, 'POST', '/api/auth/login', { username: 'admin', password: PASSWORD });
    expect(right.status).toBe(429);
  });
});
