-- Without --unsafe-fixes the lock is left as it is.
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call('INCR', KEYS[2])
  return 1
end
return 0
