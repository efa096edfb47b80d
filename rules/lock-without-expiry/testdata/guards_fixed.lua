-- The same guards as guards.lua, fixed as the articles fix them: silent.

-- SETNX, then EXPIRE in the same script (examples/03-setnx-expire.lua).
local function count_once()
  if redis.call('SETNX', KEYS[1], '1') == 1 then
    redis.call('EXPIRE', KEYS[1], 86400)
    redis.call('INCR', KEYS[2])
    return 1
  end
  return 0
end

-- The expiry in the same command.
local function acquire_then_work()
  local ok = redis.call('SET', KEYS[3], ARGV[1], 'NX', 'EX', 30)
  if not ok then
    return 0
  end
  redis.call('HINCRBY', KEYS[4], 'jobs', 1)
  return 1
end

-- A create-if-absent record whose key another command of the script
-- expires, on the path after it.
local function record_expired()
  redis.call('SET', KEYS[6], ARGV[1], 'NX')
  redis.call('HINCRBY', KEYS[7], 'n', 1)
  redis.call('PEXPIRE', KEYS[6], ARGV[2])
end

-- HSETNX sets a field of a record: a hash field has no expiry of its own,
-- and nothing here is a lock.
local function hash_field()
  if redis.call('HSETNX', KEYS[8], 'created', ARGV[1]) == 1 then
    redis.call('HINCRBY', KEYS[8], 'version', 1)
  end
end

return {count_once(), acquire_then_work(), record_expired(), hash_field()}
