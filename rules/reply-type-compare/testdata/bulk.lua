-- A bulk-string reply is a Lua string: it never equals a number.
if redis.call('GET', KEYS[1]) == 10 then -- want "^redis.call\('GET', KEYS\[1\]\) is a bulk-string reply compared with a number — it is a Lua string, and == never converts a string to a number: redis.call\('GET', KEYS\[1\]\) == 10 is always false; compare with the string '10' or convert: tonumber\(redis.call\('GET', KEYS\[1\]\)\) == 10$"
  return 1
end
if 0 ~= redis.call('HGET', KEYS[1], 'f') then -- want "0 ~= redis.call\('HGET', KEYS\[1\], 'f'\) is always true; compare with the string '0'"
  return 2
end

local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
local limit = tonumber(ARGV[2])
if score == limit then -- want "^score \(the ZSCORE reply\) is a bulk-string reply.*score == limit is always false; compare with a string or convert: tonumber\(score\) == limit$"
  return 3
end
if redis.call('INCRBYFLOAT', KEYS[1], 1) == 2 * limit then -- want "INCRBYFLOAT"
  return 4
end
local v = redis.call('GET', KEYS[1])
if v == redis.call('INCR', KEYS[2]) then -- want "^v \(the GET reply\) is a bulk-string reply"
  return 5
end

-- Right: strings with strings, converted values with numbers.
if redis.call('GET', KEYS[1]) == '10' then
  return 6
end
if tonumber(redis.call('GET', KEYS[1])) == 10 then
  return 7
end
if v == ARGV[1] then
  return 8
end
if v == false then
  return 9
end
local n = tonumber(v)
if n == 10 then
  return 10
end
-- Elements of a reply: nothing known of their types.
if redis.call('HMGET', KEYS[1], 'a')[1] == 1 then
  return 11
end
return 0
