-- The TTL as a call in the last place of EXPIRE: tonumber, math.floor and the
-- other library functions that return one value add one argument, so the
-- EXPIRE is known and the pair is reported as with a plain ARGV[2].
local function tonumber_ttl()
  if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then -- want "key KEYS\[1\] taken with SETNX gets its expiry from the EXPIRE on line 6"
    redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
    return 1
  end
  return 0
end

local function floor_ttl()
  if redis.call('SETNX', KEYS[2], ARGV[1]) == 1 then -- want "key KEYS\[2\] taken with SETNX gets its expiry from the EXPIRE on line 14"
    redis.call('PEXPIRE', KEYS[2], math.floor(tonumber(ARGV[2]) * 1000))
    return 1
  end
  return 0
end

-- SET NX EX with the TTL as a call: nothing to report.
local function set_nx_ex()
  return redis.call('SET', KEYS[3], ARGV[1], 'NX', 'EX', tonumber(ARGV[2]))
end

return { tonumber_ttl(), floor_ttl(), set_nx_ex() }
