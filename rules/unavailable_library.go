package rules

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unavailable-library",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title: "a standard Lua library that Redis does not provide",
			Why: "Redis runs scripts in a sandbox without the standard globals that reach outside the server: `os`, `io`, " +
				"`require`, `loadfile`, `dofile`, `print`, `debug`, `module`, `setfenv`, `getfenv`, `newproxy`. Reading one is a " +
				"runtime error (`Script attempted to access nonexistent global variable 'os'`), raised after the writes the " +
				"script already made, which are not rolled back. Redis runs Lua 5.1, so the names of later versions are missing " +
				"too: the `utf8`, `bit32` and `rawlen` globals, and library fields such as `table.pack`, `table.unpack`, " +
				"`math.tointeger`, `math.type` and `string.pack`, which are nil: calling one fails with `attempt to call field " +
				"'pack' (a nil value)`. Each has a Redis or Lua 5.1 replacement: `redis.call('TIME')` for the clock, " +
				"`redis.log` for output, the global `unpack`, `struct.pack`, `bit.band`.",
			Bad:   "local now = os.time()\nprint('now ' .. now)\nreturn table.unpack({now})",
			Good:  "local now = tonumber(redis.call('TIME')[1])\nredis.log(redis.LOG_NOTICE, 'now ' .. now)\nreturn unpack({now})",
			Redis: "all (sandbox contents observed on 7.0)",
		},
	},
	Run: runUnavailableLibrary,
})

// lua52Fields are library functions and constants of later Lua versions
// that Lua 5.1 lacks: the field is nil (observed on 7.0.15), and calling it
// fails.
var lua52Fields = map[string]string{
	"table.pack":            "use {...} and select('#', ...)",
	"table.unpack":          "use the global unpack",
	"table.move":            "copy the elements in a loop",
	"math.tointeger":        "use math.floor",
	"math.type":             "use type(x) == 'number'",
	"math.ult":              "compare with <",
	"math.maxinteger":       "numbers are doubles in Lua 5.1: 2^53 is the largest exact integer",
	"math.mininteger":       "numbers are doubles in Lua 5.1: -2^53 is the smallest exact integer",
	"string.pack":           "use struct.pack",
	"string.unpack":         "use struct.unpack",
	"string.packsize":       "use struct.size",
	"coroutine.isyieldable": "coroutine.running() is nil outside a coroutine in Lua 5.1",
}

// lua52Constants are the lua52Fields that are values, not functions.
var lua52Constants = map[string]bool{"math.maxinteger": true, "math.mininteger": true}

func runUnavailableLibrary(p *lint.Pass) {
	m := p.Model
	// A name the file assigns itself is global-assignment's finding.
	assigned := map[string]bool{}
	for _, g := range m.Globals {
		if g.Write && !g.Field {
			assigned[g.Name] = true
		}
	}
	for _, g := range m.Globals {
		if g.Write || assigned[g.Name] {
			continue
		}
		if !g.Field {
			if hint, ok := unavailableGlobals[g.Name]; ok {
				p.Report(g.Range(), "%s does not exist in Redis's Lua sandbox", g.Name).
					Help("the script fails with 'Script attempted to access nonexistent global variable '%s''; %s", g.Name, hint)
			}
			continue
		}
		hint, ok := lua52Fields[g.Name]
		// At the top of a library the table itself does not exist yet:
		// that is undefined-global's load-time finding.
		if !ok || atLoad(m, g) {
			continue
		}
		_, field, _ := strings.Cut(g.Name, ".")
		if lua52Constants[g.Name] {
			p.Report(g.Range(), "%s does not exist in Lua 5.1, which Redis runs", g.Name).
				Help("it reads nil, and arithmetic on it fails with 'attempt to perform arithmetic on field '%s' (a nil value)'; %s", field, hint)
			continue
		}
		p.Report(g.Range(), "%s does not exist in Lua 5.1, which Redis runs", g.Name).
			Help("the field is nil and calling it fails with 'attempt to call field '%s' (a nil value)'; %s", field, hint)
	}
}
