-- The seed pitfall in its plainest form: SETNX or SET NX with no expiry
-- anywhere in the script, whose reply gates the rest of it. Nothing names a
-- lock, but a run that finds the key writes nothing: a once-only guard that
-- lets only the first run through, forever.

-- Count an event once per id (the articles' idempotency token, without its
-- EXPIRE).
local function count_once()
  if redis.call('SETNX', KEYS[1], '1') == 1 then -- want:warning "KEYS\[1\] taken with SETNX gates the rest of the script and never expires \(TTL -1\)"
    redis.call('INCR', KEYS[2])
    return 1
  end
  return 0
end

-- SET NX whose failure returns early.
local function acquire_then_work()
  local ok = redis.call('SET', KEYS[3], ARGV[1], 'NX') -- want:warning "KEYS\[3\] set with NX gates the rest of the script"
  if not ok then
    return 0
  end
  redis.call('HINCRBY', KEYS[4], 'jobs', 1)
  redis.call('LPUSH', KEYS[5], ARGV[2])
  return 1
end

-- The negated test, and through tonumber.
local function negated()
  if tonumber(redis.call('setnx', KEYS[6], ARGV[1])) == 0 then -- want:warning "KEYS\[6\] taken with SETNX gates"
    return 'dup'
  end
  redis.call('RPUSH', KEYS[7], ARGV[1])
  return 'ok'
end

-- Names say owner or token: a holder, so a lock.
local function owner_named()
  local owner = ARGV[1]
  return redis.call('SET', KEYS[8], owner, 'NX') -- want:warning "lock KEYS\[8\] set with NX has no EX/PX"
end
local function token_key()
  return redis.call('SETNX', 'idem:token:' .. ARGV[1], 1) -- want:warning "lock 'idem:token:' .. ARGV\[1\] taken with SETNX never expires"
end

-- Released (DEL) on another branch: a lock, whatever its value.
local function release_elsewhere()
  if ARGV[1] == 'take' then
    return redis.call('SETNX', KEYS[9], 1) -- want:warning "lock KEYS\[9\] taken with SETNX"
  end
  return redis.call('DEL', KEYS[9])
end

-- A failed attempt raises: error() on the failed branch, or assert.
local function raises()
  if redis.call('SETNX', KEYS[10], 1) == 0 then -- want:warning "KEYS\[10\] taken with SETNX gates the rest"
    error('duplicate request')
  end
  redis.call('INCRBY', KEYS[11], ARGV[1])
  local ok = redis.call('SET', KEYS[12], ARGV[2], 'NX') -- want:warning "KEYS\[12\] set with NX gates the rest"
  assert(ok, 'busy')
  redis.call('RPUSH', KEYS[13], ARGV[2])
end

return {count_once(), acquire_then_work(), negated(), owner_named(), token_key(), release_elsewhere(), raises()}
