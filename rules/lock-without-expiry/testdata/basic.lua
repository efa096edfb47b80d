-- Locks taken with SETNX or SET NX that nothing gives a time to live. Each
-- shows it is a lock: an owner token the release compares, or its name.

-- An acquire/release script: the token from ARGV is compared on release,
-- and the DEL on the other branch does not run after the SETNX.
if ARGV[1] == 'acquire' then
  if redis.call('SETNX', KEYS[1], ARGV[2]) == 1 then -- want "lock KEYS\[1\] taken with SETNX never expires \(TTL -1\)"
    return 1
  end
  return 0
elseif ARGV[1] == 'release' then
  if redis.call('GET', KEYS[1]) == ARGV[2] then
    return redis.call('DEL', KEYS[1])
  end
  return 0
end

local function set_nx_alone()
  local lock_key = 'lock:' .. KEYS[2]
  return redis.call('SET', lock_key, ARGV[2], 'NX') -- want "lock lock_key set with NX has no EX/PX"
end

local function lower_case_alias()
  local call = redis.call
  local mutex = KEYS[3]
  return call('set', mutex, 1, 'nx') -- want "lock mutex set with NX"
end

local function keepttl()
  -- With NX the key was missing: there is no TTL to keep.
  return redis.call('SET', KEYS[4] .. ':lease', 1, 'NX', 'KEEPTTL') -- want "NX KEEPTTL never expires"
end

local function expire_of_another_key()
  local locked = redis.call('SETNX', KEYS[5], 1) -- want "lock KEYS\[5\] taken with SETNX"
  redis.call('EXPIRE', KEYS[6], 10)
  return locked
end

local function expire_before_setnx()
  redis.call('EXPIRE', 'lock:a', 10)
  redis.call('SETNX', 'lock:a', 1) -- want "'lock:a' taken with SETNX"
end

-- The value's local says what it is.
local function walrus_like()
  local lock_id = ARGV[3]
  return redis.call('setnx', KEYS[7], lock_id) -- want "lock KEYS\[7\] taken with SETNX"
end
