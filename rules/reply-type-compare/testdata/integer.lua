-- An integer reply is a Lua number: it never equals a string.
if redis.call('EXISTS', KEYS[1]) == '1' then -- want "^redis.call\('EXISTS', KEYS\[1\]\) is an integer reply compared with a string — it is a Lua number, and == never converts a number to a string: redis.call\('EXISTS', KEYS\[1\]\) == '1' is always false; compare with the number: redis.call\('EXISTS', KEYS\[1\]\) == 1$"
  return 1
end
local len = redis.call('LLEN', KEYS[1])
if ARGV[1] == len then -- want "^len \(the LLEN reply\) is an integer reply.*ARGV\[1\] == len is always false; compare with a number: len == tonumber\(ARGV\[1\]\)$"
  return 2
end
if redis.call('SETNX', KEYS[1], 'v') ~= '0' then -- want "is always true; compare with the number"
  return 3
end

-- Right: numbers with numbers.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 4
end
if len == tonumber(ARGV[1]) then
  return 5
end
-- redis.pcall of an integer command compared with a number.
if redis.pcall('INCR', KEYS[1]) == 1 then
  return 6
end
return 0
