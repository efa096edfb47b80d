-- The EXPIRE is the script's reply (issue 14): a TTL that is not an
-- integer fails it after the SETNX, and the key never expires.
if ARGV[3] == 'ms' then
  local ttl = tonumber(ARGV[2]) / 1000
  if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then -- want "key KEYS\[1\] taken with SETNX gets its expiry from the EXPIRE on line 6 — its TTL ttl may not be an integer"
    return redis.call('expire', KEYS[1], ttl)
  end
  return 0
end
if redis.call('setnx', KEYS[2], ARGV[1]) == 1 then -- want "key KEYS\[2\] taken with SETNX gets its expiry from the EXPIRE on line 11 — when that EXPIRE fails"
  return redis.call('expire', KEYS[2], ARGV[2])
end
return 0
