package redigo

import (
	"context"

	"github.com/gomodule/redigo/redis"
)

var bad = redis.NewScript(1, `return redis.call("GETT", KEYS[1])`) // want `"GETT" is not a known command`

var good = redis.NewScript(1, `return redis.call("GET", KEYS[1])`)

func do(c redis.Conn, cc redis.ConnWithContext) {
	c.Do("EVAL", `return redis.call("GETT", "k")`, 0)                                                                // want `"GETT" is not a known command`
	c.Do("EVAL", `return redis.call("GET", KEYS[1])`, 1, "k")                                                        // correct
	c.Do("eval", "x = 1 return 1", 0)                                                                                // want `assignment to global x`
	c.Do("EVAL_RO", "x = 1 return 1", 0)                                                                             // want `assignment to global x`
	c.Send("EVAL", "y = 1 return 1", 0)                                                                              // want `assignment to global y`
	c.Do("SCRIPT", "LOAD", "z = 1 return 1")                                                                         // want `assignment to global z`
	c.Do("script", "load", "local z = 1 return z")                                                                   // correct
	c.Do("FUNCTION", "LOAD", "REPLACE", "#!lua name=l\nw = 1 redis.register_function('f', function() return 1 end)") // want `assignment to global w`
	cc.DoContext(context.Background(), "EVAL", "v = 1 return 1", 0)                                                  // want `assignment to global v`
	redis.DoContext(c, context.Background(), "EVAL", "u = 1 return 1", 0)                                            // want `assignment to global u`
	c.Do("GET", "x = 1")                                                                                             // not a script
	c.Do("EVALSHA", "e0e1f9fabfc9d4800c877a703b823ac0578ff8db", 0)
}

func run(c redis.Conn) {
	bad.Do(c, "k")
	good.Do(c, "k")
}
