local n = redis.call('INCR', KEYS[1])
total = n -- want "assignment to global total"
return n
