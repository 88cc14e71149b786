import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Environment } from '../../upstream/upstream-types.js';
import {
  type Admission,
  type Admitted,
  type Halt,
  ISSUED_RETENTION_MS,
  RATE_WINDOW_MS,
  type RiskStore,
  retryAfterMs,
  scopeOf,
  slideWindow,
} from './risk-store.js';

/**
 * The risk store of a gateway that shares nothing (no REDIS_URL or DATABASE_URL): halts, issued client order
 * ids and day-open equity in `DATA_DIR/risk.sqlite` (a halt survives a restart), the rate windows in memory.
 * Synchronous statements: an admission is atomic in this process without a lock.
 */
export class SqliteRiskStore implements RiskStore {
  readonly #db: Database.Database;
  readonly #windows = new Map<string, number[]>();
  /** Per venue and bot: client order id → until when it counts as possibly missing from an open-orders read. */
  readonly #recent = new Map<string, Map<string, number>>();
  readonly #statements;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    // NORMAL: a commit survives the process (the WAL is written before it returns), not a power cut, so an order's
    // issued id costs no fdatasync; a halt is synced on its own (`halt`), it must be on disk before it is answered.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.exec(`CREATE TABLE IF NOT EXISTS risk_halts (scope TEXT PRIMARY KEY, halt TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS risk_issued (
        environment TEXT NOT NULL, venue TEXT NOT NULL, client_order_id TEXT NOT NULL, bot_tag TEXT NOT NULL,
        at INTEGER NOT NULL, PRIMARY KEY (environment, venue, client_order_id)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS risk_issued_at ON risk_issued (at);
      CREATE TABLE IF NOT EXISTS risk_day_open (
        account TEXT NOT NULL, day TEXT NOT NULL, equity REAL NOT NULL, PRIMARY KEY (account, day)) WITHOUT ROWID;`);
    this.#db = db;
    this.#statements = {
      halt: db.prepare<[string], { halt: string }>('SELECT halt FROM risk_halts WHERE scope = ?'),
      halts: db.prepare<[], { halt: string }>('SELECT halt FROM risk_halts ORDER BY scope'),
      putHalt: db.prepare<[string, string]>('INSERT OR REPLACE INTO risk_halts (scope, halt) VALUES (?, ?)'),
      dropHalt: db.prepare<[string]>('DELETE FROM risk_halts WHERE scope = ?'),
      issue: db.prepare<[string, string, string, string, number]>(
        'INSERT OR REPLACE INTO risk_issued (environment, venue, client_order_id, bot_tag, at) VALUES (?, ?, ?, ?, ?)',
      ),
      issued: db.prepare<[string, string, number], { client_order_id: string; bot_tag: string }>(
        'SELECT client_order_id, bot_tag FROM risk_issued WHERE environment = ? AND venue = ? AND at > ?',
      ),
      forget: db.prepare<[number]>('DELETE FROM risk_issued WHERE at <= ?'),
      issuedAmong: db.prepare<[string, string, string, string], { count: number }>(
        `SELECT count(*) AS count FROM risk_issued WHERE environment = ? AND venue = ? AND bot_tag = ?
         AND client_order_id IN (SELECT value FROM json_each(?))`,
      ),
      openDay: db.prepare<[string, string, number]>(
        'INSERT OR IGNORE INTO risk_day_open (account, day, equity) VALUES (?, ?, ?)',
      ),
      dayOpen: db.prepare<[string, string], { equity: number }>(
        'SELECT equity FROM risk_day_open WHERE account = ? AND day = ?',
      ),
    };
  }

  async admit(admission: Admission): Promise<Admitted> {
    const { environment, botTag, venue, clientOrderId, now, perMinute, openOrders } = admission;
    const halt = this.#haltOf(environment, botTag);
    if (halt) return { ok: false, halt };
    const scope = scopeOf(environment, botTag);
    const hits = perMinute === undefined ? undefined : slideWindow(this.#windows.get(scope) ?? [], now);
    if (hits && perMinute !== undefined && hits.length >= perMinute)
      return {
        ok: false,
        rate: { count: hits.length, limit: perMinute, retryAfterMs: retryAfterMs(hits[0] ?? now, now) },
      };
    const recent = this.#recentOf(venue, scope, now);
    if (openOrders) {
      const open = new Set(openOrders.open);
      const issued = this.#statements.issuedAmong.get(
        environment,
        venue,
        botTag,
        JSON.stringify([...open]),
      )!.count;
      let count = issued;
      for (const [id, until] of recent) if (until >= openOrders.since && !open.has(id)) count++;
      if (count >= openOrders.limit) return { ok: false, openOrders: { count, limit: openOrders.limit } };
      recent.set(clientOrderId, now + openOrders.inFlightMs);
    }
    if (hits) {
      hits.push(now);
      this.#windows.set(scope, hits);
    }
    this.#statements.issue.run(environment, venue, clientOrderId, botTag, now);
    return { ok: true };
  }

  async settled(admission: Admission, now: number): Promise<void> {
    const recent = this.#recent.get(`${admission.venue}|${scopeOf(admission.environment, admission.botTag)}`);
    if (recent?.has(admission.clientOrderId)) recent.set(admission.clientOrderId, now);
  }

  /** The bot's orders on a venue a read of its open orders may not show yet (RATE_WINDOW_MS kept at most). */
  #recentOf(venue: string, scope: string, now: number): Map<string, number> {
    const key = `${venue}|${scope}`;
    let recent = this.#recent.get(key);
    if (!recent) {
      recent = new Map();
      this.#recent.set(key, recent);
    }
    for (const [id, until] of recent) if (until < now - RATE_WINDOW_MS) recent.delete(id);
    return recent;
  }

  async haltOf(environment: Environment, botTag: string): Promise<Halt | undefined> {
    return this.#haltOf(environment, botTag);
  }

  #haltOf(environment: Environment, botTag: string): Halt | undefined {
    const row =
      this.#statements.halt.get(scopeOf(environment, null)) ??
      this.#statements.halt.get(scopeOf(environment, botTag));
    return row ? (JSON.parse(row.halt) as Halt) : undefined;
  }

  async halt(halt: Halt): Promise<void> {
    this.#statements.putHalt.run(scopeOf(halt.environment, halt.bot_tag), JSON.stringify(halt));
    this.#db.pragma('wal_checkpoint(FULL)');
  }

  async resume(environment: Environment, botTag: string | null): Promise<boolean> {
    return this.#statements.dropHalt.run(scopeOf(environment, botTag)).changes > 0;
  }

  async halts(): Promise<Halt[]> {
    return this.#statements.halts.all().map((row) => JSON.parse(row.halt) as Halt);
  }

  async issued(environment: Environment, venue: string, now: number): Promise<Map<string, string>> {
    const since = now - ISSUED_RETENTION_MS;
    this.#statements.forget.run(since);
    const rows = this.#statements.issued.all(environment, venue, since);
    return new Map(rows.map((row) => [row.client_order_id, row.bot_tag]));
  }

  async rateCount(environment: Environment, botTag: string, now: number): Promise<number> {
    return slideWindow(this.#windows.get(scopeOf(environment, botTag)) ?? [], now).length;
  }

  async dayOpen(account: string, day: string, equity: number): Promise<number> {
    this.#statements.openDay.run(account, day, equity);
    return this.#statements.dayOpen.get(account, day)!.equity;
  }

  async close(): Promise<void> {
    this.#db.close();
  }
}
