// Package severity holds a script whose only finding is of info severity:
// an ignore comment that silences nothing.
package severity

import (
	"context"

	"github.com/redis/go-redis/v9"
)

func f(ctx context.Context, rdb *redis.Client) {
	rdb.Eval(ctx, "return redis.call('GET', KEYS[1]) -- lint-lua: ignore unknown-command -- stale", []string{"k"})
}
