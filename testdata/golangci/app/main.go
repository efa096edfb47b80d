// Command app embeds Redis Lua scripts through go-redis; scripts/check-golangci.sh lints it with golangci-lint.
package main

import (
	"context"
	_ "embed"

	"github.com/redis/go-redis/v9"
)

var incr = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
x = n
return n`)

var pop = redis.NewScript(`return redis.call('GETDEL', KEYS[1])`)

//go:embed get.lua
var get string

func main() {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{})
	incr.Run(ctx, rdb, []string{"counter"})
	pop.Run(ctx, rdb, []string{"token"})
	rdb.Eval(ctx, get, []string{"k"})
}
