-- Not reported.
local function set_nx_ex()
  if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10) then
    return 1
  end
end

local function expire_of_another_key()
  if redis.call('SETNX', KEYS[2], 1) == 1 then
    redis.call('EXPIRE', KEYS[3], 10)
  end
end

local function refresh_when_held()
  -- The EXPIRE runs when the key was NOT taken: a refresh, not the
  -- lock's expiry.
  if redis.call('SETNX', KEYS[4], 1) == 0 then
    redis.call('EXPIRE', KEYS[4], 10)
  end
end

local function expire_not_first()
  if redis.call('SETNX', KEYS[5], 1) == 1 then
    redis.call('INCR', KEYS[6])
    redis.call('EXPIRE', KEYS[5], 10)
  end
end

local function pcall_setnx()
  if redis.pcall('SETNX', KEYS[7], 1) == 1 then
    redis.call('EXPIRE', KEYS[7], 10)
  end
end

local function expire_with_option()
  if redis.call('SETNX', KEYS[8], 1) == 1 then
    redis.call('EXPIRE', KEYS[8], 10, 'NX')
  end
end

local function set_nx_with_expiry()
  if redis.call('SET', KEYS[9], 1, 'NX', 'PX', ARGV[1]) then
    redis.call('PEXPIRE', KEYS[9], ARGV[1])
  end
end

local function reply_read_before_expire()
  -- The EXPIRE runs only when the key was taken: a local read in between
  -- is a test, the conditional form (here with a literal TTL and a
  -- statement in between, which keeps it from being reported).
  local got = redis.call('SETNX', KEYS[10], 1)
  if got == 0 then
    return 0
  end
  redis.call('INCR', KEYS[11])
  redis.call('EXPIRE', KEYS[10], 10)
end

local function returned_other_key()
  if redis.call('setnx', KEYS[12], 1) == 1 then
    return redis.call('expire', KEYS[13], ARGV[1])
  end
end
