-- A whole read the script works through with a command per element: the
-- read costs no more than that work, so it is reported one level lower
-- (info) with advice to bound the batch.
local stalled = redis.call('SMEMBERS', KEYS[1]) -- want "SMEMBERS reads the whole set.*runs a Redis command for every element"
for _, id in ipairs(stalled) do
  redis.call('LREM', KEYS[2], 0, id)
end
local active = redis.call('LRANGE', KEYS[2], 0, -1) -- want "LRANGE 0 -1 reads the whole list.*runs a Redis command for every element"
redis.call('SADD', KEYS[1], unpack(active))

local function remove(key)
  local children = redis.call('SMEMBERS', key .. ':children') -- want "SMEMBERS reads the whole set.*runs a Redis command for every element"
  for _, child in ipairs(children) do
    remove(child)
  end
  redis.call('DEL', key)
end
remove(KEYS[3])

local function due(limit)
  if limit > 0 then
    return redis.call('ZRANGEBYSCORE', KEYS[4], 0, ARGV[1], 'LIMIT', 0, limit)
  end
  return redis.call('ZRANGEBYSCORE', KEYS[4], 0, ARGV[1]) -- want "ZRANGEBYSCORE without LIMIT.*runs a Redis command for every element"
end
local jobs = due(tonumber(ARGV[2]))
for _, j in ipairs(jobs) do
  redis.call('LPUSH', KEYS[5], j)
end

-- A recursive helper declared first and assigned after, and a helper that
-- loops over its parameter (bullmq's removeJobs): the reply is still the
-- work list of a delete-all.
local removeJob
removeJob = function(key)
  local children = redis.call('SMEMBERS', key .. ':children') -- want "SMEMBERS reads the whole set.*runs a Redis command for every element"
  for _, child in ipairs(children) do
    removeJob(child)
  end
  redis.call('DEL', key)
end
removeJob(KEYS[7])
local function drop(ids)
  for _, id in ipairs(ids) do
    redis.call('DEL', id)
  end
end
drop(redis.call('SMEMBERS', KEYS[8])) -- want "SMEMBERS reads the whole set.*runs a Redis command for every element"
local stale = redis.call('ZRANGE', KEYS[9], 0, -1) -- want "ZRANGE 0 -1 reads the whole sorted set.*runs a Redis command for every element"
drop(stale)
-- A helper that only searches its parameter keeps the warning.
local function has(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end
local members = redis.call('LRANGE', KEYS[10], 0, -1) -- want "LRANGE 0 -1 reads the whole list, however long it grows — no other client is served meanwhile: read a bounded range, use LPOS to find an element, or cap the list with LTRIM$"
local found = has(members, ARGV[1])

-- A lookup that reads everything to find one element keeps its warning:
-- LPOS, SISMEMBER or ZSCORE does it without the whole read.
local items = redis.call('LRANGE', KEYS[6], 0, -1) -- want "LRANGE 0 -1 reads the whole list, however long it grows — no other client is served meanwhile: read a bounded range, use LPOS to find an element, or cap the list with LTRIM$"
for _, v in ipairs(items) do
  if v == ARGV[1] then
    return 1
  end
end
return 0

