local LOCKED = 'locked'
if ARGV[1] == 'lock' then
  return redis.call('SETNX', KEYS[1], LOCKED) -- want "constant value LOCKED"
elseif ARGV[1] == 'number' then
  return redis.call('SETNX', KEYS[1], 1) -- want "constant value 1"
elseif ARGV[1] == 'token' then
  return redis.call('SETNX', KEYS[1], ARGV[2])
end
return redis.call('DEL', KEYS[1])
