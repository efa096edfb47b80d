-- A lock whose value is its expiry time: a run that finds it taken deletes
-- it only when it is stale, which compares the value first.
local now = tonumber(ARGV[1])
local lock_key = KEYS[1]
if redis.call('SETNX', lock_key, now + tonumber(ARGV[2])) == 1 then
  redis.call('PEXPIRE', lock_key, ARGV[2])
  return 1
end
if tonumber(redis.call('GET', lock_key)) < now then
  redis.call('DEL', lock_key)
  return redis.call('SETNX', lock_key, now + tonumber(ARGV[2]))
end
-- Forcing it open without a look at the value frees another holder's lock.
if ARGV[3] == 'force' then
  return redis.call('DEL', lock_key) -- want "DEL deletes lock lock_key on a path where the SETNX on line 5 failed"
end
return 0
