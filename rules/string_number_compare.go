package rules

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "string-number-compare",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "a string compared with a number by < <= > >=",
			Summary: "a string compared with a number by `< <= > >=`: always a runtime error",
			Why: "ARGV and KEYS elements are always Lua strings, and so is a bulk-string reply (GET, HGET, ZSCORE, " +
				"INCRBYFLOAT...). Lua 5.1 converts numeric strings for arithmetic but never for an ordering comparison: " +
				"`ARGV[1] < 10` raises `attempt to compare string with number` and `redis.call('GET', k) > 0` raises " +
				"`attempt to compare number with string` whatever the values, so the script fails on every run that " +
				"reaches the comparison (writes made before it stay). Convert the string side with `tonumber()`.",
			Bad:   "local limit = ARGV[1]\nlocal count = redis.call('INCR', KEYS[1])\nif count > limit then\n  return 0\nend\nreturn 1",
			Good:  "local limit = tonumber(ARGV[1])\nlocal count = redis.call('INCR', KEYS[1])\nif count > limit then\n  return 0\nend\nreturn 1",
			Redis: "all",
		},
	},
	Run: runStringNumberCompare,
})

func runStringNumberCompare(p *lint.Pass) {
	m := p.Model
	for _, op := range m.Operations() {
		x, ok := op.Expr.(*ast.RelationalOpExpr)
		if !ok {
			continue
		}
		sn, ok := findStringNumberCompare(m, x)
		if !ok {
			continue
		}
		lt, rt := "string", "number"
		if sn.num == x.Lhs {
			lt, rt = rt, lt
		}
		fix := ""
		if sn.strVal.Types.MayBeFalsy() && sn.strVal.FromReply() != nil {
			fix = ", with a default for the null reply (tonumber(x) or 0)"
		}
		p.Report(m.Range(x), "comparing %s with %s by %s always raises an error", brief(m, sn.str), brief(m, sn.num), x.Operator).
			Help("Lua raises '%s' whatever the values: %s is %s, and %s is %s; wrap %s in tonumber()%s",
				compareError(x.Operator, lt, rt), m.Text(sn.str), describeStringSide(m, sn.strVal), m.Text(sn.num), describeNumberSide(sn.numVal), m.Text(sn.str), fix)
	}
}

// describeStringSide says why a value is a string.
func describeStringSide(m *model.Model, v model.Value) string {
	switch v.Origin {
	case model.Argv, model.Keys:
		name, elem := "ARGV", "an ARGV element"
		if v.Origin == model.Keys {
			name, elem = "KEYS", "a KEYS element"
		}
		if m.Context == model.Library {
			// A registered function's keys and args parameters.
			name, elem = "args", "an args element"
			if v.Origin == model.Keys {
				name, elem = "keys", "a keys element"
			}
		}
		if v.Index > 0 && v.Var != nil {
			return fmt.Sprintf("%s[%d], always a string", name, v.Index)
		}
		return elem + ", always a string"
	case model.Reply:
		if v.Call != nil && v.Call.Name != "" {
			return fmt.Sprintf("the %s reply, a bulk string", v.Call.Name)
		}
		return "a bulk-string reply"
	case model.Literal:
		return "a string literal"
	case model.Concat:
		return "a string built with .."
	}
	return "a string"
}

// describeNumberSide says why a value is a number.
func describeNumberSide(v model.Value) string {
	if v.Origin == model.Reply && v.Call != nil && v.Call.Name != "" {
		return fmt.Sprintf("the %s reply, an integer", v.Call.Name)
	}
	return "a number"
}
