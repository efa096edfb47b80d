-- fixture: cluster=true
-- A configuration that says the scripts run on a cluster wins over the
-- SELECT (the script would fail there, and the cluster findings keep their
-- level).
redis.call('SELECT', KEYS[1])
local rate = redis.call('HGET', 'cfg', 'vip_' .. ARGV[1]) -- want:error "key 'cfg' of HGET is a literal, not from KEYS"
return rate
