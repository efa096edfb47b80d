// Package embedded runs scripts embedded from .lua files.
package embedded

import (
	"context"
	_ "embed"

	"github.com/redis/go-redis/v9"
)

//go:embed script.lua
var script string

//go:embed "good.lua"
var goodScript []byte

var run = redis.NewScript(script)

func eval(ctx context.Context, rdb *redis.Client) {
	rdb.Eval(ctx, script, []string{"k"})
	rdb.Eval(ctx, string(goodScript), []string{"k"})
}
