-- The right tests, and values that may really be nil.
local v = redis.call('HGET', KEYS[1], 'count')
if not v then
  return 0
end
if v == false then
  return 0
end
if v ~= false then
  return 1
end

-- tonumber of a null reply is nil.
local n = tonumber(redis.call('GET', KEYS[1]))
if n == nil then
  return 2
end
if tonumber(redis.call('HGET', KEYS[1], 'f')) == nil then
  return 3
end

-- An element of an array reply may be nil (past the end).
local list = redis.call('LRANGE', KEYS[1], 0, 9)
if list[1] == nil then
  return 4
end
if redis.call('HMGET', KEYS[1], 'a')[1] == nil then
  return 5
end

-- A local that may hold nil on some path.
local w
if ARGV[1] then
  w = redis.call('GET', KEYS[1])
end
if w == nil then
  return 6
end
local d = redis.call('GET', KEYS[1]) or nil
if d == nil then
  return 7
end

-- ARGV, a decoded value, a dynamic command: nothing known.
if ARGV[2] == nil then
  return 8
end
local obj = cjson.decode(redis.call('GET', KEYS[1]))
if obj == nil then
  return 9
end
if redis.call(ARGV[3], KEYS[1]) == nil then
  return 10
end
-- Beside the same test with false, the nil test is redundant, not wrong.
local q = redis.call('HGET', KEYS[1], 'queue')
if q == nil or q == false then
  return 13
end
local o = redis.call('LPOP', KEYS[2])
if o ~= nil and o ~= false then
  return o
end
-- Compared with something else than nil.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return 11
end
return 12
