// Package helpersuse calls another package's script helper: the fact
// crosses the import.
package helpersuse

import (
	"context"

	"helpers"
)

func use(ctx context.Context) {
	helpers.Eval(ctx, "return redis.call('LPUSHH', KEYS[1], 1)", "k") // want `"LPUSHH" is not a known command`
	helpers.Eval(ctx, "return redis.call('LPUSH', KEYS[1], 1)", "k")
}
