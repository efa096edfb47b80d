// Package unguardednilreply is the rule unguarded-nil-reply: a reply that may be null in arithmetic, < or string calls.
package unguardednilreply

import (
	_ "embed" // doc.md

	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is unguarded-nil-reply.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unguarded-nil-reply",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/unguarded-nil-reply/doc.md", doc),
	},
	Run: runUnguardedNilReply,
}

func runUnguardedNilReply(p *lint.Pass) {
	m := p.Model
	for _, op := range m.Operations() {
		for i, x := range op.Operands {
			v := m.Value(x)
			c, falsy, ev, ok := evidencedNull(m, v)
			if !ok {
				continue
			}
			var err string
			if op.Compare {
				rel := op.Expr.(*ast.RelationalOpExpr)
				// A raw bulk-string reply compared with a number fails
				// whatever it holds: string-number-compare owns that.
				if sn, ok := ruleutil.FindStringNumberCompare(m, rel); ok && sn.Str == x {
					continue
				}
				// Name the other side by its type when it holds a value:
				// the message of the case the finding is about.
				ot := m.Value(op.Operands[1-i]).Types
				if ot&^model.Falsy != 0 {
					ot &^= model.Falsy
				}
				other := ruleutil.LuaTypeName(ot)
				if other == "" {
					err = fmt.Sprintf("an 'attempt to compare ... %s' error", ruleutil.LuaTypeName(falsy))
				} else {
					lt, rt := ruleutil.LuaTypeName(falsy), other
					if i == 1 {
						lt, rt = rt, lt
					}
					err = "'" + ruleutil.CompareError(op.Op, lt, rt) + "'"
				}
			} else if op.Concat {
				err = "'attempt to concatenate " + arithSubject(m, x, ruleutil.LuaTypeName(falsy)) + "'"
			} else {
				err = "'attempt to perform arithmetic on " + arithSubject(m, x, ruleutil.LuaTypeName(falsy)) + "'"
			}
			reportNull(p, x, v, c, falsy, ev, op.Expr, err, "default it (local n = tonumber(x) or 0) or return early (if not x then ... end)")
		}
	}
	m.Preorder(model.KFuncCallExpr, func(n any) {
		call := n.(*ast.FuncCallExpr)
		for _, u := range stringUses(m, call) {
			v := m.Value(u.arg)
			c, falsy, ev, ok := evidencedNull(m, v)
			if !ok {
				continue
			}
			err := u.err(arithSubject(m, u.arg, ruleutil.LuaTypeName(falsy)), ruleutil.LuaTypeName(falsy))
			def, name := "''", "x"
			if u.number {
				def = "0"
			}
			if id, ok := u.arg.(*ast.IdentExpr); ok {
				name = id.Value
			}
			reportNull(p, u.arg, v, c, falsy, ev, call, "'"+err+"'", fmt.Sprintf("default it (%s or %s) or return early (if not %s then ... end)", name, def, name))
		}
	})
}

// evidencedNull returns the call whose null reply v may be, how it reads in
// Lua, and the script's evidence that the null happens. ok is false when v
// is no such reply or when the script shows no evidence (Model.Evidence):
// the null then rests on what other code keeps, which the script does not
// show, and nothing is reported.
func evidencedNull(m *model.Model, v model.Value) (c *model.Call, falsy model.TypeSet, ev model.NullEvidence, ok bool) {
	c, falsy = m.NullReply(v)
	if c == nil {
		return nil, 0, ev, false
	}
	ev, ok = m.Evidence(v)
	return c, falsy, ev, ok
}

// reportNull reports x, a null reply v of c (falsy in Lua) that the
// evidence ev says can happen, used by the expression at where, which
// then fails with err.
func reportNull(p *lint.Pass, x ast.Expr, v model.Value, c *model.Call, falsy model.TypeSet, ev model.NullEvidence, at ast.Expr, err, advice string) {
	m := p.Model
	what := "false"
	if falsy == model.TNil {
		what = "nil"
	}
	subject := ruleutil.Brief(m, x) + " is " + what
	if v.Var != nil {
		of := "the " + c.Name + " reply"
		if n := ruleutil.ElementOf(v); n > 0 {
			of = fmt.Sprintf("element %d of %s", n, of)
		}
		if v.Origin == model.Tonumber {
			of = "tonumber of " + of
		}
		subject = fmt.Sprintf("%s holds %s, %s", ruleutil.Brief(m, x), of, what)
	}
	f := p.Report(m.Range(x), "%s when %s", subject, ruleutil.NullCauseOf(v, c)).
		Help("%s; %s replies null then, and %s fails with %s: %s", ev.Why, c.Name, m.Text(at), err, advice)
	if ev.Weak {
		// A key named by a listing is gone only when the code that keeps
		// the listing and the records apart lets it be: a state other
		// code may or may not prevent.
		f.Lower()
	}
}

// stringUse is an argument of a string library call, or the receiver of
// a method call, that Lua 5.1 refuses when it is nil or false.
type stringUse struct {
	arg ast.Expr
	// err is the error Lua raises, given how it names the value (subject:
	// "local 'v' (a boolean value)") and its type ("boolean").
	err func(subject, typ string) string
	// number: Lua wants a number there.
	number bool
}

// stringArgs are the string library's functions and the arguments (from
// 0) that must be a string ('s') or a number ('n'), for those where a nil
// fails too; format's other arguments follow its format string.
var stringArgs = map[string]string{
	"len": "s", "sub": "sn", "rep": "sn", "upper": "s", "lower": "s", "byte": "s", "reverse": "s",
	"find": "ss", "match": "ss", "gmatch": "ss", "gsub": "ss", "format": "s",
}

// stringUses lists the arguments of call that fail when nil or false: a
// string library function's (string.len(v), string.format('%d', v)), and
// the receiver of a method call (v:upper(), which indexes v).
func stringUses(m *model.Model, call *ast.FuncCallExpr) []stringUse {
	if call.Receiver != nil {
		return []stringUse{{call.Receiver, func(subject, _ string) string { return "attempt to index " + subject }, false}}
	}
	name, ok := strings.CutPrefix(m.BuiltinName(call), "string.")
	if !ok {
		return nil
	}
	kinds := stringArgs[name]
	if name == "format" && len(call.Args) > 0 {
		if f, ok := call.Args[0].(*ast.StringExpr); ok {
			kinds += formatArgKinds(f.Value)
		}
	}
	var out []stringUse
	for i, arg := range call.Args {
		if i >= len(kinds) {
			break
		}
		want := "string"
		switch kinds[i] {
		case 'n':
			want = "number"
		case '?':
			continue
		}
		out = append(out, stringUse{arg, func(_, typ string) string {
			return fmt.Sprintf("bad argument #%d to '%s' (%s expected, got %s)", i+1, name, want, typ)
		}, want == "number"})
	}
	return out
}

// formatArgKinds is what each conversion of a string.format format takes,
// in order: 'n' for a number (%d %i %c %o %u %x %X %e %E %f %g %G), 's'
// for a string (%s %q; Lua 5.1 refuses nil and booleans there: observed),
// '?' for anything else (a malformed conversion raises on its own).
func formatArgKinds(f string) string {
	var out []byte
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		for i < len(f) && strings.IndexByte("-+ #0123456789.", f[i]) >= 0 {
			i++
		}
		if i >= len(f) {
			break
		}
		switch f[i] {
		case 'd', 'i', 'c', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'g', 'G':
			out = append(out, 'n')
		case 's', 'q':
			out = append(out, 's')
		default:
			out = append(out, '?')
		}
	}
	return string(out)
}

// arithSubject is how Lua 5.1 names the operand in 'attempt to perform
// arithmetic on ...': a local or upvalue by name, anything else by type.
func arithSubject(m *model.Model, x ast.Expr, typ string) string {
	if a, ok := x.(*ast.AttrGetExpr); ok {
		// A field with a constant name is named (observed on 7.0.15:
		// `v.x + 1` gives "field 'x'"); any other index, "field '?'".
		name := "?"
		if k, ok := a.Key.(*ast.StringExpr); ok {
			name = k.Value
		}
		return fmt.Sprintf("field '%s' (a %s value)", name, typ)
	}
	if id, ok := x.(*ast.IdentExpr); ok {
		if v := m.VarOf(id); v != nil {
			kind := "local"
			if v.Func != m.FuncOf(id) {
				kind = "upvalue"
			}
			return fmt.Sprintf("%s '%s' (a %s value)", kind, id.Value, typ)
		}
	}
	return fmt.Sprintf("a %s value", typ)
}
