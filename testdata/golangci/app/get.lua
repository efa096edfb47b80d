-- get a key
return redis.call('GETT', KEYS[1])
