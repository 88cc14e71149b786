import type { Redis } from 'ioredis';
import type { KeyBackend, KeyEntry } from './idempotency-store.js';
import { connectRedis } from './redis-connection.js';

// A hash per key: `owner` for the compare-and-set, `entry` as JSON. Redis expires it, so it sweeps itself; the
// time to live is relative (PEXPIRE, set once at insert; HSET keeps it), so the gateway's clock and Redis' need
// not agree. Each script runs atomically on the server.
const INSERT_IF_ABSENT = `
local entry = redis.call('HGET', KEYS[1], 'entry')
if entry then return entry end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'entry', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return false`;

const REPLACE = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[2], 'entry', ARGV[3])
return 1`;

const REMOVE = `
if redis.call('HGET', KEYS[1], 'owner') == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

interface KeyCommands {
  idemInsert(key: string, owner: string, entry: string, ttlMs: number): Promise<string | null>;
  idemReplace(key: string, owner: string, next: string, entry: string): Promise<number>;
  idemRemove(key: string, owner: string): Promise<number>;
}

/**
 * Idempotency keys in Redis, shared by every instance on it. Unlike budgets and caches there is no fallback to
 * this instance when Redis is unreachable: a key checked in one instance's memory would not stop a repeat sent
 * to another, so the write is refused (503 IDEMPOTENCY_STORE_UNAVAILABLE) and nothing is sent.
 */
export class RedisKeyBackend implements KeyBackend {
  private readonly commands: KeyCommands;

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {
    client.defineCommand('idemInsert', { numberOfKeys: 1, lua: INSERT_IF_ABSENT });
    client.defineCommand('idemReplace', { numberOfKeys: 1, lua: REPLACE });
    client.defineCommand('idemRemove', { numberOfKeys: 1, lua: REMOVE });
    this.commands = client as unknown as KeyCommands;
  }

  async insertIfAbsent(id: string, entry: KeyEntry, now: number): Promise<KeyEntry | undefined> {
    const ttlMs = Math.max(1, entry.expiresAt - now);
    const live = await this.commands.idemInsert(this.key(id), entry.owner, JSON.stringify(entry), ttlMs);
    return live ? (JSON.parse(live) as KeyEntry) : undefined;
  }

  async replace(id: string, owner: string, entry: KeyEntry): Promise<boolean> {
    return (await this.commands.idemReplace(this.key(id), owner, entry.owner, JSON.stringify(entry))) === 1;
  }

  async remove(id: string, owner: string): Promise<void> {
    await this.commands.idemRemove(this.key(id), owner);
  }

  /** Redis expires keys itself. */
  async sweep(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }

  private key(id: string): string {
    return `${this.prefix}idem:${id}`;
  }
}

/** Connects to REDIS_URL. */
export async function redisKeyBackend(url: string, prefix: string): Promise<RedisKeyBackend> {
  return new RedisKeyBackend(await connectRedis(url), prefix);
}
