// Package scriptcalls holds the call-site rules about scripts:
// keys-count-mismatch, missing-hash-tag, write-in-readonly-script and
// dynamic-script, each with its correct twin.
package scriptcalls

import (
	"context"
	"fmt"
	"strings"

	"github.com/redis/go-redis/v9"
)

const transferSrc = `
redis.call('DECRBY', KEYS[1], ARGV[1])
return redis.call('INCRBY', KEYS[2], ARGV[1])`

var transfer = redis.NewScript(transferSrc)

func keysCount(ctx context.Context, rdb *redis.Client) {
	transfer.Run(ctx, rdb, []string{"{acct}:a"}, 10)         // want `the script reads KEYS\[2\] on line 16 but Run passes 1 key \(keys-count-mismatch\)`
	transfer.Run(ctx, rdb, []string{"{acct}:a", "{acct}:b"}) // want `the script reads ARGV\[1\] on line 15 but Run passes 0 arguments`
	// Correct: both keys, one argument.
	transfer.Run(ctx, rdb, []string{"{acct}:a", "{acct}:b"}, 10)
	// Unknown counts are not reported.
	keys := []string{"{acct}:a"}
	transfer.Run(ctx, rdb, keys, 10)
	args := []interface{}{10}
	transfer.Run(ctx, rdb, []string{"{acct}:a", "{acct}:b"}, args...)
	// go-redis sends a lone slice argument as its elements.
	transfer.Run(ctx, rdb, []string{"{acct}:a", "{acct}:b"}, []string{"10"})
	transfer.Run(ctx, rdb, []string{"{acct}:a", "{acct}:b"}, args)
	transfer.Run(ctx, rdb, []string{"{acct}:a", "{acct}:b"}, []string{}) // want `the script reads ARGV\[1\] on line 15 but Run passes 0 arguments`
}

func evalKeys(ctx context.Context, rdb *redis.Client, key string) {
	rdb.Eval(ctx, "return redis.call('GET', KEYS[1])", nil) // want `the script reads KEYS\[1\] on line 37 but Eval passes 0 keys`
	rdb.Eval(ctx, "return redis.call('GET', KEYS[1])", []string{key})
	// Optional values tested for nil, and scripts that count for
	// themselves, are not reported.
	rdb.Eval(ctx, "local limit = tonumber(ARGV[2]) or 10 return redis.call('LRANGE', KEYS[1], 0, limit)", []string{key}, 1)
	rdb.Eval(ctx, "return redis.call('DEL', unpack(KEYS))", []string{key})
	rdb.Eval(ctx, "if #ARGV > 1 then return ARGV[2] end return ARGV[1]", []string{key}, 1)
}

func slots(ctx context.Context, rdb *redis.Client) {
	transfer.Run(ctx, rdb, []string{"user:1:balance", "user:2:balance"}, 5) // want `keys "user:1:balance" and "user:2:balance" passed to Run hash to different cluster slots \(missing-hash-tag\)`
	// Correct: a common hash tag.
	transfer.Run(ctx, rdb, []string{"{user:1}:balance", "{user:1}:points"}, 5)
}

const getScript = "return redis.call('GET', KEYS[1])"
const incrScript = "return redis.call('INCR', KEYS[1])"

func readOnly(ctx context.Context, rdb *redis.Client, key string) {
	rdb.EvalRO(ctx, incrScript, []string{key}) // want `EvalRO runs the script read-only, but it runs INCR on line 53 \(write-in-readonly-script\)`
	rdb.EvalRO(ctx, getScript, []string{key})
	rdb.Eval(ctx, incrScript, []string{key})
	incr := redis.NewScript(incrScript)
	incr.RunRO(ctx, rdb, []string{key}) // want `RunRO runs the script read-only, but it runs INCR`
	incr.Run(ctx, rdb, []string{key})
}

const shebangRead = `#!lua
return redis.call('GET', KEYS[1])`

const shebangNoWrites = `#!lua flags=no-writes
return redis.call('GET', KEYS[1])`

func readOnlyShebang(ctx context.Context, rdb *redis.Client, key string) {
	rdb.EvalRO(ctx, shebangRead, []string{key}) // want `EvalRO runs the script read-only, but its #!lua shebang does not declare flags=no-writes`
	rdb.EvalRO(ctx, shebangNoWrites, []string{key})
}

const library = `#!lua name=counters
redis.register_function('bump', function(keys, args) return redis.call('INCR', keys[1]) end)
redis.register_function{function_name='peek', callback=function(keys, args) return redis.call('GET', keys[1]) end, flags={'no-writes'}}
`

func functions(ctx context.Context, rdb *redis.Client, key string) {
	rdb.FunctionLoadReplace(ctx, library)
	rdb.FCallRO(ctx, "bump", []string{key}) // want `FCallRO calls function "bump", which the library registers without flags=\{'no-writes'\}`
	rdb.FCallRO(ctx, "peek", []string{key})
	rdb.FCall(ctx, "bump", []string{key})
}

func dynamic(ctx context.Context, rdb *redis.Client, key string, n int, field string) {
	rdb.Eval(ctx, fmt.Sprintf("return redis.call('INCRBY', KEYS[1], %d)", n), []string{key}) // want `the script passed to Eval is built at run time with fmt.Sprintf \(dynamic-script\)`
	src := "return redis.call('HGET', KEYS[1], '" + field + "')"
	redis.NewScript(src)                                                            // want `the script passed to NewScript is built at run time \(src is assembled`
	rdb.Eval(ctx, strings.Repeat("redis.call('INCR', KEYS[1]) ", n), []string{key}) // want `built at run time with strings.Repeat`
	// Correct: constant texts, including fmt.Sprintf of constants.
	rdb.Eval(ctx, "return redis.call('INCRBY', KEYS[1], ARGV[1])", []string{key}, n)
	rdb.Eval(ctx, fmt.Sprintf("return redis.call('INCRBY', KEYS[1], %d)", 5), []string{key})
}

const body = "return redis.call('GET', KEYS[1])"

// Correct: a text assembled at run time from constants only is one text.
func fixedText(ctx context.Context, rdb *redis.Client, key string) {
	rdb.Eval(ctx, strings.TrimSpace("  "+body+"  "), []string{key})
	rdb.Eval(ctx, strings.Join([]string{body, "-- end"}, "\n"), []string{key})
}
