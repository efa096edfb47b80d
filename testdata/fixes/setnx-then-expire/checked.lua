-- The ways a script shows its TTL above 0 before the SETNX, each fixed.

-- Inside the branch of a test.
local function enclosing()
  local ttl = tonumber(ARGV[2])
  if ttl and ttl > 0 then
    if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then
      redis.call('PEXPIRE', KEYS[1], ttl)
      return 1
    end
  end
  return 0
end

-- An early error for anything below 1, the literal on the left.
local function below_one()
  local ttl = tonumber(ARGV[3])
  if 1 > ttl then
    error('ttl must be at least 1')
  end
  if redis.call('SETNX', KEYS[2], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[2], ttl)
  end
end

-- A floor the script sets itself.
local function at_least_one()
  local ttl = math.max(tonumber(ARGV[4]), 1)
  if redis.call('SETNX', KEYS[3], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[3], ttl)
  end
end

-- The else branch of a test that fails on 0 or less.
local function in_else()
  local ttl = tonumber(ARGV[5])
  if not (ttl > 0) then
    return 'bad ttl'
  else
    if redis.call('SETNX', KEYS[4], ARGV[1]) == 1 then
      redis.call('EXPIRE', KEYS[4], ttl)
    end
  end
end

-- Milliseconds to seconds, at least one second.
local function from_ms()
  local ms = tonumber(ARGV[6])
  if not ms or ms < 1000 then
    return redis.error_reply('ttl below one second')
  end
  local seconds = math.floor(ms / 1000)
  if redis.call('SETNX', KEYS[5], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[5], seconds)
    return 1
  end
  return 0
end

return {enclosing(), below_one(), at_least_one(), in_else(), from_ms()}
