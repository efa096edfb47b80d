// Package unusedignore holds //lint-lua:ignore comments that silence a
// finding and others that silence nothing (reported with -severity=info).
package unusedignore

import (
	"context"

	"github.com/redis/go-redis/v9"
)

func f(ctx context.Context, rdb *redis.Client) {
	//lint-lua:ignore keys-count-mismatch used: the call passes one key
	rdb.Eval(ctx, "return redis.call('GET', KEYS[2])", []string{"k"})

	rdb.Eval(ctx, "return redis.call('GET', KEYS[2])", []string{"k"}) //lint-lua:ignore keys-count-mismatch used on its line

	//lint-lua:ignore keys-count-mismatch stale // want `this //lint-lua:ignore of keys-count-mismatch suppresses nothing \(unused-ignore\)`
	rdb.Eval(ctx, "return redis.call('GET', KEYS[1])", []string{"k"})

	//lint-lua:ignore keys-count-mismatch,dynamic-script one of two // want `of dynamic-script suppresses nothing`
	rdb.Eval(ctx, "return redis.call('GET', KEYS[2])", []string{"k"})

	//lint-lua:ignore not-a-rule an unknown ID is left alone
	rdb.Eval(ctx, "return redis.call('GET', KEYS[1])", []string{"k"})
}
