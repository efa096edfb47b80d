-- The suggested tag is the common prefix when there is one.
local call = redis.call
call('HSET', 'user:1:profile', 'name', ARGV[1])
call('SADD', 'user:1:' .. 'emails', ARGV[2]) -- want "e.g. '\{user:1\}:profile' and '\{user:1\}:emails'"
