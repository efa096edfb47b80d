-- SELECT 0 works on Redis Cluster: no reason to lower the literal key.
redis.call('SELECT', 0)
local rate = redis.call('HGET', 'cfg', 'vip_' .. ARGV[1]) -- want:warning "key 'cfg' of HGET is a literal, not from KEYS"
return rate
