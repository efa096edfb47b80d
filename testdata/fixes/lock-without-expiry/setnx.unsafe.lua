-- The plainest form: SETNX compared with 1, a lock by its name.
local lock_key = KEYS[1]
if redis.call('SETNX', lock_key, ARGV[1]) == 1 then
  redis.call('INCR', KEYS[2])
  return 1
end
return 0
