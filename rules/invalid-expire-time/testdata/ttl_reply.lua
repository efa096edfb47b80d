-- A re-entrant lock's release (redis-lecture's RedisDistributedReentrantLock):
-- when the count stays above 0 it "keeps" the TTL by setting it again from
-- the TTL reply, which is 0 in the last half second: EXPIRE 0 deletes the
-- lock its holder still holds.
if (redis.call('hexists', KEYS[1], ARGV[1]) == 0) then
  return nil
end
local counter = redis.call('hincrby', KEYS[1], ARGV[1], -1)
if (counter > 0) then
  redis.call('expire', KEYS[1], redis.call('ttl', KEYS[1])) -- want "TTL redis.call\('ttl', KEYS\[1\]\) of EXPIRE can be 0 or less — the TTL reply of line 10 is 0 when less than half a second is left"
else
  redis.call('del', KEYS[1])
end

-- Copying one key's time to another through a local: -1 when the source
-- has no expiry, and SET ... PX refuses it.
local left = redis.call('PTTL', KEYS[2])
redis.call('SET', KEYS[3], ARGV[2], 'PX', left) -- want "TTL left of SET can be 0 or less — the PTTL reply of line 17 is 0 in its last millisecond, -1 for a key without expiry and -2 for a missing one"

-- Silent: the reply checked before it is used, or moved away from 0 and
-- below by arithmetic the sign analysis follows.
local ttl = redis.call('PTTL', KEYS[2])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[4], ttl)
end
redis.call('EXPIRE', KEYS[5], redis.call('TTL', KEYS[5]) + 60)
return 1
