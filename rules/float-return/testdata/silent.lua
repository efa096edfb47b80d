-- Integers, strings, rounded values, and what a helper returns.
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
local total = tonumber(ARGV[2])

-- A helper's return stays in Lua unless the script returns it.
local function ratio(a, b)
  return a / b
end
local r = ratio(used, total)
local function floored(a, b)
  if b == 0 then
    return 0
  end
  return a / b
end

if ARGV[3] == 'floor' then
  return math.floor(used / total)
elseif ARGV[3] == 'string' then
  return tostring(used / total)
elseif ARGV[3] == 'double' then
  return {double = used / total}
elseif ARGV[3] == 'int' then
  return 10
elseif ARGV[3] == 'len' then
  return #redis.call('LRANGE', KEYS[1], 0, 9)
elseif ARGV[3] == 'arith' then
  return used + 1
elseif ARGV[3] == 'const' then
  return 10 / 2
elseif ARGV[3] == 'intdiv' then
  return (used - used % 4) / 4
elseif ARGV[3] == 'pow' then
  return 2 ^ 3
elseif ARGV[3] == 'second' then
  -- Redis takes the first returned value only.
  return 1, used / total
elseif ARGV[3] == 'format' then
  return string.format('%.2f', used / total)
end

-- A local rounded after the division, or assigned an integer on some path.
local avg = used / total
avg = math.floor(avg)
local maybe = 0
if ARGV[4] then
  maybe = used / 2
end
if ARGV[5] then
  return avg
end
-- A fraction dropped with % 1, and a quotient scaled by a multiple of its
-- divisor: integers.
local half = used / 2
if ARGV[6] then
  return half - half % 1
end
if ARGV[7] then
  return used / 2 * 1000
end
return {maybe, floored(used, total), math.floor(r), used * 2, -used}
