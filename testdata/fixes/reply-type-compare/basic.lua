-- SET NX replies a status table or false: compared with 'OK' it asks
-- whether the key was set.
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10) == 'OK' then
  return 1
end
local ok = redis.call('SET', KEYS[2], ARGV[1], 'XX')
if ok ~= 'OK' then
  return 0
end
local set = redis.call('SET', KEYS[3], ARGV[1], 'NX', 'PX', 100) == 'OK'

-- A status reply that is never null: its ok field holds the string.
if redis.call('TYPE', KEYS[4]) == 'hash' then
  return 2
end
if 'OK' ~= redis.call('SET', KEYS[5], 'v') then
  return 3
end
return set
