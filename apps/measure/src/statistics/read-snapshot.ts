/**
 * Several read queries over one consistent snapshot, the last of them streamed in batches from a
 * server-side cursor, so a million rows never sit in memory as one array:
 * - SQLite: a dedicated read-only connection with BEGIN … COMMIT, rows from better-sqlite3's
 *   `.iterate()` (the CSV export's cursor, on its own connection so the snapshot is ours alone);
 * - PostgreSQL: a REPEATABLE READ, READ ONLY transaction with a `DECLARE … NO SCROLL CURSOR` read by
 *   `FETCH`, so the rows come from one query plan in the query's ORDER BY.
 * Always close() (in a finally): it ends the transaction and releases the connection.
 */
import { type Compilable, CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.types.js';

/** Rows per batch: large enough that PostgreSQL's round trips vanish, small enough to stay in the young generation. */
export const SNAPSHOT_BATCH = 10_000;

export interface ReadSnapshot {
  all<R>(query: Compilable<R>): Promise<R[]>;
  /** The query's rows, a batch at a time, in its ORDER BY. One stream at a time per snapshot. */
  stream<R>(query: Compilable<R>, batch?: number): AsyncGenerator<R[]>;
  /** The same with each row as an array in SELECT order (no per-row objects on SQLite). */
  streamArrays(query: Compilable<unknown>, batch?: number): AsyncGenerator<unknown[][]>;
  close(): Promise<void>;
}

export async function openSnapshot(database: Database): Promise<ReadSnapshot> {
  if (database.openReader) return sqliteSnapshot(database);
  const trx = await database.db
    .startTransaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute();
  return postgresSnapshot(trx);
}

function sqliteSnapshot(database: Database): ReadSnapshot {
  const reader = (database.openReader as NonNullable<Database['openReader']>)();
  reader.exec('BEGIN');
  let closed = false;
  return {
    async all<R>(query: Compilable<R>) {
      const compiled = query.compile();
      return reader.prepare(compiled.sql).all(...(compiled.parameters as unknown[])) as R[];
    },
    stream: <R>(query: Compilable<R>, batch = SNAPSHOT_BATCH) => sqliteBatches<R>(query, batch, false),
    streamArrays: (query, batch = SNAPSHOT_BATCH) => sqliteBatches<unknown[]>(query, batch, true),
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (reader.inTransaction) reader.exec('COMMIT');
      } finally {
        reader.close();
      }
    },
  };

  async function* sqliteBatches<R>(
    query: Compilable<unknown>,
    batch: number,
    arrays: boolean,
  ): AsyncGenerator<R[]> {
    const compiled = query.compile();
    const cursor = reader
      .prepare(compiled.sql)
      .raw(arrays)
      .iterate(...(compiled.parameters as unknown[])) as IterableIterator<R>;
    try {
      while (true) {
        const rows: R[] = [];
        for (let next = cursor.next(); !next.done; next = cursor.next()) {
          if (rows.push(next.value) === batch) break;
        }
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
      }
    } finally {
      cursor.return?.();
    }
  }
}

function postgresSnapshot(trx: ControlledTransaction<DB>): ReadSnapshot {
  let cursors = 0;
  let closed = false;
  return {
    all: (query) => trx.executeQuery(query.compile()).then((result) => result.rows as never),
    async *stream<R>(query: Compilable<R>, batch = SNAPSHOT_BATCH) {
      const compiled = query.compile();
      cursors += 1;
      const name = `snapshot_cursor_${cursors}`;
      await trx.executeQuery(
        CompiledQuery.raw(`declare ${name} no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
      );
      try {
        while (true) {
          const { rows } = await trx.executeQuery<R>(
            CompiledQuery.raw(`fetch forward ${batch} from ${name}`),
          );
          if (rows.length > 0) yield rows as R[];
          if (rows.length < batch) return;
        }
      } finally {
        if (!closed) await trx.executeQuery(CompiledQuery.raw(`close ${name}`)).catch(() => undefined);
      }
    },
    async *streamArrays(query: Compilable<unknown>, batch = SNAPSHOT_BATCH) {
      for await (const rows of this.stream(query, batch))
        yield rows.map((row) => Object.values(row as object));
    },
    async close() {
      if (closed) return;
      closed = true;
      // Read only: commit and rollback are equivalent; rollback also ends an aborted transaction.
      await trx.rollback().execute();
    },
  };
}
