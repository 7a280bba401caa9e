/**
 * KEYS[1] the endpoint's lease set; ARGV: limit, lease ms, then one token per lease wanted.
 * Expired leases (a dispatcher killed mid-delivery) are dropped first; times come from the
 * Redis clock so processes with skewed clocks agree. Grants as many of the wanted leases as
 * the limit leaves room for, in one call, and returns their number.
 */
export const ACQUIRE_LEASES_LUA = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
local room = tonumber(ARGV[1]) - redis.call('ZCARD', KEYS[1])
local granted = 0
for i = 3, #ARGV do
  if granted >= room then break end
  redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[2]), ARGV[i])
  granted = granted + 1
end
if granted > 0 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2])) end
return granted
`;
