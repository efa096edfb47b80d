-- What the path knows makes a null reply impossible: each correct form is
-- silent, and its twin without the fact is still reported.

local function asserted()
  local v = redis.call('GET', KEYS[1])
  assert(v, 'missing')
  return tonumber(v) + 1
end

local function asserted_expr()
  local v = assert(redis.call('GET', KEYS[1]), 'missing')
  return v + 1
end

local function not_asserted()
  local v = redis.call('GET', KEYS[1])
  assert(ARGV[1], 'missing')
  return tonumber(v) + 1 -- want "GET"
end

local function concatenated_first()
  local v = redis.call('GET', KEYS[1])
  local label = 'job:' .. v -- want "'attempt to concatenate local 'v' \(a boolean value\)'"
  redis.call('SET', KEYS[2], label)
  return v + 1
end

local function correlated()
  local v = redis.call('GET', KEYS[1])
  local n = tonumber(v)
  if v then
    return n + 1
  end
  return 0
end

local function correlated_back()
  local v = redis.call('GET', KEYS[1])
  local n = tonumber(v)
  if not n then
    return 0
  end
  return v + 1
end

local function correlated_reassigned()
  local v = redis.call('GET', KEYS[1])
  local n = tonumber(v)
  v = redis.call('GET', KEYS[2])
  if v then
    return n + 1 -- want "GET"
  end
  return 0
end

local function exists_guard()
  if redis.call('EXISTS', KEYS[1]) == 0 then
    return 0
  end
  return redis.call('GET', KEYS[1]) + 1
end

local function exists_other_key()
  if redis.call('EXISTS', KEYS[2]) == 0 then
    return 0
  end
  return redis.call('GET', KEYS[1]) + 1 -- want "GET"
end

local function hexists_guard()
  local e = redis.call('HEXISTS', KEYS[1], ARGV[1])
  if e ~= 1 then
    return 0
  end
  return redis.call('HGET', KEYS[1], ARGV[1]) + 1
end

local function llen_guard()
  if redis.call('LLEN', KEYS[1]) > 0 then
    return redis.call('LPOP', KEYS[1]) + 1
  end
  return 0
end

local function same_read_guard()
  if redis.call('GET', KEYS[1]) then
    return redis.call('GET', KEYS[1]) + 1
  end
  return 0
end

local function written_member()
  redis.call('ZINCRBY', KEYS[1], 1, ARGV[1])
  return redis.call('ZSCORE', KEYS[1], ARGV[1]) * 2
end

local function removed_member()
  redis.call('ZADD', KEYS[1], 1, ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[1])
  return redis.call('ZSCORE', KEYS[1], ARGV[1]) * 2 -- want "ZSCORE"
end

local function field_kept()
  redis.call('HSET', KEYS[1], 'a', 1)
  redis.call('HINCRBY', KEYS[1], 'b', 1)
  return redis.call('HGET', KEYS[1], 'a') + 1
end

local function field_deleted()
  redis.call('HSET', KEYS[1], 'a', 1)
  redis.call('HDEL', KEYS[1], 'a')
  return redis.call('HGET', KEYS[1], 'a') + 1 -- want "HGET"
end

local function zadd_count()
  local added = redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
  return added + 1
end

local function zadd_incr()
  local score = redis.call('ZADD', KEYS[1], 'XX', 'INCR', ARGV[1], ARGV[2])
  return score + 1 -- want "ZADD"
end

return {asserted(), asserted_expr(), not_asserted(), concatenated_first(), correlated(), correlated_back(),
  correlated_reassigned(), exists_guard(), exists_other_key(), hexists_guard(), llen_guard(), same_read_guard(),
  written_member(), removed_member(), field_kept(), field_deleted(), zadd_count(), zadd_incr()}
