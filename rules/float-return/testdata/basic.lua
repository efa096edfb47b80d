-- A non-integer number returned to Redis is truncated toward zero.
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
local total = tonumber(ARGV[2])
if ARGV[3] == 'literal' then
  return 3.99 -- want "^the script returns 3.99, which may not be an integer — 3.99 is a number with a fraction; Redis truncates a returned Lua number toward zero \(3.99 becomes 3; inf, NaN and out-of-range values become -9223372036854775808\); return tostring\(3.99\) or \{double = 3.99\}, or math.floor it if an integer is meant$"
elseif ARGV[3] == 'negative' then
  return -2.5 -- want "the script returns -2.5, which may not be an integer — -2.5 is a number with a fraction"
elseif ARGV[3] == 'ratio' then
  return used / total -- want "^the script returns used / total, which may not be an integer — used / total is a division, which may have a fraction; .*return tostring\(used / total\)"
elseif ARGV[3] == 'table' then
  return {used, used / 2, 'x'} -- want "^the script returns a table holding used / 2, which may not be an integer — used / 2 is a division"
elseif ARGV[3] == 'nested' then
  return {1, {0.5}} -- want "table holding 0.5"
elseif ARGV[3] == 'factor' then
  return tonumber(ARGV[1]) * 1.5 -- want "a number with a fractional operand \(1.5\)"
elseif ARGV[3] == 'huge' then
  return 1e20 -- want "1e20 is a number beyond the 64-bit integer range"
elseif ARGV[3] == 'inf' then
  return 1 / 0 -- want "1 / 0 is a number beyond the 64-bit integer range"
elseif ARGV[3] == 'random' then
  return math.random() -- want "math.random\(\), a number between 0 and 1"
end

-- Through locals: every value they are assigned may have a fraction.
local avg = used / total
if ARGV[4] then
  return avg -- want "^the script returns avg, which may not be an integer — avg is a local that holds a division \(used / total\)"
end
local pct = avg * 100
local scaled = pct
scaled = scaled + 0.5
if ARGV[5] then
  return scaled -- want "the script returns scaled, which may not be an integer — scaled is a local that holds avg \* 100, arithmetic on a number that may have a fraction"
end
local function ratio(a, b)
  return a / b
end
if ARGV[7] then
  local r = ratio(used, total)
  return r -- want "the script returns r, which may not be an integer — r is a local that holds ratio\(used, total\), a number that may have a fraction \(ratio returns a / b\)"
end
-- A quotient is reported one level lower: truncating it is integer division.
if ARGV[10] then
  return used / 1000 * 3 -- want "arithmetic on a number that may have a fraction"
end
if ARGV[11] then
  return (used - used % 1) / 3 -- want "a division, which may have a fraction"
end
if ARGV[9] then
  return used / 1000 -- want "a division, which may have a fraction; .*\(truncating a quotient is integer division, which may be what is meant\)$"
end
return ARGV[6] and avg + 1 or 0 -- want "the script returns ARGV\[6\] and avg \+ 1 or 0, which may not be an integer — ARGV\[6\] and avg \+ 1 or 0 is arithmetic on a number that may have a fraction"
