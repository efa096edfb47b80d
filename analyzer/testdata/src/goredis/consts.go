package goredis

const fromOtherFile = `return redis.call("GETT", KEYS[1])` // want `"GETT" is not a known command`

const goodOtherFile = `return redis.call("GET", KEYS[1])`
