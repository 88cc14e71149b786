/**
 * The Redis side of the limits, one Lua script per step so each is atomic across instances. A
 * negative `now` means "use the Redis server's clock", so instances with skewed clocks share one
 * timeline. Every script also answers the time it used and the window's entries, which the store
 * mirrors in memory to keep counting from them if Redis goes away.
 */

const CLOCK = `
local now = tonumber(ARGV[3])
if now < 0 then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

/** KEYS: log. ARGV: limit, window, now, member. → {allowed, remaining, retry_ms, now, score...} */
export const SLIDING_LOG_HIT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
${CLOCK}
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local result
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  result = {1, limit - count - 1, 0, now}
else
  local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  local retry = tonumber(oldest[2]) + window - now
  if retry < 1 then retry = 1 end
  result = {0, 0, retry, now}
end
local log = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
for i = 2, #log, 2 do result[#result + 1] = log[i] end
return result
`;

/**
 * KEYS: failures, pending (member → arrival). ARGV: limit, window, now, member, lease.
 * Leases past due become failures (an attempt never settled is not a free one). Refused when the
 * failures fill the budget, busy when failures and attempts in flight do, else the member is pending.
 * → {outcome (0 refused, 1 go, 2 busy), retry_ms, now, member, score, ...} with the window's failures.
 */
export const ATTEMPT = `
local key = KEYS[1]
local pending = KEYS[2]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
${CLOCK}
local lease = tonumber(ARGV[5])
local stale = redis.call('ZRANGEBYSCORE', pending, '-inf', now - lease, 'WITHSCORES')
for i = 1, #stale, 2 do
  redis.call('ZADD', key, stale[i + 1], stale[i])
  redis.call('ZREM', pending, stale[i])
  redis.call('PEXPIRE', key, window)
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local failures = redis.call('ZCARD', key)
local result
if failures >= limit then
  local oldest = redis.call('ZRANGE', key, failures - limit, failures - limit, 'WITHSCORES')
  local retry = tonumber(oldest[2]) + window - now
  if retry < 1 then retry = 1 end
  result = {0, retry, now}
elseif failures + redis.call('ZCARD', pending) >= limit then
  result = {2, 0, now}
else
  redis.call('ZADD', pending, now, ARGV[4])
  redis.call('PEXPIRE', pending, window + lease)
  result = {1, 0, now}
end
local log = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
for i = 1, #log do result[#result + 1] = log[i] end
return result
`;

/**
 * KEYS: failures, pending. ARGV: member, success (1/0), window. A failure is counted at its arrival;
 * a success also removes the failure an expired lease may have left.
 */
export const SETTLE = `
local at = redis.call('ZSCORE', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[2] == '1' then
  redis.call('ZREM', KEYS[1], ARGV[1])
elseif at then
  redis.call('ZADD', KEYS[1], at, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 0
`;
