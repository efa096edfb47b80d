return redis.call('GETT', KEYS[1])
