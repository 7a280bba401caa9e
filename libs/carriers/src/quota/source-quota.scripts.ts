/**
 * One source's quota, shared by every tracker-worker process (docs/carriers.md, "Limits").
 * Every script reads the time from the Redis server (TIME), never from a worker, so workers
 * with drifting clocks share one exact window; all of a source's keys carry one hash tag
 * (`{source:<kind>:<code>}`), so each script stays in one Redis Cluster slot.
 *
 * KEYS[1]  sorted set: request starts in the rolling window (member = call id, score = µs)
 * KEYS[2]  sorted set: concurrency leases (member = call id, score = µs at which the lease expires)
 * KEYS[3]  string: the µs until which the source asked to be left alone (429 / Retry-After)
 */

/**
 * Takes one permit (a start in the window and a lease), or says how long to wait.
 *
 * ARGV[1]  requests per window (0: no rate limit)
 * ARGV[2]  window in µs
 * ARGV[3]  leases at once (maxConcurrency)
 * ARGV[4]  lease lifetime in µs: a worker that dies holding a lease frees its slot after this
 * ARGV[5]  call id
 *
 * Returns {1, 0, in_flight, in_window} when granted; {0, wait_us, …} when the window is full
 * (wait until its oldest start leaves it); {2, wait_us, …} when every slot is leased (at most
 * until the earliest lease expires; a release comes sooner); {-1, pause_us, …} while paused.
 * Nothing is written unless granted: a refused request takes neither a start nor a slot.
 */
export const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local slots = tonumber(ARGV[3])
local lease = tonumber(ARGV[4])
local paused = tonumber(redis.call('GET', KEYS[3]) or '0')
if paused > now then return {-1, paused - now, 0, 0} end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local inflight = redis.call('ZCARD', KEYS[2])
local started = 0
if limit > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
  started = redis.call('ZCARD', KEYS[1])
end
if inflight >= slots then
  local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {2, math.max(1, tonumber(first[2]) - now), inflight, started}
end
if limit > 0 then
  if started >= limit then
    local oldest = redis.call('ZRANGE', KEYS[1], started - limit, started - limit, 'WITHSCORES')
    return {0, math.max(1, tonumber(oldest[2]) + window - now), inflight, started}
  end
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], math.ceil(window / 1000))
  started = started + 1
end
redis.call('ZADD', KEYS[2], now + lease, ARGV[5])
redis.call('PEXPIRE', KEYS[2], math.ceil(lease / 1000))
return {1, 0, inflight + 1, started}
`;

/**
 * Pauses the source for ARGV[1] µs from now; a pause already longer stays as it is.
 * Returns the µs the source stays paused.
 */
export const PAUSE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local untilUs = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[3]) or '0')
if current >= untilUs then return current - now end
redis.call('SET', KEYS[3], string.format('%d', untilUs), 'PX', math.ceil(tonumber(ARGV[1]) / 1000))
return untilUs - now
`;

/**
 * What the source's quota holds now, without changing it. ARGV[1]: the window in µs.
 * Returns {starts in the window, leases held, µs of pause left}.
 */
export const USAGE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local started = redis.call('ZCOUNT', KEYS[1], '(' .. string.format('%d', now - tonumber(ARGV[1])), '+inf')
local inflight = redis.call('ZCOUNT', KEYS[2], '(' .. string.format('%d', now), '+inf')
local paused = tonumber(redis.call('GET', KEYS[3]) or '0')
return {started, inflight, math.max(0, paused - now)}
`;
