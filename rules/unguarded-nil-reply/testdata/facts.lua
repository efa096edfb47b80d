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

-- Removing exactly the member read before shows it was there.
local function removed_count()
  local expire = redis.call('ZSCORE', KEYS[3], ARGV[1])
  local removed = redis.call('ZREM', KEYS[3], ARGV[1])
  if tonumber(removed) ~= 1 then
    return 0
  end
  return tonumber(expire) <= tonumber(ARGV[3])
end

local function removed_other()
  local expire = redis.call('ZSCORE', KEYS[3], ARGV[1])
  local removed = redis.call('ZREM', KEYS[3], ARGV[2])
  if tonumber(removed) ~= 1 then
    return 0
  end
  return tonumber(expire) <= tonumber(ARGV[3]) -- want "ZSCORE"
end

-- An element tested against false within an and.
local function element_tested()
  local state = redis.call('HMGET', KEYS[4], 'incremented', 'total')
  if state[1] ~= false and tonumber(ARGV[4]) < tonumber(state[1]) then
    return state[1]
  end
end

-- A read whose reply equals what the caller passed is there, and so is
-- its hash; a field named after the data (the owner) is a record's.
local function equal_guard()
  local owner = redis.call('HGET', KEYS[5], ARGV[1])
  if owner == ARGV[2] then
    return tonumber(redis.call('HGET', KEYS[5], ARGV[1] .. ':' .. owner .. ':expire')) < tonumber(ARGV[3])
  end
end

-- A record the caller named, found in one key, has its entries in the
-- others (an index): the lookup rests on what the library keeps.
local function indexed()
  local v = redis.call('HGET', KEYS[6], ARGV[1])
  if v == false then
    return 0
  end
  local idle = redis.call('ZSCORE', KEYS[7], ARGV[1])
  return tonumber(idle) > tonumber(ARGV[2])
end

-- A key deleted before the read.
local function deleted_before()
  redis.call('DEL', KEYS[8])
  return redis.call('GET', KEYS[8]) + 1 -- want "removes it before this read"
end

-- Each case is its own script: the caller picks one (ARGV[9]), so no
-- case runs after another (a helper used only by calls is walked where
-- it is called, with what ran before it).
local cases = {removed_count, removed_other, element_tested, equal_guard, indexed, deleted_before, asserted, asserted_expr, not_asserted, concatenated_first, correlated, correlated_back, correlated_reassigned, exists_guard, exists_other_key, hexists_guard, llen_guard, same_read_guard, written_member, removed_member, field_kept, field_deleted, zadd_count, zadd_incr}
return cases[tonumber(ARGV[9])]()
