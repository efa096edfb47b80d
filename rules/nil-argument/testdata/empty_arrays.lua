-- The first element of an array reply that may be empty, passed to a
-- command: r[1] is nil when the key is missing or the range selects
-- nothing, and the call fails.

-- A delay queue: move the first due job (the missing-key case).
local function move_due()
  local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1)
  redis.call('ZREM', KEYS[1], due[1]) -- want "due\[1\] \(argument 2 of ZREM\) may be nil — element 1 of the ZRANGEBYSCORE reply of line 7 is nil when the array is empty"
  redis.call('LPUSH', KEYS[2], due[1]) -- want "due\[1\] \(argument 2 of LPUSH\) may be nil"
  return due[1]
end

-- A test of the table does not guard: a table is always true.
local function pop_lowest()
  local r = redis.call('ZRANGE', KEYS[3], 0, 0)
  if r ~= nil then
    redis.call('ZREM', KEYS[3], r[1]) -- want "r\[1\] \(argument 2 of ZREM\) may be nil .*a table is always true"
  end
  if r then
    return redis.call('HGET', KEYS[4], r[1]) -- want "r\[1\] \(argument 2 of HGET\) may be nil"
  end
end

-- Through a local, and read from the call directly.
local function take_one()
  local member = redis.call('SPOP', KEYS[5], 1)[1]
  redis.call('SADD', KEYS[6], member) -- want "member \(argument 2 of SADD\) may be nil — element 1 of the SPOP reply"
  local head = redis.call('LRANGE', KEYS[7], 0, 0)[1]
  return redis.call('LREM', KEYS[7], 1, head) -- want "head \(argument 3 of LREM\) may be nil"
end

local function sample()
  local picks = redis.call('SRANDMEMBER', KEYS[8], 2)
  -- #picks > 0 shows one element, not two.
  if #picks > 0 then
    redis.call('SMOVE', KEYS[8], KEYS[9], picks[1])
    redis.call('SMOVE', KEYS[8], KEYS[9], picks[2]) -- want "picks\[2\] \(argument 3 of SMOVE\) may be nil"
  end
  local fields = redis.call('HKEYS', KEYS[10])
  return redis.call('HDEL', KEYS[10], fields[1]) -- want "fields\[1\] \(argument 2 of HDEL\) may be nil"
end

-- The key exists, but a range of scores may still select nothing.
local function due_after_exists()
  if redis.call('EXISTS', KEYS[11]) == 1 then
    local r = redis.call('ZRANGEBYSCORE', KEYS[11], 0, ARGV[1], 'LIMIT', 0, 1)
    redis.call('ZREM', KEYS[11], r[1]) -- want "r\[1\] \(argument 2 of ZREM\) may be nil"
  end
end

-- The key exists, but the reply holds only what it guarantees: one member
-- (and its score with WITHSCORES), whatever the range's length.
local function past_the_pair()
  redis.call('ZADD', KEYS[12], ARGV[1], ARGV[2])
  local top = redis.call('ZREVRANGE', KEYS[12], 0, 0, 'WITHSCORES')
  redis.call('SET', KEYS[13], top[3]) -- want "top\[3\] \(argument 2 of SET\) may be nil — element 3 of the ZREVRANGE reply"
  local two = redis.call('ZRANGE', KEYS[12], 0, 1)
  redis.call('SET', KEYS[13], two[2]) -- want "two\[2\] \(argument 2 of SET\) may be nil"
  redis.call('RPUSH', KEYS[14], ARGV[3])
  local head = redis.call('LRANGE', KEYS[14], 0, 0)
  return redis.call('SET', KEYS[13], head[2]) -- want "head\[2\] \(argument 2 of SET\) may be nil"
end

return {move_due(), pop_lowest(), take_one(), sample(), due_after_exists(), past_the_pair()}
