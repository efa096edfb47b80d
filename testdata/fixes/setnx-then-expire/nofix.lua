-- Reported, but with no fix.
local function unconditional()
  -- The EXPIRE runs even when the key was there: SET NX EX would not
  -- extend it, which changes what this script does.
  redis.call('SETNX', KEYS[1], ARGV[1])
  redis.call('EXPIRE', KEYS[1], 10)
end

local function reply_used_again()
  local got = redis.call('SETNX', KEYS[2], ARGV[1])
  if got == 1 then
    redis.call('EXPIRE', KEYS[2], 10)
  end
  return got -- SET NX EX would reply a table or false here, not 1 or 0
end

local function ttl_from_a_call()
  if redis.call('SETNX', KEYS[3], ARGV[1]) == 1 then
    -- Reading the TTL from Redis before the SETNX could see another state.
    redis.call('EXPIRE', KEYS[3], redis.call('GET', KEYS[4]))
  end
end

local function ttl_is_the_reply()
  local got = redis.call('SETNX', KEYS[5], ARGV[1])
  if got == 1 then
    redis.call('EXPIRE', KEYS[5], got)
  end
end


-- Reported, with no fix: the script does not show the TTL above 0. With 0
-- or less, EXPIRE deletes the key just set and the script goes on; SET ...
-- NX EX would fail with 'invalid expire time' (issue 25).
local function ttl_from_the_caller()
  if redis.call('SETNX', KEYS[6], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[6], ARGV[2])
  end
end

local function ttl_checked_not_negative()
  local ttl = tonumber(ARGV[2])
  if ttl < 0 then
    return 'bad ttl' -- 0 passes
  end
  if redis.call('SETNX', KEYS[7], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[7], ttl)
  end
end

local function check_does_not_leave()
  local ttl = tonumber(ARGV[2])
  if ttl <= 0 then
    redis.log(redis.LOG_WARNING, 'bad ttl')
  end
  if redis.call('SETNX', KEYS[8], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[8], ttl)
  end
end

local function ttl_reassigned()
  local ttl = tonumber(ARGV[2])
  if not ttl or ttl <= 0 then
    return 'bad ttl'
  end
  ttl = ttl - 1000
  if redis.call('SETNX', KEYS[9], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[9], ttl)
  end
end

local function floor_of_a_quotient()
  local ttl = tonumber(ARGV[2])
  if not ttl or ttl <= 0 then
    return 'bad ttl'
  end
  local seconds = math.floor(ttl / 1000) -- 0 below 1000
  if redis.call('SETNX', KEYS[10], ARGV[1]) == 1 then
    redis.call('EXPIRE', KEYS[10], seconds)
  end
end

return {ttl_from_the_caller(), ttl_checked_not_negative(), check_does_not_leave(), ttl_reassigned(), floor_of_a_quotient()}
