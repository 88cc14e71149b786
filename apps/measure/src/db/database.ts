import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { initialMigration } from './migrations/0001-initial.migration.js';
import { taskFilePathMigration } from './migrations/0002-task-file-path.migration.js';
import { measurementBatchesMigration } from './migrations/0003-measurement-batches.migration.js';
import { seriesCoveringIndexMigration } from './migrations/0004-series-covering-index.migration.js';
import { deviationResolutionMigration } from './migrations/0005-deviation-resolution.migration.js';
import { measurementExclusionsMigration } from './migrations/0006-measurement-exclusions.migration.js';
import { changeHistoryMigration } from './migrations/0007-change-history.migration.js';
import { gaugesMigration } from './migrations/0008-gauges.migration.js';
import { gageStudiesMigration } from './migrations/0009-gage-studies.migration.js';
import { storedFilesMigration } from './migrations/0010-stored-files.migration.js';
import { measurementCommentsMigration } from './migrations/0011-measurement-comments.migration.js';
import { gaugeServicePeriodsMigration } from './migrations/0012-gauge-service-periods.migration.js';
import { measurementBackEntryMigration } from './migrations/0013-measurement-back-entry.migration.js';
import type { DB } from './schema.types.js';
import { ImmediateSqliteDialect } from './sqlite-immediate.dialect.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** SQLite file lives here (`measure.sqlite`) unless databaseUrl is set. */
  dataDir: string;
  /** `postgres://…`: use PostgreSQL instead of SQLite. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate themselves this way); must already exist. */
  pgSchema?: string | undefined;
}

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * SQLite only: runs a compiled read query on its own read-only
   * connection and yields rows as arrays one at a time (better-sqlite3
   * `.iterate()`), so a long export neither materialises its rows nor holds
   * the single write connection. WAL lets writers continue meanwhile.
   */
  iterateRows?: (query: CompiledQuery) => IterableIterator<unknown[]>;
  /**
   * SQLite only: a new read-only connection to the same file, for a reader that needs several
   * queries in one snapshot (BEGIN … COMMIT) while it streams; the caller closes it.
   */
  openReader?: () => SqliteDatabase.Database;
  /** PostgreSQL only: the pool under Kysely, for a reader that needs a connection of its own (COPY). */
  pool?: pg.Pool;
  destroy(): Promise<void>;
}

// PostgreSQL count(*) is int8, which pg returns as a string; counts here never exceed 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, destroy: () => db.destroy() };
  }
  const path = join(options.dataDir, 'measure.sqlite');
  const file = new SqliteDatabase(path);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  // NORMAL in WAL mode survives a killed process (only an OS crash may lose the last commits).
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  file.pragma('cache_size = -32768');
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(file) }) });
  // One read-only connection per export: a better-sqlite3 connection runs one statement at a time, and
  // concurrent exports must not share one. Tracked so destroy() closes any still open.
  const readers = new Set<SqliteDatabase.Database>();
  const iterateRows = function* (query: CompiledQuery): IterableIterator<unknown[]> {
    const reader = new SqliteDatabase(path, { readonly: true });
    readers.add(reader);
    try {
      yield* reader
        .prepare(query.sql)
        .raw(true)
        .iterate(...(query.parameters as unknown[])) as IterableIterator<unknown[]>;
    } finally {
      readers.delete(reader);
      reader.close();
    }
  };
  return {
    db,
    dialect: 'sqlite',
    iterateRows,
    openReader: () => new SqliteDatabase(path, { readonly: true }),
    destroy: async () => {
      for (const reader of readers) reader.close();
      await db.destroy();
    },
  };
}

/** Every migration, in the order they run (names sort in that order; Kysely records each one it ran). */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-task-file-path': taskFilePathMigration,
    '0003-measurement-batches': measurementBatchesMigration(dialect),
    '0004-series-covering-index': seriesCoveringIndexMigration,
    '0005-deviation-resolution': deviationResolutionMigration,
    '0006-measurement-exclusions': measurementExclusionsMigration(dialect),
    '0007-change-history': changeHistoryMigration(dialect),
    '0008-gauges': gaugesMigration(dialect),
    '0009-gage-studies': gageStudiesMigration(dialect),
    '0010-stored-files': storedFilesMigration(dialect),
    '0011-measurement-comments': measurementCommentsMigration(dialect),
    '0012-gauge-service-periods': gaugeServicePeriodsMigration(dialect),
    '0013-measurement-back-entry': measurementBackEntryMigration,
  };
}

class StaticMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.dialect);
  }
}

/**
 * A migrator over `db` (the pool, or one connection). On PostgreSQL it is pinned to the connection's current
 * schema: left to itself, Kysely looks for its bookkeeping tables in every schema of the database, and one
 * found in another schema (another application, another test run) made it skip creating its own and fail.
 */
export async function migratorFor(database: Database, db: Kysely<DB> = database.db): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({
    db,
    provider: new StaticMigrations(database.dialect),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

/**
 * Brings the schema up to date; safe to run at every start and from several instances. On PostgreSQL the
 * whole migration runs under a session advisory lock on one connection: Kysely's own lock row lives in a
 * table it first has to create, and two instances starting together could race on creating it.
 */
export async function migrate(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') return migrateOn(database, database.db);
  await database.db.connection().execute(async (connection) => {
    const lockKey = sql`hashtext('measure-migrations:' || current_schema())`;
    await sql`select pg_advisory_lock(${lockKey})`.execute(connection);
    try {
      await migrateOn(database, connection);
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(connection);
    }
  });
}

async function migrateOn(database: Database, db: Kysely<DB>): Promise<void> {
  const { error } = await (await migratorFor(database, db)).migrateToLatest();
  if (error) throw error;
}
