-- Nothing in this script suggests Redis Cluster (no {hash tag} in its key
-- names, no cluster: true): a key written into it cannot be renamed by the
-- caller, but only a cluster would fail on it, so it is advice (info)
-- here, and an error on a cluster (cluster_declared.lua).
local user = redis.call('GET', 'current_user') -- want:info "key 'current_user' of GET is a literal, not from KEYS"
redis.call('SET', 'lock:' .. 7, 1) -- want:info "built from parts that cannot carry a \{hash tag\}"
redis.call('DEL', ARGV[1]) -- want:info "key ARGV\[1\] of DEL is taken from ARGV"
return user
