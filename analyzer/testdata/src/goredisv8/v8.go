package goredisv8

import (
	"context"

	"github.com/go-redis/redis/v8"
)

var bad = redis.NewScript(`return redis.call("GETT", KEYS[1])`) // want `"GETT" is not a known command`

var good = redis.NewScript(`return redis.call("GET", KEYS[1])`)

func eval(ctx context.Context, rdb *redis.Client) {
	rdb.Eval(ctx, "x = 1 return 1", nil)        // want `assignment to global x`
	rdb.ScriptLoad(ctx, "local x = 1 return x") // correct
	bad.Run(ctx, rdb, []string{"k"})
	good.Run(ctx, rdb, []string{"k"})
}
