-- The same reads, guarded the ways real code guards them: silent.

-- The length tested.
local function move_due()
  local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1)
  if #due > 0 then
    redis.call('ZREM', KEYS[1], due[1])
    redis.call('LPUSH', KEYS[2], due[1])
  end
  return due
end

-- An early return when it is empty.
local function pop_lowest()
  local r = redis.call('ZRANGE', KEYS[3], 0, 0)
  if #r == 0 then
    return false
  end
  redis.call('ZREM', KEYS[3], r[1])
  return r[1]
end

-- The element itself tested, directly or through a local.
local function take_one()
  local head = redis.call('LRANGE', KEYS[7], 0, 0)
  if head[1] then
    redis.call('LREM', KEYS[7], 1, head[1])
  end
  local member = redis.call('SPOP', KEYS[5], 1)[1]
  if not member then
    return nil
  end
  redis.call('SADD', KEYS[6], member)
  local f = redis.call('HKEYS', KEYS[10])
  if f[1] ~= nil then
    redis.call('HDEL', KEYS[10], f[1])
  end
end

-- next(t), a length of two, a loop over the reply.
local function sample()
  local s = redis.call('SMEMBERS', KEYS[8])
  if next(s) then
    redis.call('SREM', KEYS[8], s[1])
  end
  local picks = redis.call('SRANDMEMBER', KEYS[8], 2)
  if #picks >= 2 then
    redis.call('SMOVE', KEYS[8], KEYS[9], picks[2])
  end
  for _, m in ipairs(redis.call('ZRANGE', KEYS[11], 0, 9)) do
    redis.call('ZREM', KEYS[11], m)
  end
  -- SPOP without a count replies null, not an array: its own finding,
  -- guarded here.
  local one = redis.call('SPOP', KEYS[12])
  if one then
    redis.call('SADD', KEYS[6], one)
  end
  -- A redis.pcall's reply may be an error table: not claimed.
  local p = redis.pcall('LRANGE', KEYS[13], 0, 0)
  return p
end

-- The key known to exist: a collection Redis keeps holds an element, so a
-- range from the first one, a whole read or a pop is not empty.
local function key_there()
  if redis.call('EXISTS', KEYS[1]) == 1 then
    local r = redis.call('ZRANGE', KEYS[1], 0, 0)
    redis.call('ZREM', KEYS[1], r[1])
  end
  if redis.call('ZCARD', KEYS[2]) > 0 then
    local r = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    redis.call('ZREM', KEYS[2], r[1])
  end
  if redis.call('LLEN', KEYS[6]) == 0 then
    return
  end
  local head = redis.call('LRANGE', KEYS[6], 0, 0)
  redis.call('LREM', KEYS[6], 1, head[1])
  -- Written just before.
  redis.call('SADD', KEYS[3], ARGV[1])
  return redis.call('SET', KEYS[4], redis.call('SMEMBERS', KEYS[3])[1])
end

-- The key written just before: a reply pairing each member with its score
-- holds two entries, the member and its score (symfony's lock store).
local function scores_there()
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
  local top = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  redis.call('PEXPIREAT', KEYS[1], top[2])
  redis.call('SET', KEYS[2], redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')[1])
  redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
  local all = redis.call('HGETALL', KEYS[3])
  redis.call('SET', KEYS[4], all[2])
  redis.call('ZADD', KEYS[5], ARGV[1], ARGV[2])
  local low = redis.call('ZPOPMIN', KEYS[5])
  return redis.call('SET', KEYS[6], low[2])
end

return {move_due(), pop_lowest(), take_one(), sample(), key_there(), scores_there()}
