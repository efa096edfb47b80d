// Package knownvalues hands Redis scripts that are not Go constants but
// whose text is known: one of two constants an if chooses (two scripts,
// each linted, neither built at run time), fmt.Sprintf over such a choice
// and over package variables, and a package variable set once in init.
package knownvalues

import (
	"context"
	"fmt"
	"os"

	"github.com/redis/go-redis/v9"
)

func set(ctx context.Context, rdb *redis.Client, ttl int) {
	call := `redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`
	if ttl == 0 {
		call = `redis.call('SETT', KEYS[1], ARGV[1])` // want `"SETT" is not a known command`
	}
	script := fmt.Sprintf(`local v = redis.call('GET', KEYS[1])
%s
return v`, call)
	rdb.Eval(ctx, script, []string{"k"}, 1, 2)
}

func pick(ctx context.Context, rdb *redis.Client, ro bool) {
	src := "return redis.call('GET', KEYS[1])"
	if ro {
		src = "x = 1 return redis.call('GET', KEYS[1])" // want `assignment to global x`
	}
	rdb.Eval(ctx, src, []string{"k"})
}

// Both choices are correct: nothing to report, and no dynamic-script.
func clean(ctx context.Context, rdb *redis.Client, ro bool) {
	src := "return redis.call('GET', KEYS[1])"
	if ro {
		src = "return redis.call('EXISTS', KEYS[1])"
	}
	rdb.Eval(ctx, src, []string{"k"})
}

var prefix = "local n = redis.call('INCRR', KEYS[1])\n" // want `"INCRR" is not a known command`

var incr = redis.NewScript(fmt.Sprintf("%sreturn n", prefix))

var initScript string

func init() {
	initScript = "return redis.call('DECRR', KEYS[1])" // want `"DECRR" is not a known command`
}

func useInit(ctx context.Context, rdb *redis.Client) {
	rdb.Eval(ctx, initScript, []string{"k"})
	incr.Run(ctx, rdb, []string{"k"})
}

// A choice with a value from the environment is not known: nothing is
// linted, and it is no script built at run time either.
func fromEnv(ctx context.Context, rdb *redis.Client) {
	src := "return redis.call('GETT', KEYS[1])"
	if v := os.Getenv("SCRIPT"); v != "" {
		src = v
	}
	rdb.Eval(ctx, src, []string{"k"})
}
