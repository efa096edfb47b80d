// Package scriptmaps keeps its scripts in containers filled at package
// level or in init and passes one element: each value is a script, linted
// where it is written. A container that a function other than init fills,
// or one with a value built at run time, is not known.
package scriptmaps

import (
	"context"
	"os"

	"github.com/redis/go-redis/v9"
)

var rdb = redis.NewClient(&redis.Options{})

const (
	opGet = iota
	opDrop
)

var scripts = map[int]string{
	opGet:  "return redis.call('GET', KEYS[1])",
	opDrop: "if redis.call('GET', KEYS[1]) == nil then return 0 end; return redis.call('DEL', KEYS[1])", // want "is never nil in a script"
}

var byName = make(map[string]string)

func init() {
	byName["push"] = "return redis.call('LPUSHH', KEYS[1], ARGV[1])" // want `"LPUSHH" is not a known command`
	byName["pop"] = "return redis.call('RPOP', KEYS[1])"
}

var steps = []string{
	"return redis.call('INCR', KEYS[1])",
	"return redis.call('DECRR', KEYS[1])", // want `"DECRR" is not a known command`
}

func run(ctx context.Context, op int, name string, i int, key string) {
	rdb.Eval(ctx, scripts[op], []string{key})
	rdb.Eval(ctx, byName[name], []string{key}, 1)
	rdb.Eval(ctx, steps[i], []string{key})
}

// filledLater is written outside init: its values are not all known here.
var filledLater = map[string]string{
	"get": "if redis.call('GET', KEYS[1]) == nil then return 0 end",
}

// withRuntime holds a text read at run time.
var withRuntime = map[string]string{
	"get": "if redis.call('GET', KEYS[1]) == nil then return 0 end",
	"env": os.Getenv("SCRIPT"),
}

func register(name, src string) { filledLater[name] = src }

func runOthers(ctx context.Context, name, key string) {
	rdb.Eval(ctx, filledLater[name], []string{key})
	rdb.Eval(ctx, withRuntime[name], []string{key})
}
