// Package redisversion holds scripts whose findings depend on the
// analyzer's settings (settings_test.go); the expectations written here are
// those of an analyzer targeting Redis 6.2.
package redisversion

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// GETDEL came in 6.2, LMPOP in 7.0: only LMPOP is newer than the target.
// want +2 `LMPOP was added in Redis 7\.0\.0, after the target Redis 6\.2`
var pop = redis.NewScript(`local v = redis.call('GETDEL', KEYS[1])
local l = redis.call('LMPOP', 1, KEYS[2], 'LEFT')
return {v, l}`)

// Findings that no Redis version changes: one in the script, one at the call.
var counter = redis.NewScript(`n = redis.call('INCR', KEYS[1]) return n`) // want `assignment to global n.*\(global-assignment\)`

func run(ctx context.Context, rdb *redis.Client) {
	pop.Run(ctx, rdb, []string{"{q}a", "{q}b"})
	counter.Run(ctx, rdb, nil) // want `.*\(keys-count-mismatch\)`
}
