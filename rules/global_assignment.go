package rules

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "global-assignment",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "assignment to a global variable",
			Summary: "assignment to a global: `Attempt to modify a readonly table`",
			Why: "Redis protects the global table: any assignment to a global, including a global `function f()` " +
				"declaration and writes into library tables such as `redis.x` or `string.x`, fails with " +
				"`Attempt to modify a readonly table`; on Valkey, `server` is the same read-only table as `redis`. It is a runtime error, so writes the script made before it are " +
				"not rolled back. `rawset(_G, name, v)`, which skips a metatable, fails the same way: the table itself is " +
				"read-only. In a Functions library a top-level global assignment makes FUNCTION LOAD fail; one inside a " +
				"registered function fails at FCALL.",
			Bad:   "count = redis.call('INCR', KEYS[1])\nfunction double(x) return x * 2 end\nreturn double(count)",
			Good:  "local count = redis.call('INCR', KEYS[1])\nlocal function double(x) return x * 2 end\nreturn double(count)",
			Redis: "all (the read-only global table is observed on 7.0)",
			Lower: "Info, once per script, for assignments to names that a script it may be joined with declares (the siblings of undefined-global's fragments): a header of the same .lua folder that declares the name local at its top level, or, for a host-language string found by its text (not given to a script API), another script of the host file that declares it as a local, a local function or a for-loop variable at any depth. yii2-redis splices `n=n+1 pks[n]=redis.call('HGETALL', key .. pk)` into a loop of a template that declares `local n=0`: joined, the assignment sets that local, and the text alone is no evidence that the script fails. A name the other script only assigns as a global (which fails wherever it is joined) is no such declaration. The finding names the first such name, the script that declares it and how many more.\n\n" +
				"Info, once per file, for a .lua file whose top level is nothing but global function definitions (`function f(...) ... end`, `f = function(...) ... end`) and comments, with no call, no return and no other statement: sent as it is, such a file fails at its first definition and does nothing else, so it is no EVAL script but a container that a loader cuts apart, sending each function's body as a script. Each body is linted as a script of its own (its KEYS, ARGV and return are that script's; the file's function names and the function's parameters are known names), and its findings keep their severity. A file that defines a function and then calls it is one script, and each global definition in it is an error.",
		},
	},
	Run: runGlobalAssignment,
})

func runGlobalAssignment(p *lint.Pass) {
	m := p.Model
	siblingOf := siblingLookup(p)
	// Assignments to names that a script this one may be joined with
	// declares local: reported once, as a fragment's. A name the other
	// script only assigns as a global is no local for them to set.
	var fragment []model.GlobalAccess
	for _, g := range m.Globals {
		if !g.Write {
			continue
		}
		if !g.Field && siblingOf(g.Name).Local {
			fragment = append(fragment, g)
			continue
		}
		when := "the script fails when it gets here"
		if atLoad(m, g) {
			when = "FUNCTION LOAD fails"
		} else if m.Context.String() == "library" {
			when = "FCALL fails when it gets here"
		}
		if g.Field {
			// The table as the script wrote it: on Valkey, the model
			// names server.x redis.x.
			table := g.Ident.Value
			_, field, _ := strings.Cut(g.Name, ".")
			if !readonlyTable(p.Target, table) {
				continue
			}
			p.Report(g.Range(), "%s.%s is a field of the read-only %s table", table, field, table).
				Help("%s with 'Attempt to modify a readonly table': keep the value in a local", when)
			continue
		}
		p.Report(g.Range(), "assignment to global %s", g.Name).
			Help("%s with 'Attempt to modify a readonly table': declare it local", when)
	}
	reportRawsetGlobals(p)
	if len(fragment) > 0 {
		names, more := fragmentNames(fragment)
		first := fragment[0]
		p.Report(first.Range(), "assignment to %s%s, declared only by %s, as in a fragment", first.Name, more, siblingOf(first.Name).Script).
			Help("joined after that declaration, as a loader or a program that builds its script from pieces joins them, it sets "+
				"the declared variable; run alone, this text fails with 'Attempt to modify a readonly table' (declare local: %s)", strings.Join(names, ", ")).Info()
	}
}

// reportRawsetGlobals reports rawset(_G, name, v): rawset skips a
// metatable's __newindex, but the global table itself is read-only and
// rawset fails too (itamarhaber's heappump.lua; redis-facts B6, observed
// on 7.0.15: 'Attempt to modify a readonly table').
func reportRawsetGlobals(p *lint.Pass) {
	m := p.Model
	m.Preorder(model.KFuncCallExpr, func(n any) {
		c := n.(*ast.FuncCallExpr)
		if m.BuiltinName(c) != "rawset" || len(c.Args) == 0 {
			return
		}
		if g := m.Value(c.Args[0]); g.Origin != model.Builtin || g.Lit != "_G" {
			return
		}
		p.Report(m.Range(c), "rawset(_G, ...) writes a global of the read-only global table").
			Help("the global table is read-only itself, not only guarded by a metatable, so rawset fails too with 'Attempt to modify a readonly table': keep the value in a local table")
	})
}
