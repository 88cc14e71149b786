import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/measure/src/app.js';
import { loadConfig } from '../apps/measure/src/config.js';
import { prepareDatabase } from '../apps/measure/src/database-setup.js';
import type { Dialect } from '../apps/measure/src/db/database.js';
import type { Json } from '../apps/measure/test/helpers/harness.js';
import { createLogger } from '../packages/kit/src/index.js';
import { startTestServer, type TestServer } from '../packages/kit/src/testing.js';

export const BENCH_PASSWORD = 'bench-admin-password';

export interface BenchService {
  server: TestServer;
  key: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }>;
  close(): Promise<void>;
}

/** The measurement service in this process on a fresh SQLite directory or PostgreSQL schema. */
export async function startService(dialect: Dialect, databaseUrl?: string): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-bench-'));
  const schema = `bench_${Math.random().toString(36).slice(2, 10)}`;
  if (dialect === 'postgres') await pgQuery(databaseUrl as string, `create schema ${schema}`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'silent',
    ...(dialect === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
  });
  const { database } = await prepareDatabase(config, dialect === 'postgres' ? schema : undefined);
  const logger = createLogger({ name: 'bench', level: 'silent' });
  // autocannon sends thousands of requests a second from one IP: measure the app, not the 429 path.
  // The limiter's hook still runs on every request (in-memory store), as it does in production.
  const unlimited = { limit: 1_000_000_000, windowMs: 60_000 };
  const app = await buildApp({
    config,
    logger,
    database,
    rateLimits: { general: unlimited, login: unlimited },
  });
  const server = await startTestServer(app);
  let key = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  key = (await call('POST', '/api/auth/login', { username: 'admin', password: BENCH_PASSWORD })).body.api_key;
  return {
    server,
    key,
    call,
    close: async () => {
      await server.close();
      if (dialect === 'postgres') await pgQuery(databaseUrl as string, `drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

/** A recipe with one task of `markers` subtasks; returns the version id and subtask ids. */
export async function seedRecipe(service: BenchService, markers = 10) {
  const recipe = await service.call('POST', '/api/recipes', {
    code: `BENCH-${Date.now()}`,
    name: 'Bench part',
  });
  const task = await service.call('POST', `/api/recipes/${recipe.body.id}/tasks`, {
    title: 'Dimensions',
    subtasks: Array.from({ length: markers }, (_, i) => ({
      marker_number: i + 1,
      nominal: 10,
      ltl: 9,
      lwl: 9.5,
      uwl: 10.5,
      utl: 11,
    })),
  });
  return {
    recipeId: recipe.body.id as number,
    versionId: task.body.version_id as number,
    subtaskIds: (task.body.subtasks as { id: number }[]).map((s) => s.id),
  };
}
