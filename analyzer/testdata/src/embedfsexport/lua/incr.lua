local n = redis.call('INCR', KEYS[1])
total = n
return n
