-- A rate limiter that meant to reply three numbers.
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
local ttl = redis.call('PTTL', KEYS[1])
if count > tonumber(ARGV[1]) then
  return 0, count, ttl -- want "returns 3 values"
end

-- A helper's several values stay in Lua: silent.
local function split(s)
  local a, b = string.match(s, '(%w+):(%w+)')
  return a, b
end
local kind, id = split(ARGV[3])

-- unpack of a table expands into the return list.
local res = redis.call('HMGET', KEYS[2], 'a', 'b')
if kind == 'raw' then
  return unpack(res) -- want "expands to every element of res"
end
-- Wrapped in a table constructor, the values stay together: silent.
if kind == 'list' then
  return {unpack(res)}
end
return {1, count, ttl, id}
