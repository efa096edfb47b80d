-- Reported, but with no fix: the reply may be another number than 0 or 1,
-- so whether > 0, ~= 0 or == n was meant is the author's call.
if redis.call('EXISTS', KEYS[1], KEYS[2]) then
  return 1
end
if redis.call('DEL', KEYS[3]) then
  return 2
end
if redis.call('LLEN', KEYS[4]) then
  return 3
end
-- assert returns its arguments: the result is used.
local n = assert(redis.call('SISMEMBER', KEYS[5], 'm'))
return n
