-- SELECT 0 works on Redis Cluster: no reason to lower the literal key of a
-- script whose {hash tag} says its author cares about a cluster.
redis.call('SELECT', 0)
local rate = redis.call('HGET', '{cfg}:rates', 'vip_' .. ARGV[1]) -- want:error "key '\{cfg\}:rates' of HGET is a literal, not from KEYS"
redis.call('SET', 'lock:' .. 7, 1) -- want:error "built from parts that cannot carry a \{hash tag\}"
return rate
