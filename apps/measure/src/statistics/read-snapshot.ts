/**
 * Several read queries over one consistent snapshot, the long ones read without materialising them:
 * - SQLite: a dedicated read-only connection with BEGIN … COMMIT (its own, so the snapshot is ours alone);
 * - PostgreSQL: a pooled connection in a REPEATABLE READ, READ ONLY transaction.
 * `stream` yields batches of row objects (better-sqlite3's `.iterate()`; a `DECLARE … NO SCROLL CURSOR`
 * read by `FETCH`); `scan` is the statistics' fast path for rows of a number and an optional text, with no
 * object per row (an application-defined aggregate in SQLite; binary COPY in PostgreSQL).
 * Always close() (in a finally): it ends the transaction and releases the connection.
 */
import type { Compilable } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { copyRows, type NumberTextVisitor } from '../db/pg-copy-rows.js';

/** Rows per batch: large enough that PostgreSQL's round trips vanish, small enough to stay in the young generation. */
export const SNAPSHOT_BATCH = 10_000;

export interface ReadSnapshot {
  all<R>(query: Compilable<R>): Promise<R[]>;
  /** The query's rows, a batch at a time, in its ORDER BY. One stream at a time per snapshot. */
  stream<R>(query: Compilable<R>, batch?: number): AsyncGenerator<R[]>;
  /**
   * Each row of a query selecting a number and optionally a text (in that order) passed to `visit`, in
   * the query's ORDER BY; resolves to the number of rows.
   */
  scan(query: Compilable<unknown>, visit: NumberTextVisitor): Promise<number>;
  close(): Promise<void>;
}

export async function openSnapshot(database: Database): Promise<ReadSnapshot> {
  if (database.openReader) return sqliteSnapshot(database.openReader());
  if (!database.pool) throw new Error('openSnapshot: a PostgreSQL database without its pool');
  const client = await database.pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return postgresSnapshot(client);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function sqliteSnapshot(reader: ReturnType<NonNullable<Database['openReader']>>): ReadSnapshot {
  reader.exec('BEGIN');
  let closed = false;
  let visitor: NumberTextVisitor = () => undefined;
  // Called by SQLite for each row, inside one statement: no row crosses into JavaScript as an object.
  // better-sqlite3 takes the argument count from step.length (here two: the number and the text).
  const step = (count: number, value: number, text: string | null) => {
    visitor(value, text ?? undefined);
    return count + 1;
  };
  reader.aggregate('snapshot_scan', { start: 0, step: step as unknown as (count: number) => number });
  return {
    async all<R>(query: Compilable<R>) {
      const compiled = query.compile();
      return reader.prepare(compiled.sql).all(...(compiled.parameters as unknown[])) as R[];
    },
    async *stream<R>(query: Compilable<R>, batch = SNAPSHOT_BATCH) {
      const compiled = query.compile();
      const cursor = reader
        .prepare(compiled.sql)
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
    },
    async scan(query, visit) {
      const compiled = query.compile();
      const columns = reader
        .prepare(compiled.sql)
        .columns()
        .map((column) => quoted(column.name));
      if (columns.length < 1 || columns.length > 2)
        throw new Error('scan: select a number and optionally a text');
      // An aggregate over an ordered subquery sees the rows in that order: SQLite neither flattens a
      // subquery with ORDER BY into an aggregate query nor drops that ORDER BY (the outer query has none).
      visitor = visit;
      try {
        return reader
          .prepare(`select snapshot_scan(${columns[0]}, ${columns[1] ?? 'null'}) from (${compiled.sql})`)
          .pluck()
          .get(...(compiled.parameters as unknown[])) as number;
      } finally {
        visitor = () => undefined;
      }
    },
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
}

function postgresSnapshot(client: pg.PoolClient): ReadSnapshot {
  let cursors = 0;
  let closed = false;
  return {
    async all<R>(query: Compilable<R>) {
      const compiled = query.compile();
      return (await client.query(compiled.sql, [...compiled.parameters])).rows as R[];
    },
    async *stream<R>(query: Compilable<R>, batch = SNAPSHOT_BATCH) {
      const compiled = query.compile();
      cursors += 1;
      const name = `snapshot_cursor_${cursors}`;
      await client.query(`declare ${name} no scroll cursor for ${compiled.sql}`, [...compiled.parameters]);
      try {
        while (true) {
          const { rows } = await client.query(`fetch forward ${batch} from ${name}`);
          if (rows.length > 0) yield rows as R[];
          if (rows.length < batch) return;
        }
      } finally {
        if (!closed) await client.query(`close ${name}`).catch(() => undefined);
      }
    },
    scan: (query, visit) => copyRows(client, query.compile(), visit),
    async close() {
      if (closed) return;
      closed = true;
      // Read only: commit and rollback are equivalent; rollback also ends an aborted transaction.
      try {
        await client.query('rollback');
        client.release();
      } catch (error) {
        client.release(error as Error);
      }
    },
  };
}
