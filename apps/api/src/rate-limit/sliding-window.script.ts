/**
 * Sliding-log limiter, one atomic script per request (or per reservation of a few permits).
 *
 * KEYS[1]  sorted set of the bucket: member = request id, score = admission time (µs, Redis clock)
 * ARGV[1]  limit (requests per window)
 * ARGV[2]  window length in microseconds
 * ARGV[3]  unique member for this request (permit i > 1 is logged as member..':'..i)
 * ARGV[4]  permits wanted (1 for one request; more when an api process reserves a few ahead)
 * ARGV[5]  optional: the time to use, in µs (tests play a clock); absent in production
 *
 * Returns {granted, remaining, 0} when admitted (1 ≤ granted ≤ permits wanted: never more than
 * the window has left), {0, 0, wait_us} when refused, where wait_us is the time until the oldest
 * admission that keeps the bucket full leaves the window.
 *
 * Time comes from the Redis server (TIME), never from the API process, so several API
 * processes with drifting clocks share one exact window (a test may give it instead, ARGV[4]). Refused requests are not logged:
 * they do not push the time a request would pass further out. Redis 7 replicates the
 * script's effects, so calling TIME before writing is allowed.
 */
export const SLIDING_WINDOW_LUA = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local wanted = tonumber(ARGV[4])
local now = tonumber(ARGV[5])
if now == nil then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000000 + tonumber(t[2])
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  local granted = math.min(wanted, limit - count)
  local entries = {}
  for i = 1, granted do
    entries[#entries + 1] = now
    entries[#entries + 1] = (i == 1) and member or (member .. ':' .. i)
  end
  redis.call('ZADD', key, unpack(entries))
  redis.call('PEXPIRE', key, math.ceil(window / 1000))
  return {granted, limit - count - granted, 0}
end
local blocking = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
local wait = tonumber(blocking[2]) + window - now
if wait < 1 then wait = 1 end
return {0, 0, wait}
`;
