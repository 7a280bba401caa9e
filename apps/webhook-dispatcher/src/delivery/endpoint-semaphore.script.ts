/**
 * KEYS[1] the endpoint's lease set; ARGV: lease token, limit, lease ms. Expired leases (a
 * dispatcher killed mid-delivery) are dropped first; times come from the Redis clock so
 * processes with skewed clocks agree. Returns 1 when the lease was granted.
 */
export const ACQUIRE_LEASE_LUA = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;
