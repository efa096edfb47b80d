-- One script that acquires on one branch and releases on the other.
if ARGV[1] == 'lock' then
  return redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[3])
elseif ARGV[1] == 'unlock' then
  return redis.call('DEL', KEYS[1]) -- want "DEL deletes lock KEYS\[1\] \(taken with SET on line 3\) without checking.*GET"
elseif ARGV[1] == 'unlink' then
  local lock = KEYS[1]
  return redis.call('UNLINK', lock) -- want "UNLINK deletes lock lock"
elseif ARGV[1] == 'checked' then
  -- The owner check, directly, through a local, and as an early return.
  if redis.call('GET', KEYS[1]) == ARGV[2] then
    return redis.call('DEL', KEYS[1])
  end
  return 0
elseif ARGV[1] == 'checked-local' then
  local holder = redis.call('GET', KEYS[1])
  if ARGV[2] ~= holder then
    return 0
  end
  return redis.call('DEL', KEYS[1])
elseif ARGV[1] == 'checked-and' then
  return redis.call('GET', KEYS[1]) == ARGV[2] and redis.call('DEL', KEYS[1])
elseif ARGV[1] == 'getdel' then
  -- GETDEL deletes before anything is compared.
  if redis.call('GETDEL', KEYS[1]) == ARGV[2] then -- want "GETDEL deletes lock KEYS\[1\]"
    return 1
  end
  return 0
end
-- Another key, never taken with NX here: not a lock of this file.
return redis.call('DEL', KEYS[2])
