-- Times computed by division: most numbers give a fraction, and Redis
-- refuses it after the earlier writes.

-- A rate limiter window the caller sends in milliseconds.
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('EXPIRE', KEYS[1], ARGV[1] / 1000) -- want:error "the time ARGV\[1\] / 1000 given to EXPIRE may not be an integer — it is a division, which may have a fraction; EXPIRE refuses a number with a fraction \('ERR value is not an integer or out of range'\), after the writes from line 5, which are not rolled back: round it with math.floor or math.ceil"
end

-- Half the lock's time, through a local.
local ttl = tonumber(ARGV[2])
local half = ttl / 2
redis.call('SET', KEYS[2], ARGV[3], 'PX', half) -- want:error "the time half given to SET may not be an integer — it is a local that holds a division \(ttl / 2\)"
redis.call('SETEX', KEYS[3], ttl * 0.9, ARGV[3]) -- want:error "the time ttl \* 0.9 given to SETEX .*a fractional operand \(0.9\)"
local left = redis.call('PTTL', KEYS[4])
redis.call('PEXPIREAT', KEYS[5], tonumber(redis.call('TIME')[1]) * 1000 + left / 3) -- want:error "given to PEXPIREAT may not be an integer"
redis.call('SET', KEYS[6], 1, 'EXAT', ARGV[4] / 1000) -- want:error "given to SET may not be an integer"

-- Rounded, exact by construction, or scaled back to an integer: silent.
redis.call('EXPIRE', KEYS[1], math.floor(ARGV[1] / 1000))
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[1]) / 1000))
local secs = ARGV[1] / 1000
secs = secs - secs % 1
redis.call('EXPIRE', KEYS[1], secs)
local q = ttl / 2
redis.call('PEXPIRE', KEYS[2], q - q % 1)
redis.call('EXPIRE', KEYS[1], 3600 / 2)
redis.call('EXPIRE', KEYS[1], 24 * 60 * 60)
redis.call('PEXPIRE', KEYS[2], ttl / 2 * 1000)
local secs_asked = ttl / 1000
redis.call('PEXPIRE', KEYS[2], secs_asked * 1000)
redis.call('PEXPIRE', KEYS[2], secs_asked * 10) -- want:error "the time secs_asked \* 10 given to PEXPIRE"
redis.call('SET', KEYS[6], 1, 'EX', ttl)
local v = redis.call('GETEX', KEYS[7], 'EX', ttl / 2) -- want:error "the time ttl / 2 given to GETEX"
return v
