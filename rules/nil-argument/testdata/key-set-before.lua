-- A GET of a key the script has just set (SET, SET NX whatever it replied,
-- INCR) is not null: Redis does not expire keys while a script runs.
local function dedupe(key, id, ttl, events)
  local exists
  if ttl then
    exists = not redis.call('SET', key, id, 'PX', ttl, 'NX')
  else
    exists = not redis.call('SET', key, id, 'NX')
  end
  if exists then
    local current = redis.call('GET', key)
    redis.call('XADD', events, '*', 'jobId', current)
    return current
  end
end
dedupe(KEYS[1], ARGV[1], ARGV[2], KEYS[2])

redis.call('INCR', KEYS[3])
redis.call('SET', KEYS[4], redis.call('GET', KEYS[3]))

-- Still reported: a key set on one path only, deleted in between, or set
-- with XX (which does nothing when the key is missing).
if ARGV[3] == '1' then
  redis.call('SET', KEYS[5], 'x')
end
redis.call('SET', KEYS[6], redis.call('GET', KEYS[5])) -- want "GET reply of line 26 is null"
redis.call('SET', KEYS[7], 'x')
redis.call('DEL', KEYS[7])
redis.call('SET', KEYS[6], redis.call('GET', KEYS[7])) -- want "GET reply of line 29 is null"
redis.call('SET', KEYS[8], 'x', 'XX')
redis.call('SET', KEYS[6], redis.call('GET', KEYS[8])) -- want "GET reply of line 31 is null"
