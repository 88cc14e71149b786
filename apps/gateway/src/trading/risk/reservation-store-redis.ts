import type { Redis } from 'ioredis';
import { connectRedis } from '../redis-connection.js';
import type { ReservationEntry } from './reservation-store.js';
import type { Changes, Moved, ReservationBackend } from './reservation-store-shared.js';

// Per account: KEYS[1] its version (kept forever, a few bytes), KEYS[2] id → entry JSON, KEYS[3] id → settled
// version, KEYS[4] id → version of its last change (a release leaves only this), KEYS[5] id → expiry (Redis'
// clock, ms). Each script runs atomically. Numbers go through string.format: Lua would print 1.7e+15.
const COMMON = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function fmt(x) return string.format('%.0f', x) end
local gone = redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', fmt(now), 'LIMIT', 0, 512)
for _, id in ipairs(gone) do
  redis.call('HDEL', KEYS[2], id)
  redis.call('HDEL', KEYS[3], id)
  redis.call('ZREM', KEYS[4], id)
  redis.call('ZREM', KEYS[5], id)
end
local function bump()
  local before = tonumber(redis.call('GET', KEYS[1]) or '0')
  -- Never below the clock in µs: a Redis that lost the account does not hand out versions again.
  local v = math.max(before + 1, tonumber(t[1]) * 1000000 + tonumber(t[2]))
  redis.call('SET', KEYS[1], fmt(v))
  return before, v
end
local function changes(since)
  local out = {}
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[4], '(' .. since, '+inf')) do
    local expires = redis.call('ZSCORE', KEYS[5], id)
    out[#out + 1] = id
    out[#out + 1] = redis.call('HGET', KEYS[2], id)
    out[#out + 1] = redis.call('HGET', KEYS[3], id)
    out[#out + 1] = expires and fmt(tonumber(expires) - now) or '0'
  end
  return {fmt(tonumber(redis.call('GET', KEYS[1]) or '0')), out}
end
local function keep(id, ttl, v)
  redis.call('ZADD', KEYS[4], fmt(v), id)
  redis.call('ZADD', KEYS[5], fmt(now + ttl), id)
  for i = 2, 5 do redis.call('PEXPIRE', KEYS[i], ARGV[#ARGV]) end
end
`;

// ARGV: expected version, id, entry, ttl, idle ttl.
const ADD = `${COMMON}
if tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then return changes(ARGV[1]) end
local _, v = bump()
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
keep(ARGV[2], tonumber(ARGV[4]), v)
return {fmt(v)}`;

// ARGV: since.
const CHANGES = `${COMMON}
return changes(ARGV[1])`;

// ARGV: id, entry, ttl, idle ttl.
const SETTLE = `${COMMON}
local before, v = bump()
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], fmt(v))
keep(ARGV[1], tonumber(ARGV[3]), v)
return {fmt(before), fmt(v)}`;

// ARGV: id, ttl, idle ttl.
const RELEASE = `${COMMON}
local before, v = bump()
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
keep(ARGV[1], tonumber(ARGV[2]), v)
return {fmt(before), fmt(v)}`;

type Keys = [string, string, string, string, string];
type Row = string | null;

interface ReservationCommands {
  expAdd(...args: [...Keys, string, string, string, number, number]): Promise<[string, Row[]?]>;
  expSettle(...args: [...Keys, string, string, number, number]): Promise<[string, string]>;
  expRelease(...args: [...Keys, string, number, number]): Promise<[string, string]>;
  expChanges(...args: [...Keys, string]): Promise<[string, Row[]]>;
}

/** Reservations in Redis under `<prefix>exp:<account>:…`, shared by every instance on it. */
export class RedisReservationBackend implements ReservationBackend {
  private readonly commands: ReservationCommands;

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    /** How long an idle account's keys (all but its version) outlive their last change. */
    private readonly idleMs: number,
  ) {
    client.defineCommand('expAdd', { numberOfKeys: 5, lua: ADD });
    client.defineCommand('expSettle', { numberOfKeys: 5, lua: SETTLE });
    client.defineCommand('expRelease', { numberOfKeys: 5, lua: RELEASE });
    client.defineCommand('expChanges', { numberOfKeys: 5, lua: CHANGES });
    this.commands = client as unknown as ReservationCommands;
  }

  async version(account: string): Promise<number> {
    return Number((await this.client.get(this.keys(account)[0])) ?? 0);
  }

  async add(account: string, expected: number, id: string, entry: ReservationEntry, ttlMs: number) {
    const [version, rows] = await this.commands.expAdd(
      ...this.keys(account),
      String(expected),
      id,
      JSON.stringify(entry),
      ttlMs,
      this.idleMs,
    );
    return rows ? { conflict: changesOf(version, rows) } : { version: Number(version) };
  }

  async changes(account: string, since: number): Promise<Changes> {
    const [version, rows] = await this.commands.expChanges(...this.keys(account), String(since));
    return changesOf(version, rows);
  }

  async settle(account: string, id: string, entry: ReservationEntry, ttlMs: number): Promise<Moved> {
    const [before, version] = await this.commands.expSettle(
      ...this.keys(account),
      id,
      JSON.stringify(entry),
      ttlMs,
      this.idleMs,
    );
    return { before: Number(before), version: Number(version) };
  }

  async release(account: string, id: string, ttlMs: number): Promise<Moved> {
    const [before, version] = await this.commands.expRelease(...this.keys(account), id, ttlMs, this.idleMs);
    return { before: Number(before), version: Number(version) };
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }

  private keys(account: string): Keys {
    const base = `${this.prefix}exp:${account}:`;
    return [`${base}v`, `${base}entries`, `${base}settled`, `${base}changed`, `${base}expires`];
  }
}

/** The script's flat rows (id, entry JSON or nil when released, settled version or nil, ms left) read. */
function changesOf(version: string, rows: Row[]): Changes {
  const changes: Changes['changes'] = [];
  for (let i = 0; i < rows.length; i += 4) {
    const [id, json, settled, ttl] = rows.slice(i, i + 4);
    changes.push({
      id: id as string,
      ...(json ? { entry: JSON.parse(json) as ReservationEntry } : {}),
      ...(settled ? { settled: Number(settled) } : {}),
      ttlMs: Number(ttl),
    });
  }
  return { version: Number(version), changes };
}

/** Connects to REDIS_URL as the idempotency keys do. */
export async function redisReservationBackend(
  url: string,
  prefix: string,
  idleMs: number,
): Promise<RedisReservationBackend> {
  return new RedisReservationBackend(await connectRedis(url), prefix, idleMs);
}
