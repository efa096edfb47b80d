-- A rate limiter's TTL computed from the caller's burst and rate.
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local ttl = math.floor(burst / rate) * 2
redis.call('SETEX', KEYS[1], ttl, 1) -- want "TTL ttl of SETEX can be 0 or less — math.floor\(burst / rate\) is 0 when the quotient is below 1"
redis.call('SET', KEYS[2], 1, 'EX', tonumber(ARGV[3]) - tonumber(ARGV[4])) -- want "of SET can be 0 or less — tonumber\(ARGV\[3\]\) - tonumber\(ARGV\[4\]\) is 0 or less"
redis.call('EXPIRE', KEYS[3], redis.call('LLEN', KEYS[4]) * 10) -- want "LLEN replies 0 for a missing or empty key; EXPIRE deletes the key at once"

-- Silent: the caller's own TTL, a ceiling, a clamp, a check, literals.
redis.call('SETEX', KEYS[1], tonumber(ARGV[5]), 1)
redis.call('SETEX', KEYS[1], math.ceil(burst / rate), 1)
redis.call('SETEX', KEYS[1], math.max(ttl, 1), 1)
local left = tonumber(ARGV[6]) - tonumber(ARGV[7])
if left > 0 then
  redis.call('PEXPIRE', KEYS[5], left)
end
redis.call('SET', KEYS[6], 1, 'PX', 1000)
redis.call('SETEX', KEYS[7], burst * 60, 1)
