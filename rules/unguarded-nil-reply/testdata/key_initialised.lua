-- A key the script fills when it is missing: the fields it writes then are
-- there whenever the key is, so later reads of them are not null. A field
-- not written on the missing-key path may still be.

local function hset_when_missing()
  local k = KEYS[1]
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'rate', ARGV[1], 'burst', ARGV[2])
  end
  local rate = tonumber(redis.call('HGET', k, 'rate'))
  local burst = tonumber(redis.call('HGET', k, 'burst'))
  redis.call('HINCRBY', k, 'hits', 1)
  return rate * 2 + burst
end

local function hmset_when_missing()
  local k = KEYS[2]
  if redis.call('EXISTS', k) ~= 1 then
    redis.call('HMSET', k, 'tokens', ARGV[1], 'ts', ARGV[2])
  end
  return redis.call('HGET', k, 'tokens') - 1
end

local function early_return_when_missing()
  local k = KEYS[3]
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'count', 1, 'first', ARGV[1])
    return 1
  end
  return redis.call('HGET', k, 'count') + 1
end

local function set_when_missing()
  local k = KEYS[4]
  if redis.call('EXISTS', k) == 0 then
    redis.call('SET', k, ARGV[1])
  end
  return redis.call('GET', k) + 1
end

local function missing_in_a_boolean()
  local k = KEYS[8]
  local missing = redis.call('EXISTS', k) == 0
  if missing then
    redis.call('HSET', k, 'limit', ARGV[1])
  end
  return tonumber(redis.call('HGET', k, 'limit')) + 1
end

local function exists_reply_in_a_local()
  local k = KEYS[9]
  local exists = redis.call('EXISTS', k)
  if exists == 0 then
    redis.call('HSET', k, 'limit', ARGV[1])
  end
  return tonumber(redis.call('HGET', k, 'limit')) + 1
end

-- HMGET of the fields the script fills; the third it never writes.
local function hmget_after_filling()
  local k = KEYS[10]
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'a', ARGV[1], 'b', ARGV[2])
  end
  local v = redis.call('HMGET', k, 'a', 'b', 'c')
  return v[1] + v[2] + v[3] -- want "v\[3\] is false when its field is missing"
end

-- A field the missing-key path does not write.
local function field_not_written()
  local k = KEYS[5]
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'rate', ARGV[1])
  end
  return tonumber(redis.call('HGET', k, 'burst')) + 1 -- want "is nil when the hash or the field is missing — the script creates the hash without this field on line 73"
end

-- Another write of the script may create the key without the field.
local function created_elsewhere_without_it()
  local k = KEYS[6]
  if ARGV[2] == 'touch' then
    redis.call('HSET', k, 'seen', ARGV[3])
  end
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'rate', ARGV[1])
  end
  return tonumber(redis.call('HGET', k, 'rate')) + 1 -- want "is nil when the hash or the field is missing"
end

-- The script removes a field of the key: it does not keep the field set.
local function field_removed()
  local k = KEYS[7]
  if redis.call('EXISTS', k) == 0 then
    redis.call('HSET', k, 'rate', ARGV[1], 'burst', ARGV[2])
  end
  if ARGV[2] == 'clear' then
    redis.call('HDEL', k, 'burst')
    return 0
  end
  return tonumber(redis.call('HGET', k, 'burst')) + 1 -- want "is nil when the hash or the field is missing"
end

return { hset_when_missing, hmset_when_missing, early_return_when_missing, set_when_missing, field_not_written,
  created_elsewhere_without_it, field_removed, missing_in_a_boolean, exists_reply_in_a_local, hmget_after_filling }
