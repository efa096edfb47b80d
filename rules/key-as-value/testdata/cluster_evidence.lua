-- No sign of Redis Cluster: a key passed as a value breaks only a cluster
-- (CROSSSLOT), so it is advice; with cluster_declared.lua's cluster: true
-- the same line is a warning.
redis.call('SET', KEYS[1], KEYS[2]) -- want:info "KEYS\[2\] is passed to SET as a value \(argument 2\) and never used as a key"
