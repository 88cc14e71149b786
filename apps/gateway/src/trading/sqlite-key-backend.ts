import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { KeyBackend, KeyEntry } from './idempotency-store.js';

interface Row {
  owner: string;
  entry: string;
  expires_at: number;
}

/**
 * Idempotency keys in a SQLite file (`DATA_DIR/idempotency.sqlite` by default). better-sqlite3 is synchronous,
 * so each operation is one statement or one IMMEDIATE transaction, atomic against this process and against
 * another process on the same file. WAL with synchronous=FULL: a stored answer is on disk before it is sent,
 * so a restart replays it rather than letting a repeat send the order again.
 */
export class SqliteKeyBackend implements KeyBackend {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string, number], Row>;
  private readonly insert: Database.Statement<[string, string, string, number]>;
  private readonly update: Database.Statement<[string, string, number, string, string]>;
  private readonly delete: Database.Statement<[string, string]>;
  private readonly deleteExpired: Database.Statement<[number]>;
  private readonly insertUnlessLive: (id: string, entry: KeyEntry, now: number) => Row | undefined;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // Another instance on the same file holds the write lock for microseconds: wait rather than fail.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
      id TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      entry TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID`);
    this.db.exec('CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON idempotency_keys (expires_at)');
    this.select = this.db.prepare(
      'SELECT owner, entry, expires_at FROM idempotency_keys WHERE id = ? AND expires_at > ?',
    );
    this.insert = this.db.prepare(
      'INSERT OR REPLACE INTO idempotency_keys (id, owner, entry, expires_at) VALUES (?, ?, ?, ?)',
    );
    this.update = this.db.prepare(
      'UPDATE idempotency_keys SET owner = ?, entry = ?, expires_at = ? WHERE id = ? AND owner = ?',
    );
    this.delete = this.db.prepare('DELETE FROM idempotency_keys WHERE id = ? AND owner = ?');
    this.deleteExpired = this.db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?');
    const insertUnlessLive = (id: string, entry: KeyEntry, now: number): Row | undefined => {
      const live = this.select.get(id, now);
      if (live) return live;
      // An expired row is replaced: it no longer names a write.
      this.insert.run(id, entry.owner, JSON.stringify(entry), entry.expiresAt);
      return undefined;
    };
    this.insertUnlessLive = (...args) => this.db.transaction(insertUnlessLive).immediate(...args);
  }

  async insertIfAbsent(id: string, entry: KeyEntry, now: number): Promise<KeyEntry | undefined> {
    // A repeat finds its key without taking the write lock (a replay is the common repeat); only an absent or
    // expired key needs the transaction, which looks again under the lock.
    const live = this.select.get(id, now) ?? this.insertUnlessLive(id, entry, now);
    return live ? (JSON.parse(live.entry) as KeyEntry) : undefined;
  }

  async replace(id: string, owner: string, entry: KeyEntry): Promise<boolean> {
    return this.update.run(entry.owner, JSON.stringify(entry), entry.expiresAt, id, owner).changes === 1;
  }

  async remove(id: string, owner: string): Promise<void> {
    this.delete.run(id, owner);
  }

  async sweep(now: number): Promise<number> {
    return this.deleteExpired.run(now).changes;
  }

  /** The bare point lookup the benchmark sets the idempotency check beside. */
  lookup(id: string, now: number): Row | undefined {
    return this.select.get(id, now);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
