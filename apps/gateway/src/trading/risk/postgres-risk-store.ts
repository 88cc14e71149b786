import type { Pool, PoolClient } from 'pg';
import type { Environment } from '../../upstream/upstream-types.js';
import { openPostgresPool } from '../postgres-pool.js';
import {
  type Admission,
  type Admitted,
  type Halt,
  ISSUED_RETENTION_MS,
  RATE_WINDOW_MS,
  type RiskStore,
  retryAfterMs,
  scopeOf,
} from './risk-store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS gateway_risk_halts (scope TEXT PRIMARY KEY, halt JSONB NOT NULL);
CREATE TABLE IF NOT EXISTS gateway_risk_rate (scope TEXT NOT NULL, at BIGINT NOT NULL, client_order_id TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS gateway_risk_rate_scope ON gateway_risk_rate (scope, at);
CREATE TABLE IF NOT EXISTS gateway_risk_issued (
  environment TEXT NOT NULL, venue TEXT NOT NULL, client_order_id TEXT NOT NULL, bot_tag TEXT NOT NULL,
  at BIGINT NOT NULL, PRIMARY KEY (environment, venue, client_order_id));
CREATE INDEX IF NOT EXISTS gateway_risk_issued_at ON gateway_risk_issued (at);
CREATE INDEX IF NOT EXISTS gateway_risk_issued_bot ON gateway_risk_issued (environment, venue, bot_tag);
CREATE TABLE IF NOT EXISTS gateway_risk_recent (
  scope TEXT NOT NULL, client_order_id TEXT NOT NULL, until BIGINT NOT NULL, PRIMARY KEY (scope, client_order_id));
CREATE TABLE IF NOT EXISTS gateway_risk_day_open (
  account TEXT NOT NULL, day TEXT NOT NULL, equity DOUBLE PRECISION NOT NULL, PRIMARY KEY (account, day));`;

/**
 * The risk store in PostgreSQL (DATABASE_URL), shared by every instance on it. An admission is one
 * transaction holding the bot's advisory lock, so two instances never both take the last place in a window.
 */
export class PostgresRiskStore implements RiskStore {
  constructor(private readonly pool: Pool) {}

  static async open(url: string): Promise<PostgresRiskStore> {
    const pool = await openPostgresPool(url);
    // Two instances starting together may race on CREATE ... IF NOT EXISTS: one lock for the schema.
    await transaction(pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('gateway_risk_schema'))");
      await client.query(SCHEMA);
    });
    return new PostgresRiskStore(pool);
  }

  admit(admission: Admission): Promise<Admitted> {
    const { environment, botTag, venue, clientOrderId, now, perMinute, openOrders } = admission;
    const scope = scopeOf(environment, botTag);
    const recent = `${venue}|${scope}`;
    return transaction(this.pool, async (client) => {
      const halted = await client.query<{ halt: Halt }>(
        'SELECT halt FROM gateway_risk_halts WHERE scope = $1 OR scope = $2 ORDER BY length(scope) LIMIT 1',
        [scopeOf(environment, null), scope],
      );
      if (halted.rows[0]) return { ok: false, halt: halted.rows[0].halt };
      // One bot's admissions in turn: its window and its open orders are counted and taken in one step.
      if (perMinute !== undefined || openOrders)
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gateway_risk_bot:${scope}`]);
      if (perMinute !== undefined) {
        await client.query('DELETE FROM gateway_risk_rate WHERE scope = $1 AND at <= $2', [
          scope,
          now - RATE_WINDOW_MS,
        ]);
        const window = await client.query<{ count: string; oldest: string | null }>(
          'SELECT count(*) AS count, min(at) AS oldest FROM gateway_risk_rate WHERE scope = $1',
          [scope],
        );
        const count = Number(window.rows[0]!.count);
        if (count >= perMinute) {
          const oldest = Number(window.rows[0]!.oldest ?? now);
          return { ok: false, rate: { count, limit: perMinute, retryAfterMs: retryAfterMs(oldest, now) } };
        }
      }
      if (openOrders) {
        const counted = await client.query<{ count: string }>(
          `SELECT (SELECT count(*) FROM gateway_risk_issued
                    WHERE environment = $1 AND venue = $2 AND bot_tag = $3 AND client_order_id = ANY($4))
                + (SELECT count(*) FROM gateway_risk_recent
                    WHERE scope = $5 AND until >= $6 AND NOT (client_order_id = ANY($4))) AS count`,
          [environment, venue, botTag, openOrders.open, recent, openOrders.since],
        );
        const count = Number(counted.rows[0]!.count);
        if (count >= openOrders.limit) return { ok: false, openOrders: { count, limit: openOrders.limit } };
        await client.query('DELETE FROM gateway_risk_recent WHERE scope = $1 AND until < $2', [
          recent,
          now - RATE_WINDOW_MS,
        ]);
        await client.query(
          `INSERT INTO gateway_risk_recent (scope, client_order_id, until) VALUES ($1, $2, $3)
           ON CONFLICT (scope, client_order_id) DO UPDATE SET until = EXCLUDED.until`,
          [recent, clientOrderId, now + openOrders.inFlightMs],
        );
      }
      if (perMinute !== undefined)
        await client.query('INSERT INTO gateway_risk_rate (scope, at, client_order_id) VALUES ($1, $2, $3)', [
          scope,
          now,
          clientOrderId,
        ]);
      await client.query(
        `INSERT INTO gateway_risk_issued (environment, venue, client_order_id, bot_tag, at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (environment, venue, client_order_id) DO UPDATE SET bot_tag = EXCLUDED.bot_tag, at = EXCLUDED.at`,
        [environment, venue, clientOrderId, botTag, now],
      );
      return { ok: true };
    });
  }

  async settled(admission: Admission, now: number): Promise<void> {
    await this.pool.query(
      'UPDATE gateway_risk_recent SET until = $1 WHERE scope = $2 AND client_order_id = $3',
      [
        now,
        `${admission.venue}|${scopeOf(admission.environment, admission.botTag)}`,
        admission.clientOrderId,
      ],
    );
  }

  async haltOf(environment: Environment, botTag: string): Promise<Halt | undefined> {
    const found = await this.pool.query<{ halt: Halt }>(
      'SELECT halt FROM gateway_risk_halts WHERE scope = $1 OR scope = $2 ORDER BY length(scope) LIMIT 1',
      [scopeOf(environment, null), scopeOf(environment, botTag)],
    );
    return found.rows[0]?.halt;
  }

  async halt(halt: Halt): Promise<void> {
    await this.pool.query(
      `INSERT INTO gateway_risk_halts (scope, halt) VALUES ($1, $2)
       ON CONFLICT (scope) DO UPDATE SET halt = EXCLUDED.halt`,
      [scopeOf(halt.environment, halt.bot_tag), JSON.stringify(halt)],
    );
  }

  async resume(environment: Environment, botTag: string | null): Promise<boolean> {
    const deleted = await this.pool.query('DELETE FROM gateway_risk_halts WHERE scope = $1', [
      scopeOf(environment, botTag),
    ]);
    return (deleted.rowCount ?? 0) > 0;
  }

  async halts(): Promise<Halt[]> {
    const rows = await this.pool.query<{ halt: Halt }>('SELECT halt FROM gateway_risk_halts ORDER BY scope');
    return rows.rows.map((row) => row.halt);
  }

  async issued(environment: Environment, venue: string, now: number): Promise<Map<string, string>> {
    await this.pool.query('DELETE FROM gateway_risk_issued WHERE at <= $1', [now - ISSUED_RETENTION_MS]);
    const rows = await this.pool.query<{ client_order_id: string; bot_tag: string }>(
      'SELECT client_order_id, bot_tag FROM gateway_risk_issued WHERE environment = $1 AND venue = $2',
      [environment, venue],
    );
    return new Map(rows.rows.map((row) => [row.client_order_id, row.bot_tag]));
  }

  async rateCount(environment: Environment, botTag: string, now: number): Promise<number> {
    const rows = await this.pool.query<{ count: string }>(
      'SELECT count(*) AS count FROM gateway_risk_rate WHERE scope = $1 AND at > $2',
      [scopeOf(environment, botTag), now - RATE_WINDOW_MS],
    );
    return Number(rows.rows[0]!.count);
  }

  async dayOpen(account: string, day: string, equity: number): Promise<number> {
    const rows = await this.pool.query<{ equity: number }>(
      `INSERT INTO gateway_risk_day_open (account, day, equity) VALUES ($1, $2, $3)
       ON CONFLICT (account, day) DO UPDATE SET equity = gateway_risk_day_open.equity
       RETURNING equity`,
      [account, day, equity],
    );
    return Number(rows.rows[0]!.equity);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

async function transaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
