package positions

const prefix = "local p = 1\n"

const suffix = "\n" + `return redis.call('OTHERFILE', KEYS[1])`
