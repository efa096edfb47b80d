// Package stringnumbercompare is the rule string-number-compare: a string ordered with a number, or numbers as strings.
package stringnumbercompare

import (
	_ "embed" // doc.md

	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is string-number-compare.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "string-number-compare",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/string-number-compare/doc.md", doc),
	},
	Run: runStringNumberCompare,
}

func runStringNumberCompare(p *lint.Pass) {
	m := p.Model
	// ARGV[1] = tonumber(ARGV[1]): the elements may be numbers then, and
	// the model does not follow writes into KEYS and ARGV, so comparisons
	// of their elements are left alone.
	written := callerTablesWritten(m)
	caller := func(v model.Value) bool { return written && (v.Origin == model.Argv || v.Origin == model.Keys) }
	for _, op := range m.Operations() {
		x, ok := op.Expr.(*ast.RelationalOpExpr)
		if !ok {
			continue
		}
		sn, ok := ruleutil.FindStringNumberCompare(m, x)
		if !ok {
			if !caller(m.Value(x.Lhs)) && !caller(m.Value(x.Rhs)) {
				reportNumericStrings(p, x)
			}
			continue
		}
		if caller(sn.StrVal) {
			continue
		}
		lt, rt := "string", "number"
		if sn.Num == x.Lhs {
			lt, rt = rt, lt
		}
		fix := ""
		if sn.StrVal.Types.MayBeFalsy() && sn.StrVal.FromReply() != nil {
			fix = ", with a default for the null reply (tonumber(x) or 0)"
		}
		p.Report(m.Range(x), "comparing %s with %s by %s always raises an error", ruleutil.Brief(m, sn.Str), ruleutil.Brief(m, sn.Num), x.Operator).
			Help("Lua raises '%s' whatever the values: %s is %s, and %s is %s; wrap %s in tonumber()%s",
				ruleutil.CompareError(x.Operator, lt, rt), m.Text(sn.Str), describeStringSide(m, sn.StrVal), m.Text(sn.Num), describeNumberSide(sn.NumVal), m.Text(sn.Str), fix)
	}
	// Operations holds the orderings only; the equalities are walked here.
	if !written {
		m.Preorder(model.KRelationalOpExpr, func(n any) {
			reportCallerStringEquality(p, n.(*ast.RelationalOpExpr))
		})
	}
}

// reportCallerStringEquality reports a KEYS or ARGV element compared by ==
// or ~= with a number: Lua never converts for an equality, so the string
// '1' is not the number 1 and the test always comes out the same way
// (litestar's `maxlen_approx == 1` with ARGV[4]: its approximate trimming
// never runs). Replies are reply-type-compare's.
func reportCallerStringEquality(p *lint.Pass, x *ast.RelationalOpExpr) {
	if x.Operator != "==" && x.Operator != "~=" {
		return
	}
	m := p.Model
	str, num := x.Lhs, x.Rhs
	sv, nv := m.Value(str), m.Value(num)
	if ruleutil.IsNumberValue(sv) && ruleutil.IsStringValue(nv) {
		str, num, sv, nv = num, str, nv, sv
	}
	if sv.Types != model.TString || nv.Types != model.TNumber || sv.Origin != model.Argv && sv.Origin != model.Keys {
		return
	}
	if nv.FromReply() != nil {
		// r == ARGV[2] with r an INCRBY reply: reply-type-compare's.
		return
	}
	verdict := "never true"
	if x.Operator == "~=" {
		verdict = "always true"
	}
	p.Report(m.Range(x), "%s is %s: %s is a string and %s a number", ruleutil.Brief(m, x), verdict, ruleutil.Brief(m, str), ruleutil.Brief(m, num)).
		Help("%s is %s, and Lua never converts for == or ~= ('1' == 1 is false); compare tonumber(%s) %s %s, or compare with the string",
			m.Text(str), describeStringSide(m, sv), m.Text(str), x.Operator, m.Text(num))
}

// callerTablesWritten reports whether the script assigns an element of
// KEYS or ARGV (directly or through a local that holds the table).
func callerTablesWritten(m *model.Model) bool {
	written := false
	m.Preorder(model.KAssignStmt, func(n any) {
		for _, l := range n.(*ast.AssignStmt).Lhs {
			if a, ok := l.(*ast.AttrGetExpr); ok {
				if o := m.Value(a.Object).Origin; o == model.KeysTable || o == model.ArgvTable {
					written = true
				}
			}
		}
	})
	return written
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

// reportNumericStrings reports two strings ordered by < <= > >= when one of
// them certainly holds a number (a double reply, or the GET/HGET of a
// counter the script itself INCRs or DECRs) and the other is no literal
// (an ARGV element, another reply): Lua orders strings byte by byte, so
// '9' >= '10' and '2' >= '10' are true. imi's worker limiter compares its
// counter with the limit from ARGV so, and refuses the third holder of ten.
// A literal on one side is left alone: `count < '0'` orders every integer
// right ('-' sorts before the digits).
func reportNumericStrings(p *lint.Pass, x *ast.RelationalOpExpr) {
	switch x.Operator {
	case "<", "<=", ">", ">=":
	default:
		return
	}
	m := p.Model
	l, r := m.Value(x.Lhs), m.Value(x.Rhs)
	if !ruleutil.IsStringValue(l) || !ruleutil.IsStringValue(r) || l.Origin == model.Literal || r.Origin == model.Literal {
		return
	}
	num, other, why := x.Lhs, x.Rhs, numericString(m, l)
	if why == "" {
		num, other, why = x.Rhs, x.Lhs, numericString(m, r)
	}
	if why == "" {
		return
	}
	p.Report(m.Range(x), "%s orders two strings that hold numbers as text", ruleutil.Brief(m, x)).
		Help("%s is %s, and %s is %s: Lua compares two strings byte by byte, so '2' >= '10' and '9' > '10' are true; "+
			"convert both: tonumber(%s) %s tonumber(%s)",
			m.Text(num), why, m.Text(other), describeStringSide(m, m.Value(other)), m.Text(x.Lhs), x.Operator, m.Text(x.Rhs))
}

// counterWrites are the commands that leave a number in the key (HINCRBY*
// in the field) they write.
var counterWrites = map[string]bool{"INCR": true, "INCRBY": true, "DECR": true, "DECRBY": true, "INCRBYFLOAT": true, "HINCRBY": true, "HINCRBYFLOAT": true}

// numericString says why v, a string, certainly holds a number: a double
// reply (ZSCORE, INCRBYFLOAT...), or the GET (HGET) of a key (field) that a
// counter command of the same script writes; "" when nothing says so.
func numericString(m *model.Model, v model.Value) string {
	if v.Origin != model.Reply || v.Call == nil {
		return ""
	}
	c := v.Call
	if c.ReplyKind()&^redisdb.ReplyNull == redisdb.ReplyDouble {
		return fmt.Sprintf("the %s reply, a number sent as a string", c.Name)
	}
	field := 0
	switch c.Name {
	case "GET":
	case "HGET":
		field = 2
	default:
		return ""
	}
	if len(c.Args) <= max(1, field) {
		return ""
	}
	for _, w := range m.Calls {
		if !counterWrites[w.Name] || len(w.Args) <= max(1, field) || (field == 0) != (w.Name[0] != 'H') {
			continue
		}
		if m.SameKey(w.Args[1].Value, c.Args[1].Value) && (field == 0 || m.SameKey(w.Args[field].Value, c.Args[field].Value)) {
			return fmt.Sprintf("the %s reply of a counter the script %ss", c.Name, w.Name)
		}
	}
	return ""
}
