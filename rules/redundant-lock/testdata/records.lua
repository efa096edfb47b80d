-- Markers taken with NX and deleted in the same run, which nothing shows
-- to be locks: the value is the id the key is built from (groupmq's
-- idempotence marker, replaced when stale), or a constant.
local uniqueKey = KEYS[1] .. ':unique:' .. ARGV[1]
if redis.call('SET', uniqueKey, ARGV[1], 'NX') then
  if redis.call('EXISTS', KEYS[2]) == 0 then
    redis.call('DEL', uniqueKey)
    return 0
  end
  redis.call('DEL', uniqueKey)
  return 1
end
if redis.call('SETNX', KEYS[3], 1) == 1 then
  redis.call('DEL', KEYS[3])
end
return 2
