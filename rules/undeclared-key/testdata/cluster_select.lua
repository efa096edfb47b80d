-- A script that SELECTs a database its caller names (fishjoy's game
-- scripts) cannot run on Redis Cluster, which has database 0 only and
-- refuses the SELECT: a literal key is advice here (info), as is every
-- cluster finding, even beside a {hash tag} that would otherwise say the
-- author cares about a cluster. cluster_select_zero.lua holds the same keys
-- after SELECT 0, at the rule's severity.
redis.call('SELECT', KEYS[1])
local rate = redis.call('HGET', '{cfg}:rates', 'vip_' .. ARGV[1]) -- want:info "key '\{cfg\}:rates' of HGET is a literal, not from KEYS"
redis.call('SET', 'lock:' .. 7, 1) -- want:info "built from parts that cannot carry a \{hash tag\}"
return rate
