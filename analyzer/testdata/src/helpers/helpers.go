// Package helpers hides its scripts behind functions of its own: a helper
// whose parameter reaches Eval, a method that wraps Do, a function over a
// small interface of its own, and a chain of helpers. Each caller's
// constant argument is a script, linted where it is written.
package helpers

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"
)

var rdb = redis.NewClient(&redis.Options{})

// callLua hands its script to Eval, with its keys.
func callLua(ctx context.Context, keys []string, args []interface{}, script string) (interface{}, error) { // want callLua:"script source parameter 3 reaches Eval"
	return rdb.Eval(ctx, script, keys, args...).Result()
}

// loadScript hands it to NewScript through a conversion.
func loadScript(src []byte) *redis.Script { // want loadScript:"script source parameter 0 reaches NewScript"
	return redis.NewScript(string(src))
}

// viaHelper reaches Eval through callLua.
func viaHelper(ctx context.Context, src string) { // want viaHelper:"script source parameter 1 reaches callLua"
	callLua(ctx, nil, nil, src)
}

type store struct{ rdb *redis.Client }

// DoWrite is the project's own Do.
func (s *store) DoWrite(ctx context.Context, args ...interface{}) *redis.Cmd { // want DoWrite:"command words from parameter 1 reach Do"
	return s.rdb.Do(ctx, args...)
}

// evalInt runs a script with keys as separate arguments.
func (s *store) evalInt(ctx context.Context, src string, keys ...string) (int64, error) { // want evalInt:"script source parameter 1 reaches Eval"
	return s.rdb.Eval(ctx, src, keys).Int64()
}

// evaler is the project's own view of a client.
type evaler interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *redis.Cmd
}

func runOn(ctx context.Context, c evaler, src string) error { // want runOn:"script source parameter 2 reaches Eval"
	return c.Eval(ctx, src, []string{"k"}).Err()
}

// RunScript runs the script object it is passed, for another package.
func RunScript(ctx context.Context, s *redis.Script, keys []string, args ...interface{}) error { // want RunScript:"script object parameter 1 is run by Run"
	return s.Run(ctx, rdb, keys, args...).Err()
}

// Eval is called from another package.
func Eval(ctx context.Context, src string, keys ...string) error { // want Eval:"script source parameter 1 reaches Eval"
	return rdb.Eval(ctx, src, keys).Err()
}

func uses(ctx context.Context, s *store, n int) {
	callLua(ctx, []string{"k"}, nil, "x = redis.call('GET', KEYS[1]) return x") // want `assignment to global x`
	callLua(ctx, []string{"k"}, nil, "return redis.call('GET', KEYS[2])")       // want `the script reads KEYS\[2\] on line 64 but callLua passes 1 key \(keys-count-mismatch\)`
	callLua(ctx, []string{"k"}, []interface{}{1}, "return redis.call('INCRBY', KEYS[1], ARGV[1])")
	loadScript([]byte("return redis.call('GETT', KEYS[1])"))              // want `"GETT" is not a known command`
	viaHelper(ctx, "return redis.call('SETT', KEYS[1], 1)")               // want `"SETT" is not a known command`
	s.DoWrite(ctx, "EVAL", "return redis.call('INCRR', KEYS[1])", 1, "k") // want `"INCRR" is not a known command`
	s.DoWrite(ctx, "GET", "k")
	s.evalInt(ctx, "return redis.call('DECRR', KEYS[1])", "k")                                   // want `"DECRR" is not a known command`
	runOn(ctx, rdb, "return redis.call('HSETT', KEYS[1], 'f', 1)")                               // want `"HSETT" is not a known command`
	callLua(ctx, []string{"k"}, nil, fmt.Sprintf("return redis.call('INCRBY', KEYS[1], %d)", n)) // want `the script passed to callLua is built at run time with fmt.Sprintf \(dynamic-script\)`
}

// notAScript's parameter is a key, not a script: its callers' strings
// are not linted.
func notAScript(ctx context.Context, key string) error {
	return rdb.Get(ctx, key).Err()
}

// rewritten changes its parameter before Eval: what the caller passes is
// not the script.
func rewritten(ctx context.Context, src string) error {
	src = "return 1 " + src
	return rdb.Eval(ctx, src, nil).Err()
}

func quiet(ctx context.Context) {
	notAScript(ctx, "x = redis.call('GETT', KEYS[1])")
	rewritten(ctx, "x = redis.call('GETT', KEYS[1])")
}
