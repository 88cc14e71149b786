import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * Yields the rows of one query as arrays, `batch` at a time, from a server-side cursor on a connection
 * of its own (in a read-only transaction, which a cursor needs and which gives the whole read one
 * snapshot). The query is planned once and read once, front to back: keyset pages were each planned
 * anew, and right after a bulk load, before the table had statistics, every 500-row page re-read the
 * whole recipe (33 s for 250,000 rows against 2.3 s after ANALYZE). Stopping early (the consumer
 * returns or throws) closes the cursor and gives the connection back.
 */
export async function* cursorBatches(
  pool: pg.Pool,
  query: CompiledQuery,
  batch: number,
): AsyncGenerator<unknown[][]> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin transaction read only');
    // Bind parameters reach DECLARE through the extended protocol, so no value enters the SQL text.
    await client.query(`declare export_rows no scroll cursor for ${query.sql}`, [...query.parameters]);
    while (true) {
      const { rows } = await client.query<unknown[]>({
        text: `fetch ${batch} from export_rows`,
        rowMode: 'array',
      });
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // Rolling back also closes the cursor; a connection whose state is unknown is not reused.
    try {
      await client.query('rollback');
    } catch {
      failed = true;
    }
    client.release(failed);
  }
}
