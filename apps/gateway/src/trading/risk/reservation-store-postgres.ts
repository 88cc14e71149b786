import type { Pool } from 'pg';
import { openPostgresPool } from '../postgres-pool.js';
import type { ReservationEntry } from './reservation-store.js';
import type { Changes, Moved, ReservationBackend } from './reservation-store-shared.js';

// The database's clock, in ms for expiries and µs as the floor of versions (a version is never handed out twice).
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
const NOW_US = '(extract(epoch from clock_timestamp()) * 1000000)::bigint';

// A settle or release as one statement: lock the account's row, bump its version, write the reservation.
const movedSql = (entry: string, settled: string) => `
  WITH old AS (SELECT version FROM gateway_exposure_accounts WHERE account = $1 FOR UPDATE),
  bumped AS (
    UPDATE gateway_exposure_accounts a SET version = GREATEST(old.version + 1, ${NOW_US}) FROM old
    WHERE a.account = $1 RETURNING old.version AS before, a.version),
  written AS (
    INSERT INTO gateway_exposure_reservations (account, id, entry, settled, changed, expires_at)
    SELECT $1, $2, ${entry}, ${settled}, bumped.version, ${NOW_MS} + $3 FROM bumped
    ON CONFLICT (account, id) DO UPDATE SET entry = EXCLUDED.entry, settled = EXCLUDED.settled,
      changed = EXCLUDED.changed, expires_at = EXCLUDED.expires_at
    RETURNING 1)
  SELECT before, version FROM bumped, (SELECT count(*) FROM written) w`;

/**
 * Reservations in PostgreSQL (DATABASE_URL), shared by every instance on it; the tables are created at start in
 * the connection's search_path. Each operation is one statement, atomic on the account's row; a released
 * reservation stays as a row without entry until it expires, so other copies learn of the release.
 */
export class PostgresReservationBackend implements ReservationBackend {
  readonly #sweeper: NodeJS.Timeout;

  constructor(
    private readonly pool: Pool,
    private readonly prefix: string,
  ) {
    this.#sweeper = setInterval(() => {
      pool
        .query(`DELETE FROM gateway_exposure_reservations WHERE expires_at <= ${NOW_MS}`)
        .catch(() => undefined);
    }, 60_000);
    this.#sweeper.unref();
  }

  static async open(url: string, prefix: string): Promise<PostgresReservationBackend> {
    const pool = await openPostgresPool(url);
    await pool.query(`CREATE TABLE IF NOT EXISTS gateway_exposure_accounts (
      account TEXT PRIMARY KEY,
      version BIGINT NOT NULL
    )`);
    await pool.query(`CREATE TABLE IF NOT EXISTS gateway_exposure_reservations (
      account TEXT NOT NULL,
      id TEXT NOT NULL,
      entry JSONB,
      settled BIGINT,
      changed BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (account, id)
    )`);
    await pool.query(
      'CREATE INDEX IF NOT EXISTS gateway_exposure_reservations_changed ON gateway_exposure_reservations (account, changed)',
    );
    return new PostgresReservationBackend(pool, prefix);
  }

  async version(account: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: string }>(
      'SELECT version FROM gateway_exposure_accounts WHERE account = $1',
      [this.prefix + account],
    );
    return Number(rows[0]?.version ?? 0);
  }

  async add(account: string, expected: number, id: string, entry: ReservationEntry, ttlMs: number) {
    const key = this.prefix + account;
    const { rows } = await this.pool.query<{ version: string }>(
      `WITH bumped AS (
         UPDATE gateway_exposure_accounts SET version = GREATEST(version + 1, ${NOW_US})
         WHERE account = $1 AND version = $2 RETURNING version)
       INSERT INTO gateway_exposure_reservations (account, id, entry, changed, expires_at)
       SELECT $1, $3, $4, version, ${NOW_MS} + $5 FROM bumped
       RETURNING changed AS version`,
      [key, expected, id, JSON.stringify(entry), ttlMs],
    );
    if (rows[0]) return { version: Number(rows[0].version) };
    return { conflict: await this.changes(account, expected) };
  }

  async settle(account: string, id: string, entry: ReservationEntry, ttlMs: number): Promise<Moved> {
    return this.moved(movedSql('$4::jsonb', 'bumped.version'), [
      this.prefix + account,
      id,
      ttlMs,
      JSON.stringify(entry),
    ]);
  }

  async release(account: string, id: string, ttlMs: number): Promise<Moved> {
    return this.moved(movedSql('NULL::jsonb', 'NULL::bigint'), [this.prefix + account, id, ttlMs]);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await this.pool.end();
  }

  private async moved(sql: string, values: unknown[]): Promise<Moved> {
    const { rows } = await this.pool.query<{ before: string; version: string }>(sql, values);
    if (!rows[0]) throw new Error(`exposure account ${values[0]} has no row`);
    return { before: Number(rows[0].before), version: Number(rows[0].version) };
  }

  /** The account's version and what changed after `since`, in one snapshot; its row is made on first use. */
  async changes(account: string, since: number): Promise<Changes> {
    const key = this.prefix + account;
    for (;;) {
      const { rows } = await this.pool.query<{
        version: string;
        id: string | null;
        entry: ReservationEntry | null;
        settled: string | null;
        ttl: string | null;
      }>(
        `SELECT a.version, r.id, r.entry, r.settled, r.expires_at - ${NOW_MS} AS ttl
         FROM gateway_exposure_accounts a
         LEFT JOIN gateway_exposure_reservations r
           ON r.account = a.account AND r.changed > $2 AND r.expires_at > ${NOW_MS}
         WHERE a.account = $1`,
        [key, since],
      );
      if (rows[0]) {
        const changes = rows.flatMap(({ id, entry, settled, ttl }) =>
          id === null
            ? []
            : [
                {
                  id,
                  ...(entry ? { entry } : {}),
                  ...(settled === null ? {} : { settled: Number(settled) }),
                  ttlMs: Number(ttl),
                },
              ],
        );
        return { version: Number(rows[0].version), changes };
      }
      await this.pool.query(
        'INSERT INTO gateway_exposure_accounts (account, version) VALUES ($1, 0) ON CONFLICT DO NOTHING',
        [key],
      );
    }
  }
}
