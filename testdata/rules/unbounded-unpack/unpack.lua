local rcall = redis.call
-- Replies whose length grows with the data.
local ids = rcall('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
rcall('ZREM', KEYS[1], unpack(ids)) -- want "unpack\(ids\) fails once the ZRANGEBYSCORE reply of line 3 reaches 8000 elements — it fails with 'too many results to unpack' \(ZRANGEBYSCORE without LIMIT replies with every match\): bound the reply"
rcall('SADD', KEYS[2], unpack(rcall('SMEMBERS', KEYS[3]))) -- want "SMEMBERS replies with the whole collection\), and the writes made before it \(from line 4\) are kept"
local all = redis.call('LRANGE', KEYS[1], 0, -1)
redis.call('RPUSH', KEYS[2], unpack(all)) -- want "LRANGE 0 -1 replies with everything from the start index on"
local tail = redis.call('LRANGE', KEYS[1], tonumber(ARGV[1]), -1)
redis.call('RPUSH', KEYS[2], unpack(tail)) -- want "LRANGE tonumber\(ARGV\[1\]\) -1"
local z = redis.call('ZRANGE', KEYS[1], 0, '+inf', 'BYSCORE')
redis.call('ZREM', KEYS[1], unpack(z)) -- want "ZRANGE without LIMIT"
local big = redis.call('ZRANGEBYSCORE', KEYS[1], 0, 10, 'LIMIT', 0, 10000)
redis.call('ZREM', KEYS[1], unpack(big)) -- want "LIMIT 10000 lets it reach that size"
local neg = redis.call('ZRANGEBYSCORE', KEYS[1], 0, 10, 'LIMIT', 0, -1)
redis.call('ZREM', KEYS[1], unpack(neg)) -- want "negative count"
local h = redis.call('HGETALL', KEYS[1])
redis.call('HSET', KEYS[2], unpack(h)) -- want "HGETALL replies with the whole collection"
local len = redis.call('LLEN', KEYS[1])
local upto = redis.call('LRANGE', KEYS[1], 0, len - 1)
redis.call('RPUSH', KEYS[2], unpack(upto)) -- want "the stop index len - 1 comes from a reply"

-- A table filled from one in a loop.
local members = {}
for _, m in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if m ~= ARGV[1] then
    table.insert(members, m)
  end
end
redis.call('SREM', KEYS[1], unpack(members)) -- want "members is filled from it in the loop of line 24; SMEMBERS replies"
local keys = redis.call('HKEYS', KEYS[1])
local pairs_ = {}
for i = 1, #keys do
  pairs_[#pairs_ + 1] = keys[i]
  pairs_[#pairs_ + 1] = 0
end
redis.call('HSET', KEYS[1], unpack(pairs_)) -- want "pairs_ is filled from it in the loop of line 32; HKEYS"
redis.call('HSET', KEYS[3], unpack(pairs_))

-- Bounded replies and chunks: fine.
local page = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], 'LIMIT', 0, 1000)
redis.call('ZREM', KEYS[1], unpack(page))
local count = 500
local page2 = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], 'LIMIT', 0, count, 'WITHSCORES')
redis.call('ZADD', KEYS[2], unpack(page2))
local head = redis.call('LRANGE', KEYS[1], 0, 99)
redis.call('RPUSH', KEYS[2], unpack(head))
local last = redis.call('ZRANGE', KEYS[1], -100, -1)
redis.call('ZREM', KEYS[1], unpack(last))
local from = tonumber(ARGV[2])
local window = redis.call('LRANGE', KEYS[1], from, from + 99)
redis.call('RPUSH', KEYS[2], unpack(window))
local everything = redis.call('SMEMBERS', KEYS[1])
for i = 1, #everything, 1000 do
  redis.call('SREM', KEYS[1], unpack(everything, i, math.min(i + 999, #everything)))
end
local fields = redis.call('HMGET', KEYS[1], 'a', 'b')
redis.call('HSET', KEYS[2], 'a', unpack(fields))
local batch = {}
for _, m in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  table.insert(batch, m)
  if #batch == 1000 then
    redis.call('SREM', KEYS[1], unpack(batch))
    batch = {}
  end
end
for i = 1, #everything, 1000 do
  local chunk = {}
  for j = i, math.min(i + 999, #everything) do
    table.insert(chunk, everything[j])
  end
  redis.call('SREM', KEYS[1], unpack(chunk))
end
local function remove(list)
  return redis.call('SREM', KEYS[1], unpack(list))
end
remove(ARGV)
redis.call('DEL', unpack(KEYS))

-- The caller decides the length of ARGV: reported one level lower.
redis.call('SADD', KEYS[1], unpack(ARGV)) -- want "unpack\(ARGV\) fails with 'too many results to unpack' once the caller passes 8000 arguments"
local range = redis.call('LRANGE', KEYS[1], 0, ARGV[1])
redis.call('RPUSH', KEYS[2], unpack(range)) -- want "the stop index ARGV\[1\] comes from ARGV"
