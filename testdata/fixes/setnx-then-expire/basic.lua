-- The lock is taken, then given its expiry in the branch that took it;
-- the TTL was checked above 0 first (with 0 or less SET ... EX would fail
-- where EXPIRE deleted the key: no fix then, see nofix.lua).
local function direct()
  local ttl = tonumber(ARGV[2])
  if not ttl or ttl <= 0 then
    return redis.error_reply('bad ttl')
  end
  if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[1], ttl)
    return 1
  end
  return 0
end

-- Through a local used only in the test; PEXPIRE becomes PX. The
-- assert shows the TTL's factor above 0.
local function through_local()
  assert(tonumber(ARGV[3]) > 0, 'bad ttl')
  local key = KEYS[2]
  local got = redis.call('setnx', key, ARGV[1])
  if got == 1 then
    redis.call('pexpire', key, tonumber(ARGV[3]) * 1000)
  end
end

-- An early return when the key was not taken, then the EXPIRE.
local function early_return()
  if redis.call("SETNX", KEYS[3], ARGV[1]) == 0 then
    return 0
  end
  redis.call("EXPIRE", KEYS[3], 30);
  return 1
end

-- ~= 0 is the same test as == 1.
local function not_zero()
  if 0 ~= redis.call('SETNX', KEYS[4], 'x') then
    redis.call('EXPIRE', KEYS[4], 5)
  else
    return 'busy'
  end
end

-- The EXPIRE is all the branch does: the SET alone stays.
local function only_expire()
  if redis.call('SETNX', KEYS[5], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[5], 10)
  end
  return 'done'
end

return {direct(), through_local(), early_return(), not_zero(), only_expire()}
