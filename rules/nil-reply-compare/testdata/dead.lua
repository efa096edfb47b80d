-- A nil test of a reply that is never nil nor false, with nothing that
-- depends on it, is dead code: info. The same test stays an error when
-- the script depends on it.

-- INCR always replies a number: EXPIRE runs whatever, as meant.
local n = redis.call('INCR', KEYS[1])
if n ~= nil then -- want:info "n ~= nil is always true"
  redis.call('EXPIRE', KEYS[1], 60)
end

-- HSET never fails by replying nil: the guard is dead, and nothing runs
-- after it that the guard was meant to stop.
if redis.call('HSET', KEYS[2], 'f', ARGV[1]) == nil then -- want:info "is never true"
  return redis.error_reply('hset failed')
end

-- An array reply tested, then only its length is used.
local ids = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[2])
if ids ~= nil then -- want:info "ids ~= nil is always true"
  return #ids
end

-- Errors: the test decides whether to write. SETNX replies 0 when the key
-- is there, and EXPIRE then runs on another client's key.
local got = redis.call('SETNX', KEYS[4], ARGV[1])
if got ~= nil then -- want:error "got ~= nil is always true"
  redis.call('EXPIRE', KEYS[4], 30)
end

-- The dead branch writes: the key is never created.
if redis.call('EXISTS', KEYS[5]) == nil then -- want:error "is never true"
  redis.call('SET', KEYS[5], 0)
end

-- The element of a reply that may be empty is used as if the test had
-- guarded it: ZINCRBY gets nil on an empty set.
local top = redis.call('ZREVRANGE', KEYS[6], 0, 0)
if top ~= nil then -- want:error "top ~= nil is always true"
  redis.call('ZINCRBY', KEYS[6], -1, top[1])
end

-- `== nil` and leave: what follows writes, and an empty list reaches it.
local batch = redis.call('LRANGE', KEYS[7], 0, 9)
if batch == nil then -- want:error "batch == nil is never true"
  return 0
end
redis.call('LTRIM', KEYS[7], #batch, -1)
return batch
