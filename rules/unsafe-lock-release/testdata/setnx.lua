local ok = redis.call('SETNX', KEYS[1], ARGV[1])
if ok == 0 then
  if redis.call('GET', KEYS[1]) == ARGV[1] then
    -- Re-entrant: the lock is ours already.
    redis.call('DEL', KEYS[1])
    return 2
  end
  return 0
end
redis.call('EXPIRE', KEYS[1], 10)
redis.call('DEL', KEYS[1])
return 1
