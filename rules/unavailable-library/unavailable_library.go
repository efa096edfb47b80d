// Package unavailablelibrary is the rule unavailable-library: a standard Lua library that the server does not provide.
package unavailablelibrary

import (
	_ "embed" // doc.md

	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is unavailable-library.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unavailable-library",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/unavailable-library/doc.md", doc),
	},
	Run: runUnavailableLibrary,
}

// Lua52Fields are library functions and constants of later Lua versions
// that Lua 5.1 lacks: the field is nil (observed on 7.0.15), and calling it
// fails.
var Lua52Fields = map[string]string{
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

// lua52Constants are the Lua52Fields that are values, not functions.
var lua52Constants = map[string]bool{"math.maxinteger": true, "math.mininteger": true}

func runUnavailableLibrary(p *lint.Pass) {
	m := p.Model
	t := p.Target
	// A name the file assigns itself is global-assignment's finding.
	assigned := map[string]bool{}
	for _, g := range m.Globals {
		if g.Write && !g.Field {
			assigned[g.Name] = true
		}
	}
	var fallbacks map[*ast.IdentExpr]bool
	for _, g := range m.Globals {
		if g.Write || assigned[g.Name] {
			continue
		}
		if !g.Field {
			if hint, ok := ruleutil.UnavailableGlobals[g.Name]; ok && t.Global(g.Name) == target.Absent {
				p.Report(g.Range(), "%s does not exist in the Lua sandbox of %s", g.Name, t.Product()).
					Help("the script fails with 'Script attempted to access nonexistent global variable '%s''; %s", g.Name, hint)
			}
			continue
		}
		// At the top of a library the table itself does not exist yet:
		// that is undefined-global's load-time finding.
		if ruleutil.AtLoad(m, g) {
			continue
		}
		table, field, _ := strings.Cut(g.Name, ".")
		hint, lua52 := Lua52Fields[g.Name]
		switch {
		case table == "os" && t.Global("os") == target.Present && !slices.Contains(t.OSFields(), field):
			p.Report(g.Range(), "%s does not exist: the os table of %s holds only os.clock", g.Name, t.Product()).
				Help("the field is nil and calling it fails with 'attempt to call field '%s' (a nil value)'; %s", field, ruleutil.UnavailableGlobals["os"])
			continue
		case table == "redis" && (field == "SERVER_VERSION" || field == "SERVER_VERSION_NUM") && t.RedisField(field) == target.Absent:
			p.Report(g.Range(), "%s.%s is not set on Redis or Valkey", g.Ident.Value, field).Lower().
				Help("it reads nil (a Valkey comment names it, but no release sets it); read redis.REDIS_VERSION_NUM, which every Valkey sets to 7.2.4's, or redis.VALKEY_VERSION_NUM on Valkey")
			continue
		case !lua52:
			continue
		}
		if fallbacks == nil {
			fallbacks = orFallbacks(m)
		}
		if fallbacks[g.Ident] {
			continue // (table.unpack or unpack): the fallback runs on Lua 5.1
		}
		if lua52Constants[g.Name] {
			p.Report(g.Range(), "%s does not exist in Lua 5.1, which Redis runs", g.Name).
				Help("it reads nil, and arithmetic on it fails with 'attempt to perform arithmetic on field '%s' (a nil value)'; %s", field, hint)
			continue
		}
		p.Report(g.Range(), "%s does not exist in Lua 5.1, which Redis runs", g.Name).
			Help("the field is nil and calling it fails with 'attempt to call field '%s' (a nil value)'; %s", field, hint)
	}
}

// orFallbacks returns the global tables whose field is the left operand of
// an `or` (the table of `table.unpack or unpack`): the script tries the
// field and falls back when it is nil, as it is on Lua 5.1.
func orFallbacks(m *model.Model) map[*ast.IdentExpr]bool {
	out := map[*ast.IdentExpr]bool{}
	m.InspectKinds(m.File.Chunk, model.KLogicalOpExpr, func(n any) bool {
		if e, ok := n.(*ast.LogicalOpExpr); ok && e.Operator == "or" {
			if a, ok := e.Lhs.(*ast.AttrGetExpr); ok {
				if id, ok := a.Object.(*ast.IdentExpr); ok {
					out[id] = true
				}
			}
		}
		return true
	})
	return out
}
