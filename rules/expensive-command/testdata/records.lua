-- Hashes read as records (issue 18): HGETALL of a fixed set of fields is
-- bounded, whatever the loop that unpacks the reply.

-- go-redisstore: the reply copied into a table by field name, the fields
-- then read by name; the script writes the hash with named fields only.
local hgetall = function(key)
  local data = redis.call('HGETALL', key)
  local result = {}
  for i = 1, #data, 2 do
    result[data[i]] = data[i + 1]
  end
  return result
end
local data = hgetall(KEYS[1])
local start = tonumber(data['s']) or tonumber(ARGV[1])
redis.call('HSET', KEYS[1], 's', start, 't', 0)

-- qless: the settings hash merged into a record of defaults.
local config = {defaults = {heartbeat = 60, ['grace-period'] = 10}}
local function settings()
  local reply = redis.call('hgetall', 'ql:config')
  for i = 1, #reply, 2 do
    config.defaults[reply[i]] = reply[i + 1]
  end
  return config.defaults
end

-- A hash the script writes with named fields only, summed in a loop.
local function total()
  redis.call('HINCRBY', KEYS[2], 'hits', 1)
  redis.call('HSET', KEYS[2], 'seen', ARGV[1])
  local fields = redis.call('HGETALL', KEYS[2])
  local n = 0
  for i = 2, #fields, 2 do
    n = n + (tonumber(fields[i]) or 0)
  end
  return n
end

-- Collections stay reported: one field per request (@upstash/ratelimit's
-- multi-region window) ...
local function window()
  local fields = redis.call('HGETALL', KEYS[3]) -- want "HGETALL reads the whole hash, which the script loops over as a collection"
  local used = 0
  for i = 2, #fields, 2 do
    used = used + tonumber(fields[i])
  end
  redis.call('HSET', KEYS[3], ARGV[2], 1)
  return used
end
-- ... and a map the script then walks.
local function copy(src, dst)
  local raw = redis.call('HGETALL', src) -- want "HGETALL reads the whole hash"
  local map = {}
  for i = 1, #raw, 2 do
    map[raw[i]] = raw[i + 1]
  end
  for k, v in pairs(map) do
    redis.call('SET', dst .. k, v)
  end
end
-- A write with named fields to a hash that may or may not be this one
-- (a helper's parameter) proves nothing: bullmq's children of a job.
local function mark(key)
  redis.call('HSET', key, 'state', 'done')
end
local function children(jobKey)
  local processed = redis.call('HGETALL', jobKey .. ':processed') -- want "HGETALL reads the whole hash, which the script loops over as a collection"
  local n = 0
  for i = 1, #processed, 2 do
    n = n + #processed[i]
  end
  mark(jobKey)
  return n
end
return {data, settings(), total(), window(), copy(KEYS[4], ARGV[1]), children(KEYS[5])}
