import { setImmediate } from 'node:timers/promises';
import type { CompiledQuery } from 'kysely';
import type { Database } from './database.js';
import { cursorBatches } from './pg-cursor.js';

/** Rows per batch read and per chunk written; memory stays bounded by this whatever the export size. */
const BATCH = 500;

/**
 * Rows as arrays in the query's column order, a batch at a time, from one query read front to back: a
 * cursor on both dialects (SQLite: a batch is what was read synchronously; PostgreSQL: FETCH from a
 * server-side cursor), so the time is linear in the rows whatever plan the database picks. Batches stay
 * small so little survives a garbage collection. The SQLite cursor never waits for I/O, and a client that
 * keeps up never makes the socket wait either: without a turn of the event loop between batches, one
 * export held every other request (health checks included) until its last row.
 */
export async function* rowBatches(database: Database, query: CompiledQuery): AsyncGenerator<unknown[][]> {
  const { iterateRows, pool } = database;
  if (pool) {
    yield* cursorBatches(pool, query, BATCH);
    return;
  }
  if (!iterateRows) throw new Error('rowBatches: the database offers no cursor');
  const cursor = iterateRows(query);
  try {
    while (true) {
      const batch: unknown[][] = [];
      for (let next = cursor.next(); !next.done; next = cursor.next()) {
        if (batch.push(next.value) === BATCH) break;
      }
      if (batch.length > 0) yield batch;
      if (batch.length < BATCH) return;
      await setImmediate();
    }
  } finally {
    cursor.return?.();
  }
}
