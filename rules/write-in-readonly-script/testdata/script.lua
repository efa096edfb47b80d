#!lua flags=no-writes
local v = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], 'x') -- want "SET writes in a script marked #!lua flags=no-writes — Redis answers 'ERR Write commands are not allowed from read-only scripts\.'"
local call = redis.call
call('incr', KEYS[2]) -- want "INCR writes in a script"
local function bump(k)
  return redis.pcall('EXPIRE', k, 10) -- want "EXPIRE writes"
end
bump(KEYS[1])
redis.call('PUBLISH', 'ch', v) -- want "PUBLISH may replicate \(a write here\) in a script marked"
redis.call('PFCOUNT', KEYS[3]) -- want "PFCOUNT may replicate \(a write here\)"
redis.call('SORT', KEYS[4]) -- want "SORT writes"
-- Reads stay silent, and so do commands another rule reports.
local a = redis.call('SORT_RO', KEYS[4])
local b = redis.call('HGETALL', KEYS[5])
local c = redis.call('ZRANGE', KEYS[6], 0, 10)
redis.call('EVAL', 'return 1', 0)
redis.call(ARGV[1], KEYS[1])
return {v, a, b, c}
