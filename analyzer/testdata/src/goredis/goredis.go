package goredis

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"
)

var ctx = context.Background()

// NewScript: a bad script and a correct one beside it.
var badScript = redis.NewScript(`return redis.call("GETT", KEYS[1])`) // want `"GETT" is not a known command.*\(unknown-command, warning\)`

var goodScript = redis.NewScript(`return redis.call("GET", KEYS[1])`)

// A multi-line raw string: the finding is on the script's second line.
// want +2 `"GETT" is not a known command.*\(unknown-command, warning\)`
var multiLine = redis.NewScript(`local n = 1
return redis.call("GETT", KEYS[1])
`)

func eval(rdb *redis.Client) {
	rdb.Eval(ctx, `return redis.call("GETT", "k")`, nil)              // want `"GETT" is not a known command`
	rdb.Eval(ctx, `return redis.call("GET", KEYS[1])`, []string{"k"}) // correct
	rdb.EvalRO(ctx, "x = 1 return 1", nil)                            // want `assignment to global x`
	rdb.EvalRO(ctx, "local x = 1 return x", nil)                      // correct
	rdb.EvalSha(ctx, "e0e1f9fabfc9d4800c877a703b823ac0578ff8db", nil)
}

// Interpreted strings: escapes before the finding shift its column.
func escapes(rdb redis.Cmdable) {
	rdb.Eval(ctx, "local s = \"\\t\\x41\"\nreturn redis.call(\"GETT\", KEYS[1])", []string{"k"}) // want `"GETT" is not a known command`
	rdb.Eval(ctx, "local s = \"\\t\\x41\"\nreturn redis.call(\"GET\", KEYS[1])", []string{"k"})  // correct
}

// A constant used at two call sites: one finding, at the constant.
const shared = `return redis.call("GETT", KEYS[1])` // want `"GETT" is not a known command`

func twoSites(rdb *redis.Client, c *redis.ClusterClient) {
	rdb.Eval(ctx, shared, []string{"a"})
	c.Eval(ctx, shared, []string{"b"})
}

// A constant declared in another file of the package.
func otherFile(rdb *redis.Ring) {
	rdb.Eval(ctx, fromOtherFile, []string{"a"})
	rdb.Eval(ctx, goodOtherFile, []string{"a"})
}

// Concatenation: the finding lies in the second literal.
func concat(p redis.Pipeliner) {
	p.Eval(ctx, "local v = 1\n"+"return redis.call('GETT', KEYS[1])", []string{"a"}) // want `"GETT" is not a known command`
	p.Eval(ctx, "local v = 1\n"+"return redis.call('GET', KEYS[1])", []string{"a"})  // correct
}

// fmt.Sprintf with a constant format and constant arguments.
const tmpl = `local limit = %d
return redis.call(%q, KEYS[1])`

func sprintf(rdb *redis.Client) {
	rdb.Eval(ctx, fmt.Sprintf("return redis.call('%s', KEYS[1])", "GETT"), []string{"a"}) // want `"GETT" is not a known command`
	rdb.Eval(ctx, fmt.Sprintf("return redis.call('%s', KEYS[1])", "GET"), []string{"a"})  // correct
	rdb.Eval(ctx, fmt.Sprintf(tmpl, 10, "GET"), []string{"a"})                            // correct
}

// A variable assigned once is as good as a constant; a local too.
var onceVar = `return redis.call("GETT", KEYS[1])` // want `"GETT" is not a known command`

func vars(rdb *redis.Client) {
	rdb.Eval(ctx, onceVar, []string{"a"})
	local := "x = 2 return 1" // want `assignment to global x`
	rdb.Eval(ctx, local, nil)
}

// Functions libraries are linted in the library context.
func functions(rdb *redis.Client) {
	rdb.FunctionLoad(ctx, "#!lua name=lib\nredis.register_function('f', function(keys, args) return redis.call('GETT', keys[1]) end)") // want `"GETT" is not a known command`
	rdb.FunctionLoadReplace(ctx, "#!lua name=lib\nredis.register_function('f', function(keys, args) return redis.call('GET', keys[1]) end)")
}

// Script methods reuse the script of NewScript: nothing more is linted.
func run(rdb *redis.Client) {
	badScript.Run(ctx, rdb, []string{"a"})
	goodScript.RunRO(ctx, rdb, []string{"a"})
	multiLine.Run(ctx, rdb, []string{"a"})
}

// Suppression: a Go comment on the line or the line above, or a Lua
// comment inside the script.
func suppressedFindings(rdb *redis.Client) {
	rdb.Eval(ctx, `return redis.call("GETT", KEYS[1])`, []string{"k"}) //lint-lua:ignore unknown-command test of the directive
	//lint-lua:ignore unknown-command,undeclared-key test of the line above
	rdb.Eval(ctx, `return redis.call("GETT", KEYS[1])`, []string{"k"})
	rdb.Eval(ctx, `return redis.call("GETT", KEYS[1]) -- lint-lua: ignore unknown-command -- test`, []string{"k"})
	//lint-lua:ignore undeclared-key another rule does not silence this one
	rdb.Eval(ctx, `return redis.call("GETT", KEYS[1])`, []string{"k"}) // want `"GETT" is not a known command`
}

// The keys the call passes hold a {hash tag}: the author cares about Redis
// Cluster, and the literal key keeps the rule's severity (error, so no
// severity in the message); without one it is info, below go vet's default
// --min-severity (warning), so nothing is reported.
func clusterHint(rdb *redis.Client, user string) {
	rdb.Eval(ctx, `redis.call("INCR", KEYS[1]) return redis.call("GET", "seen:tagged")`, []string{"{user}:" + user}) // want `key "seen:tagged" of GET is a literal, not from KEYS \(undeclared-key\)`
	rdb.Eval(ctx, `redis.call("INCR", KEYS[1]) return redis.call("GET", "seen:plain")`, []string{"user:" + user})
}
