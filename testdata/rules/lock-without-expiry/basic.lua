-- Keys taken with SETNX or SET NX that nothing gives a time to live.
local function setnx_alone()
  if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then -- want "key KEYS\[1\] taken with SETNX never expires \(TTL -1\)"
    return 1
  end
  return 0
end

local function set_nx_alone()
  return redis.call('SET', KEYS[2], ARGV[1], 'NX') -- want "key KEYS\[2\] set with NX has no EX/PX"
end

local function lower_case_alias()
  local call = redis.call
  local key = KEYS[3]
  return call('set', key, 1, 'nx') -- want "key key set with NX"
end

local function keepttl()
  -- With NX the key was missing: there is no TTL to keep.
  return redis.call('SET', KEYS[4], 1, 'NX', 'KEEPTTL') -- want "NX KEEPTTL never expires"
end

local function expire_of_another_key()
  redis.call('SETNX', KEYS[5], 1) -- want "KEYS\[5\] taken with SETNX"
  redis.call('EXPIRE', KEYS[6], 10)
end

local function expire_before_setnx()
  redis.call('EXPIRE', 'lock:a', 10)
  redis.call('SETNX', 'lock:a', 1) -- want "'lock:a' taken with SETNX"
end
