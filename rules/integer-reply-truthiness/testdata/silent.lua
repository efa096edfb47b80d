-- Integer replies compared with numbers.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 1
end
if redis.call('SETNX', KEYS[1], ARGV[1]) == 0 then
  return 2
end
local len = redis.call('LLEN', KEYS[1])
if len > 0 and redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then
  return 3
end
local isNew = redis.call('SADD', KEYS[2], ARGV[1]) == 1
if isNew then
  return 4
end

-- SET ... NX replies OK or null (false): its truthiness is right.
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10) then
  return 5
end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  return 6
end
-- Bulk replies may be null (false): their truthiness is right.
local v = redis.call('GET', KEYS[1])
if v and redis.call('HGET', KEYS[1], 'f') then
  return 7
end
while redis.call('LPOP', KEYS[1]) do
end

-- A default for an integer reply is dead but harmless; the value is used.
local count = redis.call('INCR', KEYS[1]) or 0
-- redis.pcall may reply an error table: not an integer only.
local r = redis.pcall('DEL', KEYS[1])
if r then
  return count
end
-- An integer reply used as a value, not a condition.
return redis.call('EXISTS', KEYS[1]) == 1 and 'yes' or redis.call('DEL', KEYS[1])
