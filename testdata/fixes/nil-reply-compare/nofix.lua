-- Reported, but with no fix: the intent is not the null test.
local r = redis.pcall('GET', KEYS[1])
if r == nil then -- an error table is truthy too: `not r` would change the error path
  return 0
end
local list = redis.call('LRANGE', KEYS[2], 0, -1)
if list == nil then -- an array is never null: empty or not?
  return 1
end
local n = redis.call('INCR', KEYS[3])
if n ~= nil then -- an integer
  return n
end
-- A suppressed finding is not fixed.
local s = redis.call('GET', KEYS[4])
if s == nil then -- lint-lua: ignore nil-reply-compare -- kept on purpose in this test
  return 2
end
