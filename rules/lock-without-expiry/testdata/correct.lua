-- An expiry in the same command or the same script: silent.
if redis.call('SETNX', KEYS[1], '1') == 1 then
  redis.call('EXPIRE', KEYS[1], 86400)
end

local key = KEYS[2]
if redis.call('setnx', key, ARGV[1]) == 1 then
  redis.call('pexpire', KEYS[2], ARGV[2])
end

redis.call('SET', KEYS[3], ARGV[1], 'NX', 'PX', ARGV[2])
redis.call('set', KEYS[3], ARGV[1], 'ex', 10, 'nx')
redis.call('SET', KEYS[3], ARGV[1], 'NX', 'EXAT', ARGV[3])
redis.call('SET', KEYS[3], ARGV[1], 'PXAT', ARGV[3], 'NX')

-- Options that are not literals may hold EX or PX: no claim.
redis.call('SET', KEYS[4], ARGV[1], 'NX', ARGV[2], ARGV[3])
redis.call('SET', KEYS[4], ARGV[1], 'NX', unpack(ARGV, 2))

-- Deleted in the same script: the lock does not outlive it (that is
-- redundant-lock's business).
local lock = redis.call('SETNX', KEYS[5], 'locked')
if lock == 1 then
  redis.call('DEL', KEYS[5])
end

-- Without a ttl option, the key is kept until the job is done, on purpose:
-- the other branch shows the author chose.
local function dedup(dkey, ttl, id)
  if ttl then
    return redis.call('SET', dkey, id, 'PX', ttl, 'NX')
  else
    return redis.call('SET', dkey, id, 'NX')
  end
end

-- The expiry is set by a helper called after the SETNX.
local function expire_later(k) redis.call('EXPIREAT', k, ARGV[4]) end
redis.call('SETNX', KEYS[6], 1)
expire_later(KEYS[6])
return dedup(KEYS[7], ARGV[5], ARGV[6])
