draft = redis.call('GETT', KEYS[1])
