package analyzer

import (
	"go/types"
	"reflect"

	"github.com/lint-lua/lint-lua/internal/lint"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

// Default returns an analyzer that reports the findings of cat's rules in
// Go packages, with the default settings, which its flags change (go vet
// -vettool: lint-lua-vet). New makes one with other settings.
func Default(cat *lint.Catalogue) *analysis.Analyzer {
	return newAnalyzer(defaultOptions(cat))
}

const doc = `report mistakes in Redis Lua scripts embedded in Go code

lintlua finds the Lua scripts that Go code hands to Redis through go-redis,
redigo and rueidis (NewScript, Eval, EvalSha, FCall, Do("EVAL", ...), ...),
lints each one with every lint-lua rule at its position inside the Go
string, and checks the call sites: the number of keys passed, key slots,
scripts built at run time, check-then-act races between separate commands,
locks without expiry and unsafe releases.

Scripts are found by type (go-redis v9/v8 and rueidiscompat, redigo,
rueidis) when their text is known at compile time: literals, constants,
concatenations, fmt.Sprintf of constants, variables and unexported
struct fields assigned once, and //go:embed files (findings are then
reported in the .lua file). A script object's call-site checks follow it
from the NewScript that made it through such variables and fields, and
through a function that runs the object it is passed. The .lua
files of an embed.FS are scripts too when the package reads that FS and
hands a script API a text it cannot see (a ReadDir/ReadFile loop), the
FS of another package too (a fact lists its files). A
function of the project whose parameter reaches a script API (a helper,
a method wrapping Do, one over the project's own interface) exports a
fact, and its callers' arguments are linted as scripts, across packages.
The functions and methods .lint-lua.yaml names in script_apis: are script
APIs too. Each
finding's category is its rule ID and its message ends with it.

Findings of info severity are not reported unless -min-severity=info
(go vet fails on any diagnostic). The .lint-lua.yaml nearest the package's
directory applies (or -config=FILE), and the flags mean what lint-lua's
flags of the same name mean: -redis-version=6.2 reports the commands and
options added after that version; -disable=RULE,... turns rules off,
-enable=RULE,... turns on rules the configuration turns off, -only=RULE,...
reports only those; -rule-severity=RULE=info,... changes a rule's
severity; -baseline=FILE (or baseline: in the configuration) leaves out
the findings a baseline file that lint-lua --write-baseline wrote holds. go vet takes these flags prefixed by the analyzer's name: go vet
-vettool=$(which lint-lua-vet) -lintlua.redis-version=6.2 ./... A finding is silenced by a comment
//lint-lua:ignore RULE reason on its line or the line above, and inside a
script by the Lua comment -- lint-lua: ignore RULE -- reason. With
-severity=info, a //lint-lua:ignore of a known rule that silences nothing
is reported (unused-ignore).`

func newAnalyzer(o *options) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "lintlua",
		Doc:      doc,
		URL:      "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md",
		Requires: []*analysis.Analyzer{inspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			set, err := o.resolve(pass)
			if err != nil {
				return nil, err
			}
			return run(pass, set)
		},
		ResultType: reflect.TypeOf((*Result)(nil)),
		FactTypes:  []analysis.Fact{new(scriptParam), new(embedFS)},
	}
	o.register(&a.Flags)
	return a
}

// check is one part of the analysis.
type check func(*analysis.Pass, *state)

// checks run in this order once the scripts are found: the Lua rules over
// each script (lualint.go), the call-site rules about scripts
// (callsite_script.go), and the call-site rules about plain commands
// (callsite_checkthenact.go, callsite_locks.go).
var checks = []check{lintScripts, checkScriptCalls, checkCallsites}

// state is what the checks of one package share.
type state struct {
	// scripts are the Lua sources the package hands to Redis, one per
	// literal (or embedded file), in source order; uses are the calls that
	// create, run or load them (scripts.go). Both are filled before any
	// check runs.
	scripts []*luaScript
	uses    []*scriptUse
	// settings are the analyzer's settings for this run (settings.go).
	settings *resolved
	// rep takes the findings (report.go).
	rep *reporter
	// apis are the package's functions that hand a parameter to a script
	// API, and the imported ones' facts (facts.go).
	apis *projectAPIs
	// eval computes the texts the package's expressions are known to
	// hold, from the one record of its writes (consteval.go, assigns.go).
	eval *evaluator
	// fsLinted are the package's embed.FS variables whose .lua files it
	// linted (embedfs.go).
	fsLinted map[*types.Var]bool
}

func run(pass *analysis.Pass, set *resolved) (any, error) {
	st := &state{settings: set}
	st.rep = newReporter(pass, set, &st.scripts)
	st.eval = newEvaluator(pass, set.maxFileSize)
	st.apis = findProjectAPIs(pass, st.eval, set.set.ScriptAPIs.For("go"))
	findScripts(pass, st)
	exportEmbedFS(pass, st.eval, st.fsLinted)
	for _, c := range checks {
		c(pass, st)
	}
	st.rep.reportIgnores()
	st.rep.flush()
	return result(pass, st), nil
}
