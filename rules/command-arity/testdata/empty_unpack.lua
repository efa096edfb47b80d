-- unpack of a table that may be empty as the only values of a variadic
-- command: Redis refuses the call with no value.

-- Moving a list: LRANGE of a missing key replies {}.
local function move(src, dst)
  local items = redis.call('LRANGE', src, 0, -1)
  redis.call('DEL', src)
  redis.call('RPUSH', dst, unpack(items)) -- want:error "RPUSH fails when items is empty: the unpack gives all its values — LRANGE of line 6 replies with an empty array when the key is missing or nothing matches; then RPUSH gets only 1 argument after the command name and fails \(Redis answers 'ERR Wrong number of args calling Redis command from script'\), and the writes made before it \(from line 7\) are kept: return early when #items == 0"
end
move(KEYS[1], KEYS[2])

-- A set copied member by member into a table first.
local ids = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  table.insert(ids, 'job:' .. id)
end
redis.call('DEL', unpack(ids)) -- want:error "DEL fails when ids is empty.*ids is filled only in loops, and the loop of line 14 walks the SMEMBERS reply of line 14.*gets only 0 arguments"

-- Expired members of a sorted set, removed from another set.
local due = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', ARGV[1], 'LIMIT', 0, 100)
redis.call('SREM', KEYS[5], unpack(due)) -- want:error "SREM fails when due is empty"
redis.call('ZREM', KEYS[4], unpack(due)) -- the same table again: reported once
redis.call('ZADD', KEYS[6], unpack(redis.call('ZRANGE', KEYS[4], 0, 9, 'WITHSCORES'))) -- want:error "ZADD fails when the ZRANGE reply is empty: .*read it into a local and return early when it is empty"
local popped = redis.call('SPOP', KEYS[7], 10)
redis.call('SADD', KEYS[8], unpack(popped)) -- want:error "SADD fails when popped is empty.*SPOP of line 24"

-- Guarded, filled, or with other values beside the unpack: silent.
local members = redis.call('SMEMBERS', KEYS[9])
if #members > 0 then
  redis.call('SADD', KEYS[10], unpack(members))
end
local queued = redis.call('LRANGE', KEYS[11], 0, -1)
if #queued == 0 then
  return 0
end
redis.call('LPUSH', KEYS[12], unpack(queued))
local rest = redis.call('ZRANGE', KEYS[13], 0, -1)
if next(rest) ~= nil then
  redis.call('ZREM', KEYS[13], unpack(rest))
end
local top = redis.call('LRANGE', KEYS[14], 0, 0)
if top[1] then
  redis.call('RPUSH', KEYS[15], unpack(top))
end
local vals = redis.call('HVALS', KEYS[16])
local count = #vals
if count < 1 then
  return 0
end
redis.call('SADD', KEYS[17], unpack(vals))
redis.call('RPUSH', KEYS[17], 'marker', unpack(redis.call('LRANGE', KEYS[18], 0, 9)))
redis.call('HSET', KEYS[19], unpack({'a', 1, 'b', 2}))
local batch = {'head'}
for _, v in ipairs(redis.call('LRANGE', KEYS[20], 0, -1)) do
  table.insert(batch, v)
end
redis.call('RPUSH', KEYS[21], unpack(batch))
redis.call('RPUSH', KEYS[22], 'a', 'b')
local written = redis.call('LRANGE', KEYS[22], 0, -1)
redis.call('SADD', KEYS[23], unpack(written))
local one = redis.call('SPOP', KEYS[24])
return {one, redis.call('MGET', KEYS[1], unpack(redis.call('LRANGE', KEYS[20], 0, 9)))}
