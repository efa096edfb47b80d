# keys-count-mismatch for ARGV at Ruby call sites.
SRC = "return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])"
redis.eval(SRC, keys: [key], argv: [value]) # want "passes 1 argument"
redis.eval(SRC, keys: [key], argv: [value, ttl])
redis.eval(SRC, keys: [key], argv: values)
redis.eval(SRC, [key], [value]) # want "passes 1 argument"
