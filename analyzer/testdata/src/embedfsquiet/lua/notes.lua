notes = redis.call('GETT', KEYS[1])
