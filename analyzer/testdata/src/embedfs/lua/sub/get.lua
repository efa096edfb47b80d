return redis.call('GETT', KEYS[1]) -- want "\"GETT\" is not a known command"
