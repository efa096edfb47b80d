-- A string compared with a number by an ordering operator.
if tonumber(ARGV[2]) < redis.call('GET', KEYS[1]) then -- want "^comparing redis.call\('GET', KEYS\[1\]\) with tonumber\(ARGV\[2\]\) by < always raises an error — Lua raises 'attempt to compare number with string' whatever the values: redis.call\('GET', KEYS\[1\]\) is the GET reply, a bulk string, and tonumber\(ARGV\[2\]\) is a number; wrap redis.call\('GET', KEYS\[1\]\) in tonumber\(\), with a default for the null reply"
  return {-1, 'not started'}
end

local function argv()
  if ARGV[1] < 10 then -- want "^comparing ARGV\[1\] with 10 by < always raises an error — Lua raises 'attempt to compare string with number' whatever the values: ARGV\[1\] is an ARGV element, always a string, and 10 is a number"
    return 1
  end
  if ARGV[1] > 10 then -- want "'attempt to compare number with string'"
    return 2
  end
  if 0 >= KEYS[1] then -- want "Lua raises 'attempt to compare string with number' whatever the values: .*KEYS\[1\] is a KEYS element, always a string"
    return 3
  end
  return 0
end

-- Through locals.
local function locals()
  local limit = ARGV[1]
  local count = redis.call('INCR', KEYS[1])
  if count > limit then -- want "^comparing limit with count by > always raises an error — Lua raises 'attempt to compare string with number' whatever the values: limit is ARGV\[1\], always a string, and count is the INCR reply, an integer; wrap limit in tonumber\(\)$"
    return 0
  end
  return 1
end

-- Bulk-string replies: GET, HGET, ZSCORE, INCRBYFLOAT.
local function replies()
  local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
  local a = score > 5 -- want "Lua raises 'attempt to compare number with string' whatever the values: .*score is the ZSCORE reply, a bulk string"
  local b = redis.call('INCRBYFLOAT', KEYS[1], '0.5') <= 10 -- want "Lua raises 'attempt to compare string with number' whatever the values: .*.* is the INCRBYFLOAT reply.*tonumber\(\)$"
  local c = redis.call('HGET', KEYS[1], 'n') >= #ARGV -- want "HGET reply"
  return {a, b, c}
end

-- Literals, concatenations, arithmetic, lengths.
local function others()
  local a = '5' < 3 -- want "'5' is a string literal"
  local b = ARGV[1] .. '0' > tonumber(ARGV[2]) * 2 -- want "a string built with \.\."
  local c = #KEYS < ARGV[3] -- want "ARGV\[3\]"
  local d = tostring(redis.call('LLEN', KEYS[1])) > 0 -- want "tostring"
  return {a, b, c, d}
end

-- Silent: string with string, number with number, tonumber (a reply's
-- equality is reply-type-compare's; an argument's is reported, equality.lua).
local function fine()
  local a = ARGV[1] < ARGV[2]
  local b = ARGV[1] < '10'
  local c = tonumber(ARGV[1]) > 0
  local d = #ARGV > 0
  local e = redis.call('INCR', KEYS[1]) > 1
  local f = redis.call('GET', KEYS[1]) == 5
  local g = ARGV[1] == 1 -- want "ARGV\[1\] == 1 is never true"
  local h = redis.call('GET', KEYS[2]) > ARGV[1]
  local limit = tonumber(ARGV[4])
  local i = redis.call('LLEN', KEYS[1]) >= limit
  local j = redis.call('LPOP', KEYS[1]) > 0
  return {a, b, c, d, e, f, g, h, i, j}
end

-- Unknown on some path: no claim.
local function unknown(x)
  local v = ARGV[1]
  if x then
    v = tonumber(v)
  end
  return v > 1, x > ARGV[1]
end

return {argv(), locals(), replies(), others(), fine(), unknown(1)}
