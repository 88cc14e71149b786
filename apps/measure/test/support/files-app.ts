import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@app/kit';
import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { type Database, migrate, openDatabase } from '../../src/db/database.js';
import { DiskFileStore } from '../../src/files/disk-file-store.js';
import type { FileStore } from '../../src/files/file-store.js';
import { fileRoutes } from '../../src/files/files.routes.js';
import { PgFileStore } from '../../src/files/pg-file-store.js';
import { createPgSchema } from '../helpers/harness.js';
import { testGuards } from './test-guards.js';

export type StoreKind = 'disk' | 'postgres';
/** The disk store always; the PostgreSQL store too when DATABASE_URL is set (CI). */
export const STORE_KINDS: StoreKind[] = process.env.DATABASE_URL ? ['disk', 'postgres'] : ['disk'];

export interface FilesHarness {
  kind: StoreKind;
  store: FileStore;
  server: TestServer;
  dataDir: string;
  /** The local folder uploads are received in (both stores). */
  tempDir: string;
  /** The disk store's upload root; undefined for PostgreSQL. */
  uploads: string | undefined;
  settings: Map<string, string>;
  /** The stored bytes at a path under the upload root, or undefined. */
  read(relative: string): Promise<Buffer | undefined>;
  /** Every stored path under `prefix`, sorted; temp files too (as `.tmp/<name>`) with `withTemp`. */
  paths(prefix?: string, withTemp?: boolean): Promise<string[]>;
  /** Stores bytes at a path behind the service's back (a file put there by hand or an older version). */
  plant(relative: string, bytes: string | Buffer): Promise<void>;
  close(): Promise<void>;
}

/** A small app with the file routes on a fresh DATA_DIR (and schema); recipe 7 has versions 1 and 2. */
export async function startFilesApp(
  maxUploadBytes = 1024 * 1024,
  kind: StoreKind = 'disk',
): Promise<FilesHarness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'measure-files-'));
  const settings = new Map<string, string>();
  const pg = kind === 'postgres' ? await openPg(dataDir) : undefined;
  const store: FileStore = pg ? new PgFileStore(dataDir, pg.database.db) : new DiskFileStore(dataDir);
  const app = await createApp({
    logger: silentLogger(),
    renderError: (error) => ({ detail: error.message }),
  });
  await app.register(fileRoutes, {
    prefix: '/api',
    store,
    guards: testGuards,
    settings: { set: async (key, value) => void settings.set(key, value) },
    versions: {
      exists: async (recipeId, versionId) => recipeId === 7 && (versionId === 1 || versionId === 2),
    },
    maxUploadBytes,
  });
  // Answered by the same event loop as the uploads: tests check it is not held up by one.
  app.get('/api/health', async () => ({ status: 'ok' }));
  const server = await startTestServer(app);
  const uploads = store instanceof DiskFileStore ? store.root : undefined;
  const temps = async () => (await readdir(store.tempDir).catch(() => [])).map((name) => `.tmp/${name}`);
  const inspect = pg ? pgInspector(pg.database) : diskInspector(uploads as string);
  return {
    kind,
    store,
    server,
    dataDir,
    tempDir: store.tempDir,
    uploads,
    settings,
    read: inspect.read,
    plant: inspect.plant,
    paths: async (prefix = '', withTemp = false) =>
      [...(await inspect.paths(prefix)), ...(withTemp ? await temps() : [])].sort(),
    close: async () => {
      await server.close();
      await pg?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Inspector = Pick<FilesHarness, 'read' | 'plant'> & { paths(prefix: string): Promise<string[]> };

function diskInspector(root: string): Inspector {
  return {
    read: (relative) => readFile(path.join(root, relative)).catch(() => undefined),
    plant: async (relative, bytes) => {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await writeFile(path.join(root, relative), bytes);
    },
    paths: async (prefix) => {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .filter((file) => !file.startsWith('.tmp/') && file.startsWith(prefix));
    },
  };
}

function pgInspector(database: Database): Inspector {
  const { db } = database;
  return {
    read: async (relative) => {
      const chunks = await db
        .selectFrom('stored_file_chunks')
        .innerJoin('stored_files', 'stored_files.id', 'stored_file_chunks.file_id')
        .select('data')
        .where('path', '=', relative)
        .orderBy('seq')
        .execute();
      return chunks.length > 0 ? Buffer.concat(chunks.map((c) => c.data)) : undefined;
    },
    plant: async (relative, bytes) => {
      const data = Buffer.from(bytes);
      const row = await db
        .insertInto('stored_files')
        .values({ path: relative, size: data.length, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('stored_file_chunks').values({ file_id: row.id, seq: 0, data }).execute();
    },
    paths: async (prefix) => {
      const rows = await db.selectFrom('stored_files').select('path').orderBy('path').execute();
      return rows.map((r) => r.path).filter((file) => file.startsWith(prefix));
    },
  };
}

/** A fresh schema with the service's tables, dropped on close. */
async function openPg(dataDir: string) {
  const url = process.env.DATABASE_URL as string;
  const { schema, drop } = await createPgSchema(url);
  const database = openDatabase({ dataDir, databaseUrl: url, pgSchema: schema });
  await migrate(database);
  return {
    database,
    close: async () => {
      await database.destroy();
      await drop();
    },
  };
}
