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
		ID:       "unguarded-nil-reply",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "a reply that may be null used in arithmetic or <",
			Summary: "a reply that may be null (false) used in arithmetic or `<`: `attempt to compare number with nil`",
			Why: "GET, HGET, LPOP, ZSCORE, LINDEX, SET ... GET and the like reply null when the key, field or element is " +
				"missing, and Lua receives that as `false` (`nil` after `redis.setresp(3)`); `tonumber()` of it is `nil`. " +
				"Arithmetic or an ordering comparison on it raises: `tonumber(redis.call('GET', k)) > 0` fails with " +
				"`attempt to compare number with nil` and `redis.call('GET', k) + 1` with `attempt to perform arithmetic on " +
				"a boolean value`. The script then fails exactly when the data is missing, after any writes it already " +
				"made. Give the missing case a value (`tonumber(x) or 0`) or handle it first (`if not x then ... end`). " +
				"It is an error when the script itself shows the null can happen: it tests for it elsewhere, removed the " +
				"key first, reads a key or field the caller names before writing it, or pops from a collection. For a " +
				"command whose null the script cannot follow by key (MEMORY USAGE, OBJECT ENCODING...), the evidence is " +
				"a key taken from a listing (an id of SMEMBERS, an element of KEYS or LRANGE: an index may name a record " +
				"that is gone) when the script handles a null reply of the same command elsewhere.",
			Bad:   "local stock = tonumber(redis.call('GET', KEYS[1]))\nif stock > 0 then\n  redis.call('DECR', KEYS[1])\n  return 1\nend\nreturn 0",
			Good:  "local stock = tonumber(redis.call('GET', KEYS[1])) or 0\nif stock > 0 then\n  redis.call('DECR', KEYS[1])\n  return 1\nend\nreturn 0",
			Redis: "all",
		},
	},
	Run: runUnguardedNilReply,
})

func runUnguardedNilReply(p *lint.Pass) {
	m := p.Model
	for _, op := range m.Operations() {
		for i, x := range op.Operands {
			v := m.Value(x)
			c, falsy := m.NullReply(v)
			if c == nil {
				continue
			}
			// An error only with evidence in the script that the null
			// happens (Model.Evidence); otherwise the null rests on what
			// other code keeps, which the script does not show.
			ev, ok := m.Evidence(v)
			if !ok {
				continue
			}
			var err string
			if op.Compare {
				rel := op.Expr.(*ast.RelationalOpExpr)
				// A raw bulk-string reply compared with a number fails
				// whatever it holds: string-number-compare owns that.
				if sn, ok := findStringNumberCompare(m, rel); ok && sn.str == x {
					continue
				}
				// Name the other side by its type when it holds a value:
				// the message of the case the finding is about.
				ot := m.Value(op.Operands[1-i]).Types
				if ot&^model.Falsy != 0 {
					ot &^= model.Falsy
				}
				other := luaTypeName(ot)
				if other == "" {
					err = fmt.Sprintf("an 'attempt to compare ... %s' error", luaTypeName(falsy))
				} else {
					lt, rt := luaTypeName(falsy), other
					if i == 1 {
						lt, rt = rt, lt
					}
					err = "'" + compareError(op.Op, lt, rt) + "'"
				}
			} else if op.Concat {
				err = "'attempt to concatenate " + arithSubject(m, x, luaTypeName(falsy)) + "'"
			} else {
				err = "'attempt to perform arithmetic on " + arithSubject(m, x, luaTypeName(falsy)) + "'"
			}
			what := "false"
			if falsy == model.TNil {
				what = "nil"
			}
			subject := brief(m, x) + " is " + what
			if v.Var != nil {
				of := "the " + c.Name + " reply"
				if n := elementOf(v); n > 0 {
					of = fmt.Sprintf("element %d of %s", n, of)
				}
				if v.Origin == model.Tonumber {
					of = "tonumber of " + of
				}
				subject = fmt.Sprintf("%s holds %s, %s", brief(m, x), of, what)
			}
			p.Report(m.Range(x), "%s when %s", subject, nullCauseOf(v, c)).
				Help("%s; %s replies null then, and %s fails with %s: default it (local n = tonumber(x) or 0) or return early (if not x then ... end)",
					ev.Why, c.Name, m.Text(op.Expr), err)
		}
	}
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
