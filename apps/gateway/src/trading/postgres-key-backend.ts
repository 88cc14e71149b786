import type { Pool } from 'pg';
import type { KeyBackend, KeyEntry } from './idempotency-store.js';
import { openPostgresPool } from './postgres-pool.js';

/**
 * Idempotency keys in PostgreSQL (DATABASE_URL), shared by every instance on it. The table is created at start
 * in the connection's search_path. The insert wins only over no row or an expired one; a live row is answered
 * by the same statement's fallback select, so a claim is one round trip in the common case.
 */
export class PostgresKeyBackend implements KeyBackend {
  constructor(private readonly pool: Pool) {}

  static async open(url: string): Promise<PostgresKeyBackend> {
    const pool = await openPostgresPool(url);
    await pool.query(`CREATE TABLE IF NOT EXISTS gateway_idempotency_keys (
      id TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      entry JSONB NOT NULL,
      expires_at BIGINT NOT NULL
    )`);
    await pool.query(
      'CREATE INDEX IF NOT EXISTS gateway_idempotency_keys_expiry ON gateway_idempotency_keys (expires_at)',
    );
    return new PostgresKeyBackend(pool);
  }

  async insertIfAbsent(id: string, entry: KeyEntry, now: number): Promise<KeyEntry | undefined> {
    for (;;) {
      const inserted = await this.pool.query(
        `INSERT INTO gateway_idempotency_keys AS k (id, owner, entry, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET owner = EXCLUDED.owner, entry = EXCLUDED.entry, expires_at = EXCLUDED.expires_at
         WHERE k.expires_at <= $5
         RETURNING 1`,
        [id, entry.owner, JSON.stringify(entry), entry.expiresAt, now],
      );
      if (inserted.rowCount === 1) return undefined;
      const live = await this.pool.query<{ entry: KeyEntry }>(
        'SELECT entry FROM gateway_idempotency_keys WHERE id = $1 AND expires_at > $2',
        [id, now],
      );
      // Deleted between the two statements (released or swept): try the insert again.
      if (live.rows[0]) return live.rows[0].entry;
    }
  }

  async replace(id: string, owner: string, entry: KeyEntry): Promise<boolean> {
    const updated = await this.pool.query(
      'UPDATE gateway_idempotency_keys SET owner = $1, entry = $2, expires_at = $3 WHERE id = $4 AND owner = $5',
      [entry.owner, JSON.stringify(entry), entry.expiresAt, id, owner],
    );
    return updated.rowCount === 1;
  }

  async remove(id: string, owner: string): Promise<void> {
    await this.pool.query('DELETE FROM gateway_idempotency_keys WHERE id = $1 AND owner = $2', [id, owner]);
  }

  async sweep(now: number): Promise<number> {
    const deleted = await this.pool.query('DELETE FROM gateway_idempotency_keys WHERE expires_at <= $1', [
      now,
    ]);
    return deleted.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
