import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * better-sqlite3 with prepared statements reused by SQL text. Kysely prepares
 * every query afresh; with parameterised SQL the text of each query shape is
 * constant, so caching the statements saves the parse and plan on every call
 * (the 500-row INSERT of a batch is the largest). Kysely runs one query at a
 * time on this connection, so a statement is never used twice at once.
 */
export function withStatementCache(database: SqliteDatabase.Database, capacity = 500): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) {
        // Re-insert to keep the map in least-recently-used order.
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement as unknown as ReturnType<KyselySqliteDatabase['prepare']>;
    },
  };
}
