#!lua flags=no-writes
-- A module's write is expected to be refused too, but that is unverified
-- (H24): a warning. Module reads are fine.
redis.call('JSON.SET', KEYS[1], '$', ARGV[1]) -- want:warning "JSON.SET writes in a script marked #!lua flags=no-writes — Redis answers 'ERR Write commands are not allowed from read-only scripts\.'"
redis.call('SET', KEYS[2], 'x') -- want:error "SET writes"
return redis.call('JSON.GET', KEYS[1])
