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

-- Fields the script does not show to be there, and shows can be missing,
-- are still reported: 'b' was deleted on one path, and the script handles a
-- missing 'c' elsewhere.
local function apart(ts)
  local prev = redis.call('HGET', KEYS[4], 'a')
  if not prev then
    redis.call('HSET', KEYS[4], 'a', ts, 'b', 0)
    return
  end
  if ts == '0' then
    redis.call('HDEL', KEYS[4], 'b')
  end
  local c = redis.call('HGET', KEYS[4], 'c') or 0
  return redis.call('HGET', KEYS[4], 'b') + redis.call('HGET', KEYS[4], 'c') + c -- want "HGET.*'b'.* is false" "HGET.*'c'.* is false"
end
apart(ARGV[1])

-- A field never written nor tested by the script, of a hash the script
-- found there: the field rests on what other scripts keep (silent).
local function kept(ts)
  if redis.call('HGET', KEYS[5], 'a') then
    return redis.call('HGET', KEYS[5], 'z') + ts
  end
end
kept(ARGV[1])
