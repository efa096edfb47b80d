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
redis.call('HSET', KEYS[1], unpack(pairs_)) -- want "unpack\(pairs_\) fails once the HKEYS reply of line 30 reaches 4000 elements — .*\(pairs_ is filled from it in the loop of line 32, 2 entries per element; HKEYS"
redis.call('HSET', KEYS[3], unpack(pairs_))

-- Entries per element count (issue 13 item 7): two per element fail at
-- 4000 elements, one per two elements (the fields of a HGETALL) at 16000.
local scored = {}
for _, m in ipairs(redis.call('SMEMBERS', KEYS[4])) do
  table.insert(scored, ARGV[1])
  table.insert(scored, m)
end
redis.call('ZADD', KEYS[5], unpack(scored)) -- want "unpack\(scored\) fails once the SMEMBERS reply of line 42 reaches 4000 elements .*2 entries per element"
local names = {}
local h = redis.call('HGETALL', KEYS[6])
for i = 1, #h, 2 do
  table.insert(names, h[i])
end
redis.call('SADD', KEYS[7], unpack(names)) -- want "fails once the HGETALL reply of line 48 reaches 16000 elements .*1 per 2 elements"
local some = {}
for _, m in ipairs(redis.call('SMEMBERS', KEYS[8])) do
  if m ~= ARGV[1] then
    table.insert(some, 0)
    table.insert(some, m)
  end
end
redis.call('ZADD', KEYS[9], unpack(some)) -- want "unpack\(some\) can fail once the SMEMBERS reply of line 54 reaches 4000 elements .*up to 2 entries per element"

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
local function remove(list) -- ARGV, its only call's argument
  return redis.call('SREM', KEYS[1], unpack(list)) -- want:info "unpack\(list\) fails with 'too many results to unpack' once the caller passes 8000 arguments"
end
remove(ARGV)
redis.call('DEL', unpack(KEYS))

-- The caller decides the length of ARGV: reported one level lower.
redis.call('SADD', KEYS[1], unpack(ARGV)) -- want "unpack\(ARGV\) fails with 'too many results to unpack' once the caller passes 8000 arguments"
local range = redis.call('LRANGE', KEYS[1], 0, ARGV[1])
redis.call('RPUSH', KEYS[2], unpack(range)) -- want "the stop index ARGV\[1\] comes from ARGV"

-- A table filled by a loop the caller counts (redis-semaphore's
-- multi-semaphore: two entries per permit): advice, one level lower.
local function acquire()
  local permits = tonumber(ARGV[2])
  local args = {}
  for i = 0, permits - 1 do
    table.insert(args, ARGV[5])
    table.insert(args, ARGV[3] .. '_' .. i)
  end
  return redis.call('zadd', KEYS[1], unpack(args)) -- want "unpack\(args\) fails once the loop of line 112 runs 4000 times — it fails with 'too many results to unpack' at 8000 entries; the loop appends 2 entries per round, and its count `permits - 1` comes from ARGV"
end
local function fixed()
  local args = {}
  for i = 1, 10 do
    table.insert(args, i)
  end
  return redis.call('sadd', KEYS[1], unpack(args))
end
-- Entries besides the loop's make it fail sooner (Redisson's set cache
-- intersection count: the count first, LIMIT and its value after).
local function intercard()
  local args = {ARGV[3]}
  for i = 1, ARGV[3], 1 do
    table.insert(args, KEYS[i])
  end
  table.insert(args, 'LIMIT')
  table.insert(args, ARGV[4])
  return redis.call('zintercard', unpack(args)) -- want "unpack\(args\) fails by the time the loop of line 129 runs 8000 times"
end
