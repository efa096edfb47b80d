-- A counter the script has just created is not missing.
redis.call('SET', KEYS[1], 0, 'NX')
local n = redis.call('GET', KEYS[1]) + 1
redis.call('SET', KEYS[1], n)

-- Without the SET before it, the GET may be null.
local m = redis.call('GET', KEYS[2]) + 1 -- want "is false when the key is missing"
redis.call("SET", KEYS[5], n + m)

-- Fields the script only writes together are there together: once prevTS
-- is checked, prevCount is there.
local function collect(metaKey, ts)
  local count = redis.call('HINCRBY', metaKey, 'count', 1) - 1
  local prevTS = redis.call('HGET', metaKey, 'prevTS')
  if not prevTS then
    redis.call('HSET', metaKey, 'prevTS', ts, 'prevCount', 0)
    return
  end
  local delta = count - redis.call('HGET', metaKey, 'prevCount')
  redis.call('HSET', metaKey, 'prevCount', count, 'prevTS', ts)
  return delta
end
collect(KEYS[3], ARGV[1])

-- Still reported: a field written alone elsewhere in the script, or a field
-- never checked.
local function apart(h, ts)
  local prev = redis.call('HGET', h, 'a')
  if not prev then
    redis.call('HSET', h, 'a', ts, 'b', 0)
    return
  end
  redis.call('HSET', h, 'a', ts)
  return redis.call('HGET', h, 'b') + redis.call('HGET', h, 'c') -- want "HGET.*'b'.* is false" "HGET.*'c'.* is false"
end
apart(KEYS[4], ARGV[1])
