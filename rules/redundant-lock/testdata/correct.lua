-- Locks that outlive the script, or releases of locks taken elsewhere: silent.

local function cross_call_lock()
  if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
    return 1
  end
  return 0
end

local function kept_on_success_released_on_failure()
  if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
    if redis.call('EXISTS', KEYS[3]) == 0 then
      redis.call('DEL', KEYS[2])
      return 0
    end
    return 1
  end
  return 0
end

local function released_on_some_paths()
  redis.call('SETNX', KEYS[4], ARGV[1])
  redis.call('EXPIRE', KEYS[4], 10)
  if ARGV[3] == 'now' then
    redis.call('DEL', KEYS[4])
  end
  return 1
end

local function other_key_deleted()
  if redis.call('SETNX', KEYS[5], 1) == 1 then
    redis.call('EXPIRE', KEYS[5], 30)
    redis.call('DEL', KEYS[6])
    return 1
  end
  return 0
end

local function owner_check_unlock()
  if redis.call('get', KEYS[7]) == ARGV[1] then
    return redis.call('del', KEYS[7])
  end
  return 0
end

local function helper_key(k)
  -- the key is whatever the caller passes: no claim about which DEL frees it
  if redis.call('SET', k, 1, 'NX', 'EX', 5) then
    redis.call('DEL', KEYS[8])
    return 1
  end
  return 0
end
