package scriptcalls

import (
	"context"

	"github.com/gomodule/redigo/redis"
	"github.com/redis/rueidis"
)

var pair = redis.NewScript(1, `return {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2])}`) // want `the script reads KEYS\[2\] on line 10 but NewScript passes 1 key`

var single = redis.NewScript(1, `return redis.call('GET', KEYS[1])`)

func redigoCalls(conn redis.Conn, key string) {
	pair.Do(conn, key, "x")
	single.Do(conn) // want `Do passes numkeys 1 but only 0 values after it`
	single.Do(conn, key)
	conn.Do("EVAL", "return redis.call('GET', KEYS[1])", 2, key) // want `Do\("EVAL"\) passes numkeys 2 but only 1 values after it`
	conn.Do("EVAL", "return redis.call('GET', KEYS[1])", 0)      // want `the script reads KEYS\[1\] on line 19 but Do\("EVAL"\) passes 0 keys`
	conn.Do("EVAL", "return redis.call('GET', KEYS[1])", 1, key)
	conn.Do("EVAL", "return redis.call('MGET', KEYS[1], KEYS[2])", 2, "a", "b") // want `keys "a" and "b" passed to Do\("EVAL"\) hash to different cluster slots`
	conn.Do("EVAL_RO", "return redis.call('DEL', KEYS[1])", 1, key)             // want `Do\("EVAL_RO"\) runs the script read-only, but it runs DEL on line 22`
}

func rueidisCalls(ctx context.Context, c rueidis.Client, key string) {
	ro := rueidis.NewLuaScriptReadOnly("return redis.call('SET', KEYS[1], ARGV[1])") // want `NewLuaScriptReadOnly runs the script read-only, but it runs SET on line 26`
	ro.Exec(ctx, c, []string{key}, []string{"v"})
	rw := rueidis.NewLuaScript("return redis.call('SET', KEYS[1], ARGV[1])")
	rw.Exec(ctx, c, []string{key}, nil) // want `the script reads ARGV\[1\] on line 28 but Exec passes 0 arguments`
	rw.Exec(ctx, c, []string{key}, []string{"v"})
	c.Do(ctx, c.B().Eval().Script("return redis.call('GET', KEYS[1])").Numkeys(2).Key(key).Build()) // want `Script passes numkeys 2 but only 1 values after it`
	c.Do(ctx, c.B().Eval().Script("return redis.call('GET', KEYS[1])").Numkeys(1).Key(key).Build())
}
