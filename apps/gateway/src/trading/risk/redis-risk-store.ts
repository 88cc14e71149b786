import type { Redis } from 'ioredis';
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
} from './risk-store.js';

// KEYS: halts hash, the bot's window (sorted set, score = ms), the venue's issued ids (sorted set), the bot's
// issued ids on the venue (score = ms), the bot's orders an open-orders read may miss (score = until when).
// ARGV: environment scope, bot scope, now, rate limit (-1: none), window member, issued member, issued cutoff,
// client order id, open-orders limit (-1: none), the read's start, in flight until, the read's open ids...
// Answers {halt JSON} | {false, count, oldest} (window full) | {false, false, count} (open orders) | {} (admitted).
// Atomic on the server, so two instances never both take the last place.
const ADMIT = `
local halt = redis.call('HGET', KEYS[1], ARGV[1]) or redis.call('HGET', KEYS[1], ARGV[2])
if halt then return {halt} end
local now = tonumber(ARGV[3])
local limit = tonumber(ARGV[4])
if limit >= 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ${RATE_WINDOW_MS})
  local count = redis.call('ZCARD', KEYS[2])
  if count >= limit then
    local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')[2] or ARGV[3]
    return {false, count, oldest}
  end
end
local openLimit = tonumber(ARGV[9])
if openLimit >= 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - ${RATE_WINDOW_MS})
  local open = {}
  local count = 0
  for i = 12, #ARGV do
    open[ARGV[i]] = true
    if redis.call('ZSCORE', KEYS[4], ARGV[i]) then count = count + 1 end
  end
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5], ARGV[10], '+inf')) do
    if not open[id] then count = count + 1 end
  end
  if count >= openLimit then return {false, false, count} end
  redis.call('ZADD', KEYS[5], ARGV[11], ARGV[8])
  redis.call('PEXPIRE', KEYS[5], ${RATE_WINDOW_MS} * 2)
end
if limit >= 0 then
  redis.call('ZADD', KEYS[2], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[2], ${RATE_WINDOW_MS})
end
redis.call('ZADD', KEYS[3], now, ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[7])
redis.call('ZADD', KEYS[4], now, ARGV[8])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', ARGV[7])
redis.call('PEXPIRE', KEYS[4], ${ISSUED_RETENTION_MS})
return {}`;

// KEYS: the account's day-open key. ARGV: equity, time to live (ms). The first writer's equity stands.
const DAY_OPEN = `
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
return redis.call('GET', KEYS[1])`;

interface RiskCommands {
  riskAdmit(
    halts: string,
    window: string,
    issued: string,
    botIssued: string,
    recent: string,
    ...args: (string | number)[]
  ): Promise<[string | null, (number | null)?, (string | number)?] | []>;
  riskDayOpen(key: string, equity: number, ttlMs: number): Promise<string>;
}

/** The risk store in Redis (REDIS_URL, no DATABASE_URL): shared by every instance on it, like the idempotency keys. */
export class RedisRiskStore implements RiskStore {
  readonly #commands: RiskCommands;

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {
    client.defineCommand('riskAdmit', { numberOfKeys: 5, lua: ADMIT });
    client.defineCommand('riskDayOpen', { numberOfKeys: 1, lua: DAY_OPEN });
    this.#commands = client as unknown as RiskCommands;
  }

  async admit(admission: Admission): Promise<Admitted> {
    const { environment, botTag, venue, clientOrderId, now, perMinute, openOrders } = admission;
    const bot = scopeOf(environment, botTag);
    const answer = await this.#commands.riskAdmit(
      this.#key('halts'),
      this.#key(`rate:${bot}`),
      this.#key(`issued:${environment}:${venue}`),
      this.#key(`issued:${venue}:${bot}`),
      this.#key(`recent:${venue}:${bot}`),
      scopeOf(environment, null),
      bot,
      now,
      perMinute ?? -1,
      `${now}:${clientOrderId}`,
      JSON.stringify([clientOrderId, botTag]),
      now - ISSUED_RETENTION_MS,
      clientOrderId,
      openOrders?.limit ?? -1,
      openOrders?.since ?? 0,
      now + (openOrders?.inFlightMs ?? 0),
      ...(openOrders?.open ?? []),
    );
    if (answer.length === 0) return { ok: true };
    const [halt, count, last] = answer;
    if (halt) return { ok: false, halt: JSON.parse(halt) as Halt };
    if (count === null || count === undefined)
      return { ok: false, openOrders: { count: Number(last), limit: openOrders!.limit } };
    return {
      ok: false,
      rate: { count, limit: perMinute!, retryAfterMs: retryAfterMs(Number(last), now) },
    };
  }

  async settled(admission: Admission, now: number): Promise<void> {
    const { environment, botTag, venue, clientOrderId } = admission;
    await this.client.zadd(
      this.#key(`recent:${venue}:${scopeOf(environment, botTag)}`),
      'XX',
      now,
      clientOrderId,
    );
  }

  async haltOf(environment: Environment, botTag: string): Promise<Halt | undefined> {
    const [whole, bot] = await this.client.hmget(
      this.#key('halts'),
      scopeOf(environment, null),
      scopeOf(environment, botTag),
    );
    const found = whole ?? bot;
    return found ? (JSON.parse(found) as Halt) : undefined;
  }

  async halt(halt: Halt): Promise<void> {
    await this.client.hset(this.#key('halts'), scopeOf(halt.environment, halt.bot_tag), JSON.stringify(halt));
  }

  async resume(environment: Environment, botTag: string | null): Promise<boolean> {
    return (await this.client.hdel(this.#key('halts'), scopeOf(environment, botTag))) > 0;
  }

  async halts(): Promise<Halt[]> {
    const all = await this.client.hgetall(this.#key('halts'));
    return Object.keys(all)
      .sort()
      .map((scope) => JSON.parse(all[scope]!) as Halt);
  }

  async issued(environment: Environment, venue: string, now: number): Promise<Map<string, string>> {
    const members = await this.client.zrangebyscore(
      this.#key(`issued:${environment}:${venue}`),
      now - ISSUED_RETENTION_MS,
      '+inf',
    );
    return new Map(members.map((member) => JSON.parse(member) as [string, string]));
  }

  async rateCount(environment: Environment, botTag: string, now: number): Promise<number> {
    return this.client.zcount(
      this.#key(`rate:${scopeOf(environment, botTag)}`),
      now - RATE_WINDOW_MS + 1,
      '+inf',
    );
  }

  async dayOpen(account: string, day: string, equity: number): Promise<number> {
    // Kept two days: the whole UTC day whatever the time zone of the first read.
    return Number(
      await this.#commands.riskDayOpen(this.#key(`day:${account}:${day}`), equity, 2 * 86_400_000),
    );
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }

  #key(name: string): string {
    return `${this.prefix}risk:${name}`;
  }
}
