-- Nothing in this script suggests Redis Cluster (no {hash tag} in its key
-- names, no cluster: true): a key written into it still cannot be renamed
-- by the caller, but only a cluster would fail on it, so it is one level
-- lower than on a cluster (a warning), and the rest is advice.
local user = redis.call('GET', 'current_user') -- want:warning "key 'current_user' of GET is a literal, not from KEYS"
redis.call('SET', 'lock:' .. 7, 1) -- want:warning "built from parts that cannot carry a \{hash tag\}"
redis.call('DEL', ARGV[1]) -- want:info "key ARGV\[1\] of DEL is taken from ARGV"
return user
