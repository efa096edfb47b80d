-- Acquire with expiry, release only when we own the lock.
if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then
  return redis.call('expire', KEYS[1], ARGV[2])
else
  return 0
end
