-- Two strings that hold numbers, ordered as text (imi's worker limiter):
-- '2' >= '10' is true, so the limiter refuses the third holder of ten.
local name = KEYS[1]
local max = ARGV[1]
local num = redis.call('GET', name)
if num ~= false and num >= max then -- want "^num >= max orders two strings that hold numbers as text — num is the GET reply of a counter the script INCRs, and max is ARGV\[1\], always a string: Lua compares two strings byte by byte, so '2' >= '10' and '9' > '10' are true; convert both: tonumber\(num\) >= tonumber\(max\)$"
  return false
end
redis.call('INCR', name)

-- A hash field the script HINCRBYs, a double reply, either order.
local used = redis.call('HGET', KEYS[2], 'used')
if ARGV[2] < used then -- want "ARGV\[2\] < used orders two strings that hold numbers as text — used is the HGET reply of a counter the script HINCRBYs"
  return 0
end
redis.call('HINCRBY', KEYS[2], 'used', 1)
if redis.call('ZSCORE', KEYS[3], ARGV[3]) > ARGV[4] then -- want "the ZSCORE reply, a number sent as a string"
  return 0
end

-- Right: converted; a literal bound ('-' sorts before the digits); two
-- strings nothing says are numbers; another field than the counter's;
-- a key the script only reads.
if tonumber(num) >= tonumber(max) then
  return 1
end
if num < '0' then
  redis.call('DEL', name)
end
if ARGV[1] < ARGV[2] then
  return 2
end
local label = redis.call('HGET', KEYS[2], 'label')
if label > ARGV[2] then
  return 3
end
local other = redis.call('GET', KEYS[4])
if other >= max then
  return 4
end
return 5
