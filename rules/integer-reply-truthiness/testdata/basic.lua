-- An integer reply is a number, and 0 is true in Lua.
if redis.call('EXISTS', KEYS[1]) then -- want "^the EXISTS reply is an integer, true in Lua even when 0 — every number is true in Lua, so this test always passes; test redis.call\('EXISTS', KEYS\[1\]\) == 1$"
  return 1
end
if not redis.call('SISMEMBER', KEYS[1], ARGV[1]) then -- want "^the SISMEMBER reply is an integer, true in Lua even when 0 — .*not redis.call\('SISMEMBER', KEYS\[1\], ARGV\[1\]\) is always false; test .* == 0$"
  return 2
end

-- Through locals and an alias.
local acquired = redis.call('SETNX', KEYS[1], ARGV[1])
-- want +1 "^acquired holds the SETNX reply, which is an integer, true in Lua even when 0 — .*this test always passes; test acquired == 1$"
if acquired then
  redis.call('EXPIRE', KEYS[1], 10)
end
local call = redis.call
local set = call('HSETNX', KEYS[1], 'f', ARGV[1])
local copy = set
if ARGV[2] == 'x' and copy then -- want "^copy holds the HSETNX reply"
  return 3
elseif call('EXPIRE', KEYS[1], 10) then -- want "the EXPIRE reply"
  return 4
end

-- assert, and ... or ..., loops.
assert(redis.call('DEL', KEYS[1])) -- want "^the DEL reply is an integer, true in Lua even when 0 — .*assert never fails on it; assert\(redis.call\('DEL', KEYS\[1\]\) > 0\)$"
local label = redis.call('EXISTS', KEYS[2]) and 'yes' or 'no' -- want "redis.call\('EXISTS', KEYS\[2\]\) and ... always goes on to its right side"
while redis.call('LLEN', KEYS[1]) do -- want "the LLEN reply.*test redis.call\('LLEN', KEYS\[1\]\) > 0"
  redis.call('LPOP', KEYS[1])
end
repeat
  redis.call('RPOP', KEYS[1])
until not redis.call('LLEN', KEYS[1]) -- want "not redis.call\('LLEN', KEYS\[1\]\) is always false"
if redis.call('EXISTS', KEYS[1]) or redis.call('EXISTS', KEYS[2]) then -- want "redis.call\('EXISTS', KEYS\[1\]\) == 1" "redis.call\('EXISTS', KEYS\[2\]\) == 1"
  return 5
end
local n = tonumber(redis.call('SCARD', KEYS[1]))
if n then -- want "n holds the SCARD reply"
  return 6
end

-- In a helper.
local function has(key)
  if redis.call('EXISTS', key) then -- want "the EXISTS reply"
    return true
  end
  return false
end
return {label, has(KEYS[1])}
