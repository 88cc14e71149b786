import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger, startTestServer } from '@app/kit/testing';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp, type MeasureDeps } from '../../src/app.js';
import { loadConfig, type MeasureConfig } from '../../src/config.js';
import { prepareDatabase } from '../../src/database-setup.js';
import type { Dialect } from '../../src/db/database.js';
import type { DB } from '../../src/db/schema.types.js';

/**
 * Integration suites run on SQLite always and on PostgreSQL when the CI
 * variable DATABASE_URL is set. It only selects the dialect under test: the
 * app's config is always built here explicitly, never read from the environment.
 */
const pgUrl = process.env.DATABASE_URL;
export const DIALECTS: Dialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
export const ADMIN_PASSWORD = 'bootstrap-admin-password';

// biome-ignore lint/suspicious/noExplicitAny: reply bodies are checked by the assertions that read them
export type Json = any;

export interface Reply<T = Json> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface Harness {
  url: string;
  dialect: Dialect;
  db: Kysely<DB>;
  config: MeasureConfig;
  /** PostgreSQL schema of this harness (undefined on SQLite). */
  pgSchema: string | undefined;
  adminKey: string;
  call<T = Json>(
    method: string,
    path: string,
    options?: {
      key?: string;
      body?: unknown;
      raw?: string;
      form?: FormData;
      headers?: Record<string, string>;
    },
  ): Promise<Reply<T>>;
  /** A new user with exactly these roles; returns its id and a fresh key. */
  user(roles: string[], isAdmin?: boolean): Promise<{ id: number; key: string; username: string }>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL schema; the returned function drops it. */
export async function createPgSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `t_${Math.random().toString(36).slice(2, 12)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      await dropper.end();
    },
  };
}

let userCounter = 0;

/**
 * Every test logs in from 127.0.0.1, many times a minute: the harness lifts the limits far out of reach
 * (rate-limit.test.ts and the integration test in rate-limit/ check the real ones).
 */
export const UNLIMITED = {
  general: { limit: 1_000_000, windowMs: 60_000 },
  login: { limit: 1_000_000, windowMs: 60_000 },
  loginUser: { limit: 1_000_000, windowMs: 60_000 },
};

export async function startMeasure(
  dialect: Dialect,
  extra: Record<string, string> = {},
  deps: Pick<MeasureDeps, 'rateLimits'> = { rateLimits: UNLIMITED },
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-test-'));
  const pgSchema = dialect === 'postgres' && pgUrl ? await createPgSchema(pgUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    ...(pgSchema && pgUrl ? { DATABASE_URL: pgUrl } : {}),
    ...extra,
  });
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let database: Awaited<ReturnType<typeof prepareDatabase>>['database'];
  try {
    database = (await prepareDatabase(config, pgSchema?.schema)).database;
    server = await startTestServer(await buildApp({ config, logger: silentLogger(), database, ...deps }));
  } catch (error) {
    // A failed start must not leave its schema or directory behind.
    await pgSchema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const call: Harness['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    let payload: string | FormData | undefined = options.raw;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    // multipart: fetch writes the content type with its boundary
    if (options.form) payload = options.form;
    const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text);
    return { status: response.status, body: body as never, headers: response.headers, text };
  };

  const login = await call('POST', '/api/auth/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  const adminKey = login.body.api_key as string;

  return {
    url: server.url,
    dialect,
    db: database.db,
    config,
    pgSchema: pgSchema?.schema,
    adminKey,
    call,
    async user(roles, isAdmin = false) {
      userCounter += 1;
      const username = `user${userCounter}_${Math.random().toString(36).slice(2, 8)}`;
      const created = await call('POST', '/api/users', {
        key: adminKey,
        body: { username, password: 'password-123', roles, is_admin: isAdmin },
      });
      if (created.status !== 201) throw new Error(`user create failed: ${created.text}`);
      const session = await call('POST', '/api/auth/login', { body: { username, password: 'password-123' } });
      return { id: created.body.id as number, key: session.body.api_key as string, username };
    },
    async close() {
      await server.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
