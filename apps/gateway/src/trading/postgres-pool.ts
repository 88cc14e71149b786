import type { Pool } from 'pg';

/**
 * A small pool on DATABASE_URL for one of the write path's stores (idempotency keys, exposure reservations, the
 * risk store); pg is loaded only here, when DATABASE_URL asks for it. A connection that cannot be had in 2 s
 * fails the write that needed it (503) rather than holding it.
 */
export async function openPostgresPool(url: string): Promise<Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 2_000 });
  // An idle client's connection error must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}
