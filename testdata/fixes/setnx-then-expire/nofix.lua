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

return {unconditional(), reply_used_again(), ttl_from_a_call(), ttl_is_the_reply()}
