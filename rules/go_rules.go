package rules

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
)

// The rules that only the Go analyzer reports (package analyzer): they are
// about the Go call site that runs a script, or about Redis commands sent
// one by one from Go, so they have no Run over a Lua model. They are
// declared here so that `lint-lua rules`, `lint-lua explain` and
// docs/rules.md list them with the others. Their Bad and Good examples are
// Go. The Go analyzer also reports lock-without-expiry,
// unsafe-lock-release, write-in-readonly-script and missing-hash-tag at
// call sites, under the Lua rules' IDs.

// GoOnlyRules returns the IDs of the rules that only the Go analyzer
// reports: they have no Lua fixtures.
func GoOnlyRules() []string {
	return []string{"dynamic-script", "keys-count-mismatch", "nonatomic-check-then-act"}
}

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "nonatomic-check-then-act",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Lang:    "go",
			Title:   "a write that depends on a separate read of the same key",
			Summary: "(Go) a write that depends on a separate read of the same key: another client can act in between",
			Why: "Go code that reads a key (`Get`, `HGet`, `Exists`, `ZScore`, `LLen`...) and then, in another command, " +
				"writes the same key with a value or under a condition taken from what it read, races with every other " +
				"client: between the two commands another client can run the same read and both act on the same stale " +
				"value. Two buyers both read `stock` = 1, both pass `stock > 0`, both `DECR`: the stock ends at -1. A " +
				"`SET` of a value computed from a `GET` loses the other client's update the same way. Do the read and the " +
				"write in one Lua script (a script runs atomically, and lint-lua checks it), use one command that checks " +
				"and acts (`DECRBY` and test its reply, `SET ... NX`, `INCR`), or WATCH the key and write in MULTI/EXEC " +
				"(go-redis `Watch` with `tx.TxPipelined`), which fails when the key changed in between.\n\n" +
				"Reported by the Go analyzer (`lint-lua go`, `go vet -vettool`) on the write, when the read is in the " +
				"same function with the same key expression (the same constant, variable, field, or `fmt.Sprintf` of " +
				"them) and the write's arguments or an enclosing or earlier `if` test the reply (an `err != nil` check " +
				"alone does not count, nor does a branch that only aborts, like `t.Fatal`; `err == redis.Nil` does). A " +
				"write that only depends on whether the key existed is reported when it adds to the key (`INCR`, " +
				"`HINCRBY`, `LPUSH`...), not when it overwrites or deletes it: `SET` after a miss is how a cache is " +
				"filled, and two clients filling it leave one value. Refreshing a TTL after a read is not reported, nor is " +
				"removing the members or fields that a listing read (`SMEMBERS` then `SREM`, `HKEYS` then `HDEL`, `ZRANGE` " +
				"then `ZREM`): removing one twice is harmless and one added meanwhile is not among those removed. " +
				"`DEL` of the whole key, removal after reading values or scores (`HGET` then `HDEL`), and the delay " +
				"queue's `ZRANGEBYSCORE` then `ZREM` (two consumers take the same job) are still reported. " +
				"Commands on a go-redis `Tx` or pipeline, in `Watch`, `TxPipelined` or `Pipelined` callbacks, in " +
				"functions that send WATCH or MULTI themselves, after the function took a lock on another key with " +
				"`SET NX`, and in `_test.go` files are not reported.",
			Bad: "stock, err := rdb.Get(ctx, \"stock:42\").Int()\nif err != nil || stock <= 0 {\n\treturn ErrSoldOut\n}\n" +
				"rdb.Decr(ctx, \"stock:42\")",
			Good: "var buy = redis.NewScript(`\nlocal stock = tonumber(redis.call('GET', KEYS[1]))\n" +
				"if not stock or stock <= 0 then return 0 end\nredis.call('DECR', KEYS[1])\nreturn 1`)\n\n" +
				"bought, err := buy.Run(ctx, rdb, []string{\"stock:42\"}).Int()",
			Redis: "all",
		},
	},
})

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "keys-count-mismatch",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Lang:    "go",
			Title:   "a script reads more KEYS or ARGV than the call passes",
			Summary: "(Go) the script reads more KEYS or ARGV than the call passes",
			Why: "Where a script is run from Go, the call often shows how many keys and arguments it passes: redigo's " +
				"`NewScript(keyCount, src)`, a `[]string{...}` literal of keys in go-redis `Eval` or `Script.Run` or in " +
				"rueidis `Exec`, `Do(\"EVAL\", src, n, ...)`, rueidis `Numkeys(n)`. A script that reads `KEYS[i]` or " +
				"`ARGV[i]` beyond that count gets nil: `redis.call('GET', KEYS[2])` with one key passed fails with " +
				"`ERR Lua redis lib command arguments must be strings or integers`, and elsewhere the nil quietly changes " +
				"the result. A numkeys larger than the values that follow it is refused before the script runs: " +
				"`ERR Number of keys can't be greater than number of args`.\n\n" +
				"Reported by the Go analyzer on the expression that sets the count (the keys literal, numkeys, keyCount) " +
				"or on the call. Reads that the script tests for nil (`ARGV[3] or 10`, `if KEYS[2] then`) and scripts " +
				"that look at `#KEYS`, `#ARGV` or the whole table are not reported, nor is a read kept in a local that the " +
				"script never uses or uses only inside an `if` that tests a later index of the same table (`local a = " +
				"KEYS[2]` used only under `if KEYS[3] then`: KEYS has no gaps, so a third key means a second).\n\n" +
				"A plain run reports it in host-language files too (docs/hostlang.md), where a script API's call " +
				"shows its key count: a number literal for numkeys (redis-py, ioredis, Jedis, Predis `eval(script, 1, ...)`) " +
				"or a literal list of keys (`Arrays.asList(a, b)`, `[k1, k2]`, `new RedisKey[] {k}`, `keys: [k]`). ARGV is " +
				"checked where the call also shows its values as a fixed list: written one by one after numkeys or the " +
				"keys (`eval(src, 1, key, value)`, Spring `execute(script, keys, a, b)`), or a literal list (`[a, b]`, " +
				"`argv: [a]`, `arguments: [a]`, `new RedisValue[] {a}`, `Arrays.asList(a)`; a call that gives none passes " +
				"none). A spread (`...args`, `*args`), a list built elsewhere, and a value the client may turn into several " +
				"give no count and no finding: ioredis flattens an array anywhere in the arguments, so a JavaScript value " +
				"written one by one counts only when it is visibly one (a literal, arithmetic, `String(x)`); Java passes a " +
				"lone array given to the varargs as the values, so a lone Java value counts only when it is visibly one.",
			Bad: "var transfer = redis.NewScript(`\nredis.call('DECRBY', KEYS[1], ARGV[1])\n" +
				"return redis.call('INCRBY', KEYS[2], ARGV[1])`)\n\n" +
				"transfer.Run(ctx, rdb, []string{\"{acct}:a\"}, 10)",
			Good: "var transfer = redis.NewScript(`\nredis.call('DECRBY', KEYS[1], ARGV[1])\n" +
				"return redis.call('INCRBY', KEYS[2], ARGV[1])`)\n\n" +
				"transfer.Run(ctx, rdb, []string{\"{acct}:a\", \"{acct}:b\"}, 10)",
			Redis: "all; errors observed on 7.0.15",
		},
	},
})

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "dynamic-script",
		Category: diag.Performance,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Lang:    "go",
			Title:   "a script text built at run time",
			Summary: "(Go) a script text built at run time: Redis caches every distinct text; values belong in ARGV",
			Why: "Redis keeps the text of every script run with EVAL (or loaded by `Script.Run` after a NOSCRIPT) in its " +
				"script cache until `SCRIPT FLUSH` or a restart, one entry per distinct text. A script assembled with " +
				"`fmt.Sprintf`, `+` or the strings package from values known only at run time adds an entry, and a " +
				"compilation, for every new value (observed on 7.0.15: five EVALs of five texts give " +
				"`number_of_cached_scripts:5`, and `used_memory_scripts_eval` grows with each), so the server's memory " +
				"grows with the data. Such a text is also out of lint-lua's reach. Keep the script constant and pass " +
				"the varying values in ARGV and the keys in KEYS.\n\n" +
				"Reported by the Go analyzer on the script argument, outside `_test.go` files. Texts known at compile " +
				"time are constants to lint-lua and are linted instead: string constants, concatenations of constants, " +
				"`fmt.Sprintf` with a constant format and constant arguments, `//go:embed` files.\n\n" +
				"A plain run reports it in host-language files too, on the argument of a known script API (redis-py " +
				"`eval`, ioredis `eval`, Jedis `eval`, StackExchange.Redis `ScriptEvaluate`...; see docs/hostlang.md) " +
				"that the file does not resolve to a text, at info: without types, a name the file does not define may " +
				"be a constant of another file as well as a text built at run time.",
			Bad:   "src := fmt.Sprintf(\"return redis.call('INCRBY', KEYS[1], %d)\", n)\nrdb.Eval(ctx, src, []string{key})",
			Good:  "const incrBy = \"return redis.call('INCRBY', KEYS[1], ARGV[1])\"\nrdb.Eval(ctx, incrBy, []string{key}, n)",
			Redis: "all; cache growth observed on 7.0.15",
		},
	},
})

// CallSiteFinding is one keys-count-mismatch finding of a call: Table is
// "KEYS" or "ARGV", Read the first read beyond what the call passes.
type CallSiteFinding struct {
	Table          string
	Read           model.IndexRead
	Headline, Help string
}

// CallSiteCounts checks one call that passes nkeys keys and nargs ARGV
// values (-1 when the call does not show it) against its script's reads:
// the first KEYS[i] and the first ARGV[i] read beyond them and not tested
// for nil, each with its finding. where says where the script reads r
// ("on line 3"), via names the call. The Go analyzer and the
// host-language source both check their call sites with it; each places
// the findings itself.
func CallSiteCounts(t target.Target, reads model.IndexReads, nkeys, nargs int, where func(model.IndexRead) string, via string) []CallSiteFinding {
	var out []CallSiteFinding
	for _, c := range []struct {
		table  string
		origin model.Origin
		n      int
	}{{"KEYS", model.Keys, nkeys}, {"ARGV", model.Argv, nargs}} {
		if c.n < 0 {
			continue
		}
		if r, ok := reads.Beyond(c.origin, c.n); ok {
			head, help := CallSiteCount(t, c.table, r, where(r), via, c.n)
			out = append(out, CallSiteFinding{Table: c.table, Read: r, Headline: head, Help: help})
		}
	}
	return out
}

// CallSiteCount is keys-count-mismatch's finding where a call passes fewer
// keys (table "KEYS") or arguments ("ARGV") than the script reads: its
// headline and help, for the Go analyzer and the host-language source
// alike. r is the first read beyond the count, where says where the script
// reads it ("on line 3"), via what passes the values, passed how many.
func CallSiteCount(t target.Target, table string, r model.IndexRead, where, via string, passed int) (headline, help string) {
	what, fix := "key", "pass the key, or read only the keys passed"
	if table == "ARGV" {
		what, fix = "argument", fmt.Sprintf("pass the value, or give it a default in the script (ARGV[%d] or ...)", r.Index)
	}
	if passed != 1 {
		what += "s"
	}
	effect := ""
	if r.CallArg {
		effect = ", and redis.call fails with " + quoteError(t, target.ErrArgType)
	}
	return fmt.Sprintf("the script reads %s[%d] %s but %s passes %d %s", table, r.Index, where, via, passed, what),
		fmt.Sprintf("%s[%d] is nil in the script%s; %s", table, r.Index, effect, fix)
}
