// Package prove replays a script on a Redis server to show that a finding
// happens (lint-lua --prove): it searches a small, fixed set of inputs (an
// empty database or one whose keys hold strings, the KEYS the script reads,
// ARGV values from a pool of numbers, odd strings and the script's own
// literals) for a run where Redis fails at the finding's line with the
// error its rule names. A finding so reproduced carries the witness and
// what the server replied; one that is not, that the search ran out.
//
// Only the rules whose effect is a runtime error are tried (effects): a
// wrong answer (a test that is never true, a truncated reply) shows in no
// error text, and is left as the rule reported it.
//
// The engine is a real redis-server: a private one started from PATH on a
// loopback port (Local), or one the user names (Dial), used only on a
// database that is empty when the run starts and left empty. On a named
// server, scripts that could reach beyond that database (SELECT, MOVE,
// SWAPDB, COPY, MIGRATE, FLUSHALL...) are not run; nowhere are scripts
// whose command names are not literals, or Functions libraries.
package prove

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/rules/ruleid"
	"github.com/yuin/gopher-lua/ast"
)

// effects maps the rules whose findings fail at run time to the error
// texts Redis gives then (observed on 7.0.15, ../shared/redis-facts.md and
// the rules' proof tests). A run proves a finding only with one of its
// rule's texts at the finding's line. Compiled when --prove first needs
// them, not at every start of the process.
var effects = sync.OnceValue(func() map[string]*regexp.Regexp {
	return map[string]*regexp.Regexp{
		ruleid.UnguardedNilReply:      regexp.MustCompile(`attempt to (compare|perform arithmetic on|concatenate|index)|bad argument #\d+ to '[^']+' \([a-z]+ expected, got (nil|boolean|no value)\)|arguments must be strings or integers`),
		ruleid.NilArgument:            regexp.MustCompile(`arguments must be strings or integers`),
		ruleid.StringNumberCompare:    regexp.MustCompile(`attempt to compare (number with string|string with number)`),
		ruleid.CommandArity:           regexp.MustCompile(`(?i)wrong number of arg`),
		ruleid.UnknownCommand:         regexp.MustCompile(`Unknown Redis command called from script`),
		ruleid.ScriptForbiddenCommand: regexp.MustCompile(`not allowed from script`),
		ruleid.InvalidExpireTime:      regexp.MustCompile(`invalid expire time|not an integer or out of range`),
		ruleid.FractionalExpireTime:   regexp.MustCompile(`not an integer or out of range`),
		ruleid.GlobalAssignment:       regexp.MustCompile(`Attempt to modify a readonly table|attempted to create global variable`),
		ruleid.UndefinedGlobal:        regexp.MustCompile(`nonexistent global variable|attempt to call a nil value|attempt to index`),
		ruleid.UnavailableLibrary:     regexp.MustCompile(`nonexistent global variable|attempt to call a nil value|attempt to index`),
		ruleid.UnboundedUnpack:        regexp.MustCompile(`too many results to unpack`),
	}
})

// Proof is what replaying a finding showed: a witness and the server's
// reply, or that no input of the search reached it.
type Proof = diag.Proof

// budget is the most runs the search makes for one script.
const budget = 48

// Script is what the search needs to know of a script.
type Script struct {
	Src string
	// file is the parsed script, whose line starts place a finding's range.
	file       *luasrc.File
	keys, args int
	// literals are short string literals of the script, tried as ARGV.
	literals []string
	// refused says why the script is not run, or "".
	refused string
	// library says the text is a Functions library (a #! shebang or
	// register_function), whose functions are run by FCALL.
	library   bool
	functions []string
	// reaches is a command the script calls that reaches beyond the
	// database a run uses: the script runs only on a private server.
	reaches string
	// named are the keys the script's calls name first (a literal, or
	// KEYS[i] as "#i"), with the group of the first command on each.
	named map[string]string
	order []string
	// fields are literal hash fields the script reads, by key.
	fields map[string][]string
	// dbKeys are the KEYS elements (1-based) the script SELECTs: a
	// database index, not a key name.
	dbKeys map[int]bool
	// keyLocals are the locals assigned a KEYS element where they are
	// declared (local db = KEYS[1]), by name.
	keyLocals map[string]int
	// valkey is where the script's own text shows it is written for
	// Valkey (the global server, which only Valkey defines), or "".
	valkey string
	// calls are the script's redis.call and redis.pcall sites.
	calls []callSite
	// defs are the functions of a script whose top level only defines
	// local functions: a file its loader prepends to the scripts that
	// call them (nil otherwise).
	defs []funcDef
}

// funcDef is a local function a file of functions defines.
type funcDef struct {
	name     string
	params   int
	from, to int
}

// callSite is one redis.call or redis.pcall of the script.
type callSite struct {
	// from and to are the byte offsets of redis.call (the function
	// expression), which a traced run replaces.
	from, to int
	pcall    bool
	// line is the line of the call's '(': Lua blames a failed call on
	// it, whatever line the argument at fault is on.
	line int
	args []diag.Range
}

// forbidden are the commands that reach beyond the database the run uses.
var forbidden = map[string]bool{"SELECT": true, "MOVE": true, "SWAPDB": true, "COPY": true, "MIGRATE": true, "FLUSHALL": true, "SHUTDOWN": true, "DEBUG": true, "CONFIG": true, "FUNCTION": true, "SCRIPT": true}

// Inspect reads what the search needs from a parsed script.
func Inspect(f *luasrc.File) *Script {
	s := &Script{Src: string(f.Src), file: f, named: map[string]string{}, fields: map[string][]string{}}
	if f.Chunk == nil {
		s.refused = "it does not parse"
		return s
	}
	if strings.HasPrefix(s.Src, "#!") {
		s.library = true
	}
	seen := map[string]bool{}
	// The names a registered function's callback gives its keys and args
	// (function(keys, args)): KEYS and ARGV in a library.
	keysNames, argsNames := map[string]bool{"KEYS": true}, map[string]bool{"ARGV": true}
	// serverLocal: a local or parameter is named server, so that server
	// may not be the global.
	serverLocal, serverAt := false, 0
	declares := func(names []string) {
		for _, n := range names {
			serverLocal = serverLocal || n == "server"
		}
	}
	model.Inspect(f.Chunk, func(n any) bool {
		switch e := n.(type) {
		case *ast.LocalAssignStmt:
			declares(e.Names)
			for i, n := range e.Names {
				if i < len(e.Exprs) {
					if k := keysIndex(e.Exprs[i]); k > 0 {
						if s.keyLocals == nil {
							s.keyLocals = map[string]int{}
						}
						s.keyLocals[n] = k
					}
				}
			}
		case *ast.FunctionExpr:
			if e.ParList != nil {
				declares(e.ParList.Names)
			}
		case *ast.GenericForStmt:
			declares(e.Names)
		case *ast.NumberForStmt:
			declares([]string{e.Name})
		case *ast.AttrGetExpr:
			id, ok := e.Object.(*ast.IdentExpr)
			if !ok {
				break
			}
			if id.Value == "server" && serverAt == 0 {
				serverAt = f.Range(id).Start.Line
			}
			if k, ok := e.Key.(*ast.StringExpr); ok && (id.Value == "redis" || id.Value == "server") && k.Value == "register_function" {
				s.library = true
			}
			num, ok := e.Key.(*ast.NumberExpr)
			if !ok {
				break
			}
			i, err := strconv.Atoi(num.Value)
			if err != nil || i < 1 || i > 64 {
				break
			}
			switch {
			case keysNames[id.Value]:
				s.keys = max(s.keys, i)
			case argsNames[id.Value]:
				s.args = max(s.args, i)
			}
		case *ast.FuncCallExpr:
			g, ok := e.Func.(*ast.AttrGetExpr)
			if !ok {
				break
			}
			if name, cb, ok := registeredName(g, e.Args); ok && len(s.functions) < 16 {
				s.functions = append(s.functions, name)
				if cb != nil && cb.ParList != nil {
					if ns := cb.ParList.Names; len(ns) > 0 {
						keysNames[ns[0]] = true
						if len(ns) > 1 {
							argsNames[ns[1]] = true
						}
					}
				}
			}
			obj, ok1 := g.Object.(*ast.IdentExpr)
			fn, ok2 := g.Key.(*ast.StringExpr)
			if !ok1 || !ok2 || (obj.Value != "redis" && obj.Value != "server") || (fn.Value != "call" && fn.Value != "pcall") {
				break
			}
			if len(e.Args) == 0 {
				break
			}
			site := callSite{from: f.Offset(f.Range(g).Start), to: f.Offset(f.Range(g).End), pcall: fn.Value == "pcall", line: f.Range(g).End.Line}
			for _, a := range e.Args {
				site.args = append(site.args, f.Range(a))
			}
			if len(s.calls) < 256 {
				s.calls = append(s.calls, site)
			}
			name, ok := e.Args[0].(*ast.StringExpr)
			if !ok {
				s.refused = "a command name is not a literal"
				break
			}
			cmd := strings.ToUpper(name.Value)
			if forbidden[cmd] && s.reaches == "" {
				s.reaches = cmd
			}
			if len(e.Args) > 1 {
				if cmd == "SELECT" {
					s.selectKey(e.Args[1])
				} else {
					s.name(e.Args[1], cmd, e.Args[2:])
				}
			}
		case *ast.StringExpr:
			if len(e.Value) <= 32 && !seen[e.Value] && len(s.literals) < 8 && !strings.ContainsAny(e.Value, "\x00\r\n") {
				seen[e.Value] = true
				s.literals = append(s.literals, e.Value)
			}
		}
		return true
	})
	s.defs = functionsOnly(f)
	if serverAt > 0 && !serverLocal {
		s.valkey = "server.* on line " + strconv.Itoa(serverAt)
	}
	return s
}

// registeredName is the function name a redis.register_function call
// gives (its first argument, or the function_name field of its table),
// and the callback when it is written there.
func registeredName(g *ast.AttrGetExpr, args []ast.Expr) (string, *ast.FunctionExpr, bool) {
	k, ok := g.Key.(*ast.StringExpr)
	if !ok || k.Value != "register_function" || len(args) == 0 {
		return "", nil, false
	}
	switch a := args[0].(type) {
	case *ast.StringExpr:
		var cb *ast.FunctionExpr
		if len(args) > 1 {
			cb, _ = args[1].(*ast.FunctionExpr)
		}
		return a.Value, cb, true
	case *ast.TableExpr:
		name, found := "", false
		var cb *ast.FunctionExpr
		for _, f := range a.Fields {
			key, ok := f.Key.(*ast.StringExpr)
			if !ok {
				continue
			}
			switch key.Value {
			case "function_name":
				if v, ok := f.Value.(*ast.StringExpr); ok {
					name, found = v.Value, true
				}
			case "callback":
				cb, _ = f.Value.(*ast.FunctionExpr)
			}
		}
		return name, cb, found
	}
	return "", nil, false
}

// functionsOnly is the functions f defines when its top level does
// nothing else (local name = function ... end, local function name).
func functionsOnly(f *luasrc.File) []funcDef {
	var defs []funcDef
	for _, st := range f.Chunk {
		l, ok := st.(*ast.LocalAssignStmt)
		if !ok || len(l.Names) != len(l.Exprs) {
			return nil
		}
		for i, e := range l.Exprs {
			fe, ok := e.(*ast.FunctionExpr)
			if !ok {
				return nil
			}
			n := 0
			if fe.ParList != nil {
				n = len(fe.ParList.Names)
			}
			r := f.Range(fe)
			defs = append(defs, funcDef{name: l.Names[i], params: n, from: r.Start.Line, to: r.End.Line})
		}
	}
	return defs
}

// keysIndex is i when e is KEYS[i], else 0.
func keysIndex(e ast.Expr) int {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok {
		return 0
	}
	id, ok1 := a.Object.(*ast.IdentExpr)
	num, ok2 := a.Key.(*ast.NumberExpr)
	if !ok1 || !ok2 || id.Value != "KEYS" {
		return 0
	}
	if i, err := strconv.Atoi(num.Value); err == nil && i >= 1 && i <= 64 {
		return i
	}
	return 0
}

// selectKey records a KEYS element the script passes to SELECT, itself
// or through a local that holds it (local db = KEYS[1]).
func (s *Script) selectKey(arg ast.Expr) {
	i := keysIndex(arg)
	if id, ok := arg.(*ast.IdentExpr); ok && i == 0 {
		i = s.keyLocals[id.Value]
	}
	if i > 0 {
		if s.dbKeys == nil {
			s.dbKeys = map[int]bool{}
		}
		s.dbKeys[i] = true
	}
}

// name records the key a call names first, with its command's group.
func (s *Script) name(key ast.Expr, cmd string, rest []ast.Expr) {
	k := ""
	switch e := key.(type) {
	case *ast.StringExpr:
		k = e.Value
	case *ast.AttrGetExpr:
		id, ok := e.Object.(*ast.IdentExpr)
		num, ok2 := e.Key.(*ast.NumberExpr)
		if ok && ok2 && id.Value == "KEYS" {
			k = "#" + num.Value
		}
	}
	c := redisdb.Lookup(cmd)
	if k == "" || c == nil || len(k) > 64 {
		return
	}
	if _, ok := s.named[k]; !ok && len(s.order) < 16 {
		s.named[k] = c.Group
		s.order = append(s.order, k)
	}
	if c.Group == "hash" && len(rest) > 0 {
		if f, ok := rest[0].(*ast.StringExpr); ok && len(s.fields[k]) < 4 {
			s.fields[k] = append(s.fields[k], f.Value)
		}
	}
}

// states are the databases the search runs the script on: empty, every
// key the script names holding the string 1, and each holding a value of
// the type its first command expects.
func (s *Script) states(keys []string) []state {
	out := []state{{name: "an empty database"}}
	if len(s.order) == 0 {
		return out
	}
	real := func(k string) string {
		if i, err := strconv.Atoi(strings.TrimPrefix(k, "#")); strings.HasPrefix(k, "#") && err == nil {
			if i >= 1 && i <= len(keys) {
				return keys[i-1]
			}
			return ""
		}
		return k
	}
	var strs, typed [][]string
	for _, k := range s.order {
		rk := real(k)
		if rk == "" {
			continue
		}
		strs = append(strs, []string{"SET", rk, "1"})
		switch s.named[k] {
		case "list":
			typed = append(typed, []string{"RPUSH", rk, "1", "2", "3"})
		case "set":
			typed = append(typed, []string{"SADD", rk, "1", "2", "3"})
		case "sorted_set":
			typed = append(typed, []string{"ZADD", rk, "1", "1", "2", "2", "3", "3"})
		case "hash":
			cmd := []string{"HSET", rk, "f", "1"}
			for _, f := range s.fields[k] {
				cmd = append(cmd, f, "1")
			}
			typed = append(typed, cmd)
		default:
			typed = append(typed, []string{"SET", rk, "1"})
		}
	}
	return append(out, state{"every key the script names holding the string 1", strs}, state{"every key the script names holding a value of its commands' type", typed})
}

type state struct {
	name  string
	setup [][]string
}

// Runner runs one attempt: the database emptied, setup run, then EVAL of
// src with keys and args. It returns the error text of a failed EVAL, ""
// when it replied, and err when the server could not be used.
type Runner interface {
	Attempt(setup [][]string, src string, keys, args []string) (evalErr string, err error)
	// Name is the server's name and version, for the witness.
	Name() string
	// Private says the whole server is the run's (Local): a script may
	// reach beyond one database there, and a Functions library may be
	// loaded.
	Private() bool
	// Load loads a Functions library in place of any other (FUNCTION
	// LOAD), returning the server's refusal as text.
	Load(src string) (loadErr string, err error)
	// Call is Attempt for a function of the library loaded: FCALL fn.
	Call(setup [][]string, fn string, keys, args []string) (evalErr string, err error)
	// Reply is Attempt that returns the reply as redis-cli shows it (a
	// value, or "(error) ...").
	Reply(setup [][]string, src string, keys, args []string) (string, error)
	// Trace is Attempt that also returns the elements of the list
	// traceKey as the run left it (a traced script's record of its
	// calls).
	Trace(setup [][]string, src string, keys, args []string) (evalErr string, trace []string, err error)
	// Valkey says the server is Valkey's.
	Valkey() bool
}

// Search replays s on r until every finding of ds whose rule has an effect
// is reproduced or the budget is spent, and sets each such finding's
// Proof. Findings of other rules are left as they are. ds are findings of
// s, with lines of s.
func Search(r Runner, s *Script, ds []diag.Diagnostic) error {
	var want, answer []int
	for i, d := range ds {
		switch {
		case effects()[d.Rule] != nil:
			want = append(want, i)
		case Answers[d.Rule] && d.Fix != nil && d.Fix.Applicability == diag.Safe && !s.library:
			answer = append(answer, i)
		}
	}
	if len(want) == 0 && len(answer) == 0 {
		return nil
	}
	sr := &search{r: r, s: s, ds: ds, want: want, open: len(want), answers: len(answer) > 0}
	refused := s.refused
	if refused == "" && s.valkey != "" && !r.Valkey() {
		// The script's own text says where it runs: a proof on Redis
		// would show only that Redis is not Valkey.
		refused = "its text is written for Valkey (" + s.valkey + ": server is a global only Valkey has), and " + r.Name() +
			" is not Valkey (--prove=HOST:PORT names a valkey-server)"
	}
	if refused == "" && s.reaches != "" && !r.Private() {
		refused = "it calls " + s.reaches + ", which reaches beyond the database it may use (--prove=local runs it on a private server)"
	}
	if refused == "" && s.library {
		switch {
		case !r.Private():
			refused = "a Functions library is loaded only on a private server (--prove=local), never on one that holds data"
		default:
			msg, err := r.Load(s.Src)
			if err != nil {
				return err
			}
			if msg != "" {
				// Loading runs the library's top level: its error may be
				// the finding's.
				if err := sr.match(msg, run{how: "loading the library (FUNCTION LOAD)"}); err != nil {
					return err
				}
				refused = "the server refused the library: " + trimScript(msg)
			} else if len(s.functions) == 0 {
				refused = "the library registers no function by a literal name"
			}
		}
	}
	if refused != "" {
		for _, i := range append(want, answer...) {
			if ds[i].Proof == nil {
				ds[i].Proof = &Proof{Note: "not run on " + r.Name() + ": " + refused}
			}
		}
		return nil
	}
	keys := make([]string, s.keys)
	for i := range keys {
		keys[i] = "lint-lua:prove:k" + strconv.Itoa(i+1)
		if s.dbKeys[i+1] {
			// The script SELECTs it: a database index.
			keys[i] = "0"
		}
	}
	sr.keys = keys
	pool := append([]string{"1", "0", "-1", "10", "1.5", "x", ""}, s.literals...)
	var inputs [][]string
	base := make([]string, s.args)
	for i := range base {
		base[i] = "1"
	}
	inputs = append(inputs, base, nil)
	for i := range s.args {
		for _, v := range pool[1:] {
			in := append([]string(nil), base...)
			in[i] = v
			inputs = append(inputs, in)
		}
	}
	// The base inputs on every state first, then the states the script's
	// own reads ask for (guide), then one ARGV changed at a time: the
	// budget reaches every state.
	sts := s.states(keys)
	var plan []planned
	for i, in := range inputs {
		for _, st := range sts {
			if i < 2 {
				plan = append(plan, planned{st.name, st.setup, in})
			}
		}
	}
	if err := sr.runPlan(plan); err != nil {
		return err
	}
	if err := sr.guide(base); err != nil {
		return err
	}
	var rest []planned
	for _, in := range inputs[2:] {
		for _, st := range sts {
			rest = append(rest, planned{st.name, st.setup, in})
		}
	}
	if err := sr.runPlan(rest); err != nil {
		return err
	}
	if err := sr.callDefs(); err != nil {
		return err
	}
	plan = append(append(plan, sr.guided...), rest...)
	for _, i := range want {
		if ds[i].Proof == nil {
			note := "not reproduced on " + r.Name() + " by " + strconv.Itoa(sr.runs) + " runs (empty, string and typed keys, the keys its reads found missing; ARGV from numbers, odd strings and the script's literals)"
			if sr.stopped != nil {
				note = "not reproduced on " + r.Name() + ": " + sr.stopped.Error() + " (run " + strconv.Itoa(sr.runs) + "), and the search of this script stopped"
			}
			ds[i].Proof = &Proof{Searched: true, Note: note}
		}
	}
	if sr.stopped != nil {
		for _, i := range answer {
			ds[i].Proof = &Proof{Searched: true, Note: "not compared on " + r.Name() + ": " + sr.stopped.Error()}
		}
		return nil
	}
	return compareFixed(r, s, ds, answer, plan, keys)
}

// callDefs proves the findings inside the functions of a file of
// functions by running the file with a call of the function appended
// (return name(v, v...)), as a script its loader prepends it to calls it:
// v from -1, 1, 0 and "x", the same value for every parameter.
func (sr *search) callDefs() error {
	for _, d := range sr.s.defs {
		inside := false
		for _, i := range sr.want {
			f := &sr.ds[i]
			inside = inside || (f.Proof == nil || !f.Proof.Reproduced) && f.Range.Start.Line >= d.from && f.Range.Start.Line <= d.to
		}
		if !inside {
			continue
		}
		for _, v := range []string{"-1", "1", "0", "'x'"} {
			if sr.done() {
				return nil
			}
			vs := make([]string, d.params)
			for i := range vs {
				vs[i] = v
			}
			call := "return " + d.name + "(" + strings.Join(vs, ", ") + ")"
			sr.runs++
			msg, err := sr.r.Attempt(nil, sr.s.Src+"\n"+call+"\n", sr.keys, nil)
			if errors.Is(err, ErrRanOn) {
				sr.stopped = err
				return nil
			}
			if err != nil {
				return err
			}
			if err := sr.match(msg, run{how: "an empty database, the file with `" + call + "` appended (a file of functions: its loader prepends it to the scripts that call them)", call: call}); err != nil {
				return err
			}
		}
	}
	return nil
}

// search is one script's replay: its findings, the runs made so far.
type search struct {
	r    Runner
	s    *Script
	ds   []diag.Diagnostic
	want []int
	// open counts the findings of want not reproduced yet.
	open    int
	keys    []string
	runs    int
	stopped error
	// guided are the states guide ran, which compareFixed tries too;
	// answers says there are findings for it to compare.
	guided  []planned
	answers bool
}

// run is one run of the search, as a proof shows it.
type run struct {
	how   string
	setup [][]string
	args  []string
	fn    string
	// call is the line appended to a file of functions.
	call string
}

// done says the search is over: every finding reproduced, the budget
// spent, or a run that had to be killed.
func (sr *search) done() bool {
	return sr.open == 0 || sr.runs >= budget || sr.stopped != nil
}

// runPlan runs the script on each input of plan until the search is done.
func (sr *search) runPlan(plan []planned) error {
	for _, p := range plan {
		if sr.done() {
			return nil
		}
		if err := sr.attempt(p.name, p.setup, p.args); err != nil {
			return err
		}
	}
	return nil
}

// attempt runs the script (each function of a library) once on setup
// and args, and proves what its errors reproduce.
func (sr *search) attempt(name string, setup [][]string, args []string) error {
	sr.runs++
	fns := []string{""}
	if sr.s.library {
		fns = sr.s.functions
	}
	for _, fn := range fns {
		var msg string
		var err error
		if fn == "" {
			msg, err = sr.r.Attempt(setup, sr.s.Src, sr.keys, args)
		} else {
			msg, err = sr.r.Call(setup, fn, sr.keys, args)
		}
		if errors.Is(err, ErrRanOn) {
			sr.stopped = err
			return nil
		}
		if err != nil {
			return err
		}
		if err := sr.match(msg, run{how: witness(name, sr.keys, args), setup: setup, args: args, fn: fn}); err != nil {
			return err
		}
	}
	return nil
}

// match proves the open findings that msg, the error of run, reproduces
// (blamed).
func (sr *search) match(msg string, rn run) error {
	line, ok := errorLine(msg)
	if !ok {
		return nil
	}
	for _, i := range sr.want {
		d := &sr.ds[i]
		if d.Proof != nil && d.Proof.Reproduced {
			continue
		}
		ok, err := sr.blamed(d, msg, line, rn)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		d.Proof = &Proof{Reproduced: true, Searched: true, Witness: rn.how, Reply: trimScript(msg), Server: sr.r.Name(),
			State: rn.setup, Keys: sr.keys, Args: rn.args, Function: rn.fn, Appended: rn.call}
		sr.open--
	}
	return nil
}

// named finds the variable an error text names ("nonexistent global
// variable 'x'", "attempt to call global 'x'", "field 'x'").
var named = regexp.MustCompile(`(?:global variable|global|local|field|upvalue|method) '([A-Za-z_][A-Za-z0-9_]*)'`)

// nameRules are the rules whose finding is a name: an error that names
// another variable is not theirs.
var nameRules = map[string]bool{ruleid.UndefinedGlobal: true, ruleid.UnavailableLibrary: true}

// blamed says whether msg, an error at line, is d's: its rule's text, at
// its lines or at the '(' of the redis.call whose argument it is (Lua
// blames a failed call on that line, whatever line its arguments are
// on: a run of the script with that call checked says which argument it
// was), and, for a rule whose finding is a name, naming that name.
func (sr *search) blamed(d *diag.Diagnostic, msg string, line int, rn run) (bool, error) {
	if !effects()[d.Rule].MatchString(msg) {
		return false, nil
	}
	if nameRules[d.Rule] {
		if m := named.FindStringSubmatch(msg); m != nil && !containsWord(sr.s.text(d.Range), m[1]) {
			return false, nil
		}
	}
	if line >= d.Range.Start.Line && line <= max(d.Range.End.Line, d.Range.Start.Line) {
		return true, nil
	}
	if rn.fn != "" || rn.call != "" || rn.how == "" || sr.s.library {
		return false, nil
	}
	site, arg := sr.s.argOf(d.Range)
	if site == nil || site.pcall || site.line != line || arg < 1 || sr.done() {
		return false, nil
	}
	// The call failed on its line: check that the argument was the
	// finding's, by a run of the script whose call says which argument
	// it refuses.
	sr.runs++
	got, err := sr.r.Attempt(rn.setup, sr.s.checked(site), sr.keys, rn.args)
	if errors.Is(err, ErrRanOn) {
		sr.stopped = err
		return false, nil
	}
	if err != nil {
		return false, err
	}
	// error(msg, 2) names the caller's line in its text: "user_script:52:
	// lint-lua:prove: argument 5 is boolean".
	m := checkedAt.FindStringSubmatch(got)
	return m != nil && m[1] == strconv.Itoa(line) && m[2] == strconv.Itoa(arg), nil
}

// checkedAt reads a checked call's refusal: its line and argument.
var checkedAt = regexp.MustCompile(`user_script:(\d+): ` + checkedError + `(\d+) is `)

// Answers are the rules whose findings are a wrong answer, not an error
// (a test that is never true, a status reply compared as a string), and
// whose safe fix makes the test the finding says was meant: such a
// finding is proved by a run where the script and the script with the fix
// reply differently, the script's reply the same twice (a script whose
// reply varies by itself proves nothing).
var Answers = map[string]bool{ruleid.NilReplyCompare: true, ruleid.ReplyTypeCompare: true, ruleid.IntegerReplyTruthiness: true}

// answerBudget is the most inputs compareFixed tries for one finding
// (three runs each).
const answerBudget = 12

// compareFixed proves the findings of answer by their fixes.
func compareFixed(r Runner, s *Script, ds []diag.Diagnostic, answer []int, plan []planned, keys []string) error {
	for _, i := range answer {
		d := &ds[i]
		fixed, n := diag.ApplyFixes([]byte(s.Src), []diag.Diagnostic{*d}, diag.Safe)
		if n != 1 {
			d.Proof = &Proof{Note: "not compared: its fix does not apply to the script alone"}
			continue
		}
		tried := 0
		for _, p := range plan {
			if tried >= answerBudget {
				break
			}
			tried++
			got, err := r.Reply(p.setup, s.Src, keys, p.args)
			if err != nil {
				if errors.Is(err, ErrRanOn) {
					break
				}
				return err
			}
			again, err := r.Reply(p.setup, s.Src, keys, p.args)
			if err != nil {
				return err
			}
			want, err := r.Reply(p.setup, string(fixed), keys, p.args)
			if err != nil {
				return err
			}
			if got == again && got != want {
				d.Proof = &Proof{Reproduced: true, Searched: true, Witness: witness(p.name, keys, p.args), Server: r.Name(),
					Reply: got + "; with the fix (" + d.Fix.Message + "): " + want}
				break
			}
		}
		if d.Proof == nil {
			d.Proof = &Proof{Searched: true, Note: "no input of " + strconv.Itoa(tried) + " made the script and the script with the fix reply differently on " + r.Name()}
		}
	}
	return nil
}

// planned is one input of the search: a database state and ARGV.
type planned struct {
	name  string
	setup [][]string
	args  []string
}

// errorLine is the script line an EVAL or FCALL error names ("... on
// @user_script:3.", "... on @user_function:3.").
func errorLine(msg string) (int, bool) {
	i := strings.LastIndex(msg, "@user_")
	if i < 0 {
		// The embedded server's form: "... (new function): :3: ...".
		const mini = "(new function): :"
		if j := strings.Index(msg, mini); j >= 0 {
			rest := msg[j+len(mini):]
			k := 0
			for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
				k++
			}
			if k < len(rest) && rest[k] == ':' {
				n, err := strconv.Atoi(rest[:k])
				return n, err == nil
			}
		}
		return 0, false
	}
	rest := msg[i+len("@user_"):]
	j := strings.IndexByte(rest, ':')
	if j < 0 || (rest[:j] != "script" && rest[:j] != "function") {
		return 0, false
	}
	rest = rest[j+1:]
	j = 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(rest[:j])
	return n, err == nil
}

// trimScript drops the "script: <sha>, on @user_script:N." tail (and the
// embedded server's stack traceback).
func trimScript(msg string) string {
	for _, tail := range []string{" script: ", " stack traceback:"} {
		if i := strings.Index(msg, tail); i >= 0 {
			msg = msg[:i]
		}
	}
	return msg
}

func witness(state string, keys, args []string) string {
	q := func(ss []string) string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = strconv.Quote(s)
		}
		return "{" + strings.Join(out, ", ") + "}"
	}
	return state + ", KEYS " + q(keys) + ", ARGV " + q(args)
}
