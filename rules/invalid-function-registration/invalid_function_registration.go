// Package invalidfunctionregistration is the rule invalid-function-registration: a redis.register_function call that Redis refuses.
package invalidfunctionregistration

import (
	_ "embed" // doc.md

	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is invalid-function-registration.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "invalid-function-registration",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/invalid-function-registration/doc.md", doc),
	},
	Run: runInvalidFunctionRegistration,
}

// registerArgs are the named arguments redis.register_function accepts.
var registerArgs = map[string]bool{"function_name": true, "callback": true, "flags": true, "description": true}

func runInvalidFunctionRegistration(p *lint.Pass) {
	m := p.Model
	kind := ruleutil.ClassifyFile(m)
	type named struct {
		name string
		reg  *model.Registration
	}
	var names []named
	for _, reg := range m.Registrations {
		unit := m.Unit(m.FuncOf(reg.Call))
		if unit.Registration != nil {
			p.Report(m.Range(reg.Call), "redis.register_function inside a registered function").
				Help("it exists only while the library loads, so FCALL fails with 'attempt to call field 'register_function' (a nil value)'; register every function at the top level of the library")
			continue
		}
		if kind == ruleutil.KindScript {
			p.Report(m.Range(reg.Call), "redis.register_function in an EVAL script").
				Help("it is nil there, and the script fails with 'attempt to call field 'register_function' (a nil value)'; put the function in a library (#!lua name=<library>) loaded with FUNCTION LOAD")
			continue
		}
		checkRegistrationForm(p, m, reg)
		if reg.NameKnown && ruleutil.ValidLibraryName(reg.Name) {
			names = append(names, named{reg.Name, reg})
		}
	}
	if kind == ruleutil.KindLibrary && !mayRegister(m) {
		if o, ok := m.File.Shebang.Option("name"); ok {
			p.Report(o.Range, "library %s registers no function", o.Value).
				Help("FUNCTION LOAD fails with 'ERR No functions registered'; register at least one with redis.register_function")
		}
	}
	// The same name twice: Redis compares names case-sensitively within a
	// library, but FCALL looks them up case-insensitively.
	if len(names) < 2 {
		return
	}
	// Registrations on different arms of one if (a choice made at load
	// time, e.g. on redis.REDIS_VERSION) never both run.
	paths := ruleutil.IfPaths(m)
	for i, b := range names {
		for _, a := range names[:i] {
			if !strings.EqualFold(a.name, b.name) || ruleutil.Exclusive(paths[a.reg.Call], paths[b.reg.Call]) {
				continue
			}
			line := m.Range(a.reg.Call).Start.Line
			if a.name == b.name {
				p.Report(b.reg.NameRange, "function %s is registered a second time (first on line %d)", b.name, line).
					Help("FUNCTION LOAD fails with 'ERR Function already exists in the library'; give each function its own name")
			} else {
				p.Report(b.reg.NameRange, "function %s differs from %s (line %d) only in case", b.name, a.name, line).
					Help("the library loads, but FCALL finds functions case-insensitively so one of them is never called, and FUNCTION DELETE or FUNCTION LOAD REPLACE of this library crashes redis-server 7.0.15; give the functions different names")
			}
			break
		}
	}
}

// registrationError is one of FUNCTION LOAD's errors about
// redis.register_function, as the target words it: Valkey 8 names the
// function server.register_function whichever name the script used (H9,
// observed on 8.0.1).
func registrationError(p *lint.Pass, text string) string {
	if lib := p.Target.ErrorLibName(); lib != "redis" {
		return strings.ReplaceAll(text, "redis.register_function", lib+".register_function")
	}
	return text
}

// checkRegistrationForm checks the arguments of one register_function call
// against what Redis accepts (facts G).
func checkRegistrationForm(p *lint.Pass, m *model.Model, reg *model.Registration) {
	args := reg.Call.Args
	if n := len(args); n > 0 {
		switch args[n-1].(type) {
		case *ast.FuncCallExpr, *ast.Comma3Expr:
			return // the argument count is not known
		}
	}
	switch len(args) {
	case 1:
		t, ok := args[0].(*ast.TableExpr)
		if !ok {
			if cannotBe(m, args[0], model.TTable) {
				p.Report(m.Range(args[0]), "redis.register_function with the single argument %s", m.Text(args[0])).
					Help("FUNCTION LOAD fails with '%s'; pass a name and a function, or a table {function_name=..., callback=...}", registrationError(p, "ERR calling redis.register_function with a single argument is only applicable to Lua table (representing named arguments)."))
			}
			return
		}
		checkNamedRegistration(p, m, reg, t)
	case 2:
		if s, ok := args[0].(*ast.StringExpr); ok && !ruleutil.ValidLibraryName(s.Value) {
			p.Report(m.Range(args[0]), "invalid function name %q", s.Value).
				Help("FUNCTION LOAD fails with 'ERR %s' (Redis says Library even for a function name); use only letters, digits and underscores", ruleutil.LibraryNameError)
		}
		if cannotBe(m, args[1], model.TFunction) {
			p.Report(m.Range(args[1]), "the second argument of redis.register_function, %s, is not a function", m.Text(args[1])).
				Help("FUNCTION LOAD fails with '%s'; pass the function itself", registrationError(p, "ERR second argument to redis.register_function must be a function"))
		}
	default:
		p.Report(m.Range(reg.Call), "redis.register_function with %d arguments", len(args)).
			Help("FUNCTION LOAD fails with '%s'; pass a name and a function, or one table of named arguments", registrationError(p, "ERR wrong number of arguments to redis.register_function"))
	}
}

// checkNamedRegistration checks redis.register_function{...}.
func checkNamedRegistration(p *lint.Pass, m *model.Model, reg *model.Registration, t *ast.TableExpr) {
	hasName, hasCallback := false, false
	for _, f := range t.Fields {
		if f.Key == nil {
			p.Report(m.Range(f.Value), "positional entry %s in redis.register_function{...}", m.Text(f.Value)).
				Help("FUNCTION LOAD fails with '%s'; name it (function_name=, callback=, flags=, description=)", registrationError(p, "ERR unknown argument given to redis.register_function"))
			continue
		}
		k, ok := f.Key.(*ast.StringExpr)
		if !ok {
			continue
		}
		if !registerArgs[k.Value] {
			p.Report(m.Range(f.Key), "unknown argument %s of redis.register_function", k.Value).
				Help("FUNCTION LOAD fails with '%s'; the arguments are function_name, callback, flags and description", registrationError(p, "ERR unknown argument given to redis.register_function"))
			continue
		}
		switch k.Value {
		case "function_name":
			hasName = true
			if s, ok := f.Value.(*ast.StringExpr); ok && !ruleutil.ValidLibraryName(s.Value) {
				p.Report(m.Range(f.Value), "invalid function name %q", s.Value).
					Help("FUNCTION LOAD fails with 'ERR %s' (Redis says Library even for a function name); use only letters, digits and underscores", ruleutil.LibraryNameError)
			}
		case "callback":
			hasCallback = true
			if cannotBe(m, f.Value, model.TFunction) {
				p.Report(m.Range(f.Value), "callback %s is not a function", m.Text(f.Value)).
					Help("FUNCTION LOAD fails with '%s'; pass the function itself", registrationError(p, "ERR callback argument given to redis.register_function must be a function"))
			}
		case "flags":
			checkRegistrationFlags(p, m, f.Value)
		}
	}
	if !hasName {
		p.Report(m.Range(reg.Call), "redis.register_function{...} without function_name").
			Help("FUNCTION LOAD fails with '%s'; add function_name = '<name>'", registrationError(p, "ERR redis.register_function must get a function name argument"))
	}
	if !hasCallback {
		p.Report(m.Range(reg.Call), "redis.register_function{...} without callback").
			Help("FUNCTION LOAD fails with '%s'; add callback = function(keys, args) ... end", registrationError(p, "ERR redis.register_function must get a callback argument"))
	}
}

// checkRegistrationFlags checks the flags argument: a list of flag names,
// compared case-insensitively (observed: 'NO-WRITES' works).
func checkRegistrationFlags(p *lint.Pass, m *model.Model, e ast.Expr) {
	t, ok := e.(*ast.TableExpr)
	if !ok {
		if cannotBe(m, e, model.TTable) {
			p.Report(m.Range(e), "flags %s is not a table", m.Text(e)).
				Help("FUNCTION LOAD fails with '%s'; write flags = {%s}", registrationError(p, "ERR flags argument to redis.register_function must be a table representing function flags"), m.Text(e))
		}
		return
	}
	for _, f := range t.Fields {
		if f.Key != nil {
			key := m.Text(f.Key)
			if !m.File.IsDotKey(f.Key) {
				key = "[" + key + "]"
			}
			p.Report(m.Range(f.Key), "flags entry %s = %s is ignored", key, m.Text(f.Value)).
				Help("Redis reads only the list entries, so the function silently gets no such flag; write flags = {'no-writes', ...}")
			continue
		}
		switch v := f.Value.(type) {
		case *ast.StringExpr:
			if !ruleutil.IsScriptFlag(v.Value, true) {
				p.Report(m.Range(v), "unknown function flag %q", v.Value).
					Help("FUNCTION LOAD fails with 'ERR unknown flag given'; the flags are %s", strings.Join(ruleutil.ScriptFlags, ", "))
			}
		case *ast.NumberExpr, *ast.TrueExpr, *ast.FalseExpr, *ast.TableExpr, *ast.FunctionExpr:
			p.Report(m.Range(v), "flags entry %s is not a flag name", m.Text(v)).
				Help("FUNCTION LOAD fails with 'ERR unknown flag given'; the flags are %s", strings.Join(ruleutil.ScriptFlags, ", "))
		}
	}
}

// cannotBe reports whether e is known never to hold a value of type t.
func cannotBe(m *model.Model, e ast.Expr, t model.TypeSet) bool {
	if _, ok := e.(*ast.Comma3Expr); ok {
		return false
	}
	v := m.Value(e)
	return v.Types != 0 && v.Types&t == 0
}

// mayRegister reports whether a library may register a function: it
// reads redis.register_function, or uses redis as a value (an alias).
func mayRegister(m *model.Model) bool {
	redisReads, fieldReads := 0, 0
	for _, g := range m.Globals {
		if g.Write {
			continue
		}
		switch {
		case g.Name == "redis.register_function":
			return true
		case g.Name == "redis":
			redisReads++
		case g.Field && strings.HasPrefix(g.Name, "redis."):
			fieldReads++
		}
	}
	return redisReads > fieldReads
}
