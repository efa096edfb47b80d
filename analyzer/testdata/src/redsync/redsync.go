package redsync

import "github.com/go-redsync/redsync/v4/redis"

var deleteScript = redis.NewScript(1, `
	if redis.call("GET", KEYS[1]) == ARGV[1] then
		return redis.call("DEL", KEYS[1])
	else
		return 0
	end
`)

var badScript = redis.NewScript(1, `return redis.call("DEL", "lock")`) // want `key "lock" of DEL is a literal, not from KEYS`

func release(c redis.Conn, name, value string) {
	c.Eval(deleteScript, name, value)
	c.Eval(badScript, name)
}
