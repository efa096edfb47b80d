-- EXISTS of one key and 0-or-1 replies tested for truth.
if redis.call('EXISTS', KEYS[1]) then
  return 1
end
local present = redis.call('EXISTS', KEYS[2])
if not present then
  return 2
end
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) and ARGV[2] == 'x' then
  return 3
end
local label = redis.call('HEXISTS', KEYS[4], 'f') and 'yes' or 'no'
assert(redis.call('EXPIRE', KEYS[5], 10))
while not redis.call('HSETNX', KEYS[6], 'f', 1) do
  break
end
local both = true == not redis.call('EXISTS', KEYS[7])
-- No space before then: the fix keeps `1` and `then` apart.
if redis.call('EXISTS', KEYS[8])then return 8 end
return {label, both}
