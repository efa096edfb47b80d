package rules

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
)

// lua52Fields are library functions of later Lua versions that Lua 5.1 lacks:
// the field is nil and calling it fails.
var lua52Fields = map[string]string{
	"table.pack":     "use {...} and select('#', ...)",
	"table.unpack":   "use the global unpack",
	"math.tointeger": "use math.floor",
	"math.type":      "use type(x) == 'number'",
	"string.pack":    "use struct.pack",
	"string.unpack":  "use struct.unpack",
}

var _ = register(&lint.Rule{
	ID:       "undefined-global",
	Category: lint.Correctness,
	Severity: lint.SeverityError,
	Doc: lint.Doc{
		Title: "a global that Redis's sandbox does not define",
		Why: "Reading a global that does not exist is a runtime error in Redis (`Script attempted to access nonexistent " +
			"global variable 'x'`), not a nil. The sandbox removes `os`, `io`, `require`, `print`, `loadfile`, `dofile`, " +
			"`debug` and others; `unpack`, `loadstring`, `bit`, `cjson`, `cmsgpack` and `struct` exist. " +
			"A Functions library sees, while it loads, only `redis.register_function`, `redis.log`, `redis.LOG_*` and " +
			"`redis.REDIS_VERSION(_NUM)`; inside registered functions KEYS and ARGV do not exist (use the keys and args " +
			"parameters). Lua 5.2+ fields such as `table.unpack` are nil in Lua 5.1.",
		Bad:   "local now = os.time()\nprint(now)\nreturn process(KEYS[1])",
		Good:  "local now = redis.call('TIME')[1]\nredis.log(redis.LOG_NOTICE, now)\nreturn now",
		Redis: "all (sandbox contents observed on 7.0)",
	},
	Options: []lint.Option{{
		Name:    "globals",
		Default: []string{},
		Doc: "names the script may use as globals because something outside the file defines them, e.g. `[rcall]` " +
			"for script fragments that a loader concatenates after `local rcall = redis.call`. Functions defined in files " +
			"named by `--- @include \"path\"` directives (bull, bullmq) are added automatically",
	}},
	Run: runUndefinedGlobal,
})

// extraGlobals reads the globals option (a YAML list arrives as []any).
func extraGlobals(p *lint.Pass) map[string]bool {
	out := map[string]bool{}
	switch v := p.Options["globals"].(type) {
	case []string:
		for _, s := range v {
			out[s] = true
		}
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok {
				out[s] = true
			}
		}
	}
	return out
}

func runUndefinedGlobal(p *lint.Pass) {
	m := p.Model
	extra := extraGlobals(p)
	// A global the file assigns is global-assignment's finding; reading it
	// is the same mistake, not a second one.
	for _, g := range m.Globals {
		if g.Write && !g.Field {
			extra[g.Name] = true
		}
	}
	for _, g := range m.Globals {
		if g.Write || extra[g.Name] {
			continue
		}
		if g.Field {
			reportField(p, m, g)
			continue
		}
		name := g.Name
		load := atLoad(m, g)
		switch {
		case load && name == "redis":
			// Checked field by field.
		case load:
			p.Report(g.Range, "global %s does not exist while a Functions library loads (only redis.register_function, redis.log, redis.LOG_* and redis.REDIS_VERSION): FUNCTION LOAD fails; use it inside a registered function", name)
		case (name == "KEYS" || name == "ARGV") && m.Context == model.Library:
			param := "keys"
			if name == "ARGV" {
				param = "args"
			}
			p.Report(g.Range, "%s does not exist in a Functions library: FCALL fails with 'Script attempted to access nonexistent global variable'; use the function's %s parameter", name, param)
		case name == "KEYS" || name == "ARGV" || scriptGlobals[name]:
		default:
			hint := "define it as a local before use"
			if h, ok := missingGlobals[name]; ok {
				hint = h
			}
			p.Report(g.Range, "global %s does not exist in Redis's Lua sandbox: the script fails with 'Script attempted to access nonexistent global variable'; %s", name, hint)
		}
	}
}

func reportField(p *lint.Pass, m *model.Model, g model.GlobalAccess) {
	table, field, _ := strings.Cut(g.Name, ".")
	if atLoad(m, g) && table == "redis" && !libraryLoadFields[field] {
		p.Report(g.Range, "redis.%s does not exist while a Functions library loads: FUNCTION LOAD fails with 'Script attempted to access nonexistent global variable '%s''; call it inside a registered function", field, field)
		return
	}
	if h, ok := lua52Fields[g.Name]; ok && !atLoad(m, g) {
		p.Report(g.Range, "%s does not exist in Lua 5.1, which Redis runs (the field is nil and calling it fails); %s", g.Name, h)
	}
}
