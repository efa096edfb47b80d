package redsync

import "github.com/go-redsync/redsync/v4/redis"

var deleteScript = redis.NewScript(1, `
	if redis.call("GET", KEYS[1]) == ARGV[1] then
		return redis.call("DEL", KEYS[1])
	else
		return 0
	end
`)

var badScript = redis.NewScript(1, `return redis.call("DELL", KEYS[1])`) // want `"DELL" is not a known command`

var pairScript = redis.NewScript(2, `return redis.call("MGET", KEYS[1], KEYS[2])`)

// Conn.Eval runs the script object it is passed: the call-site checks
// follow it to its NewScript and its key count.
func release(c redis.Conn, name, value string) {
	c.Eval(deleteScript, name, value)
	c.Eval(badScript, name)
	c.Eval(deleteScript, name) // want `the script reads ARGV\[1\] on line 6 but Eval passes 0 arguments \(keys-count-mismatch\)`
	c.Eval(pairScript, name)   // want `Eval passes numkeys 2 but only 1 values after it`
	c.Eval(pairScript, name, "b")
}
