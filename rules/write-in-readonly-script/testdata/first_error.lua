#!lua flags=no-writes
-- The wrong argument count is what Redis refuses first (command-arity).
redis.call('SET', KEYS[1])
redis.call('SET', KEYS[1], 1) -- want "SET writes"
