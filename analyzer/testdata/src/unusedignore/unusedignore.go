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

	//lint-lua:ignore not-a-rule an unknown ID is reported // want `this ignore names not-a-rule, which is no rule \(invalid-ignore\)`
	rdb.Eval(ctx, "return redis.call('GET', KEYS[1])", []string{"k"})

	// lint-lua: ignore keys-count-mismatchh -- a typo // want `names keys-count-mismatchh, which is no rule: did you mean keys-count-mismatch\? \(invalid-ignore\)`
	rdb.Eval(ctx, "return redis.call('GET', KEYS[2])", []string{"k"}) // want `KEYS\[2\]`

	// lint-lua: ignore keys-count-mismatch -- the shared grammar, with spaces
	rdb.Eval(ctx, "return redis.call('GET', KEYS[2])", []string{"k"})
}
