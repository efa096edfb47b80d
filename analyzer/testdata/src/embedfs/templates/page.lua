page = redis.call('GETT', KEYS[1])
