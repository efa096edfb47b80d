package positions

const prefix = "local p = 1\n"

const suffix = "\n" + `return redis.call('RPUSHH', KEYS[1])`
