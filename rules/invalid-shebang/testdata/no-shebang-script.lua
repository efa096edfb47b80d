-- A plain EVAL script without a header: silent.
return redis.call('GET', KEYS[1])
