x = redis.call('GET', KEYS[1]) -- want "assignment to global x"
return x
