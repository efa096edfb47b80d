// Package helpersuse calls another package's script helper: the fact
// crosses the import.
package helpersuse

import (
	"context"

	"github.com/redis/go-redis/v9"

	"helpers"
)

var pair = redis.NewScript("return {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2])}")

func use(ctx context.Context) {
	helpers.Eval(ctx, "return redis.call('LPUSHH', KEYS[1], 1)", "k") // want `"LPUSHH" is not a known command`
	helpers.Eval(ctx, "return redis.call('LPUSH', KEYS[1], 1)", "k")
	helpers.RunScript(ctx, pair, []string{"{k}1"}) // want `the script reads KEYS\[2\] on line 13 but RunScript passes 1 key \(keys-count-mismatch\)`
	helpers.RunScript(ctx, pair, []string{"{k}1", "{k}2"})
}
