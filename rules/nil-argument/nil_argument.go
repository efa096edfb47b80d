// Package nilargument is the rule nil-argument: a redis.call argument that may be nil, a boolean or a table.
package nilargument

import (
	_ "embed" // doc.md

	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is nil-argument.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "nil-argument",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/nil-argument/doc.md", doc),
	},
	Run: runNilArgument,
}

// argCheck explains why a call argument may hold something Redis refuses.
type argCheck struct {
	m *model.Model
	// inner maps a local to a local of the same function that hides it.
	inner map[*model.Variable]*model.Variable
	// branches are the then and else blocks of every if, with their
	// condition's text.
	branches []ifBranch
	// branchesFound says findBranches has run.
	branchesFound bool
	// lower says the last reason found rests on a state other code may or
	// may not prevent (weak evidence, data that may not match a pattern):
	// the finding is reported one level lower.
	lower bool
}

// ifBranch is one branch of an if statement.
type ifBranch struct {
	cond  string
	truth bool
	r     span.Range
}

func runNilArgument(p *lint.Pass) {
	m := p.Model
	ac := &argCheck{m: m}
	fails := p.Target.Server().Product() + " then fails with " + ruleutil.QuoteError(p.Target, target.ErrArgType)
	for _, c := range m.Calls {
		for i, a := range c.Args {
			t := a.Value.Types
			if t == 0 || !t.Known() || !m.WritesFollowed(a.Expr) {
				continue
			}
			// The texts are for a report: most arguments get none.
			what := func() string { return m.Text(a.Expr) }
			argText := func() string { return fmt.Sprintf("%s (argument %d of %s)", what(), i, callName(c)) }
			if t&(model.TString|model.TNumber) == 0 {
				// Never a string or a number: the call fails whenever it
				// runs.
				switch {
				case t&^model.Falsy == 0:
					why := ac.reason(a.Expr, t, 0, map[*model.Variable]bool{})
					if why == "" {
						why = "on every path that reaches it"
					}
					p.Report(m.Range(a.Expr), "%s is always %s here", argText(), falsyName(t)).
						Help("%s; %s: pass a string or a number", why, fails)
				case t&^(model.TTrue|model.TFalse) == 0:
					p.Report(m.Range(a.Expr), "%s is a boolean", argText()).
						Help("%s: pass a string or a number (e.g. cond and '1' or '0')", fails)
				case t == model.TTable:
					p.Report(m.Range(a.Expr), "%s is a table", argText()).
						Help("%s: pass its elements (unpack(t)) or one of its fields", fails)
				case t == model.TFunction:
					p.Report(m.Range(a.Expr), "%s is a function", argText()).
						Help("%s: call it and pass its result", fails)
				}
				continue
			}
			falsy := t & model.Falsy
			if falsy == 0 {
				continue
			}
			ac.lower = false
			why := ac.reason(a.Expr, falsy, 0, map[*model.Variable]bool{})
			if why == "" {
				continue
			}
			lower := ac.lower
			advice := missingAdvice(c, i, what())
			switch arr := ac.emptyArray(a.Expr, 0); arr {
			case "":
			case "?":
				advice = "keep the reply in a local t and test that it holds the element first (if #t > 0 then), or return when it is empty"
			default:
				advice = fmt.Sprintf("test that the array holds it first (if #%s > 0 then, or if %s then), or return when it is empty", arr, what())
			}
			f := p.Report(m.Range(a.Expr), "%s may be %s", argText(), falsyName(falsy)).
				Help("%s; %s: %s", why, fails, advice)
			if lower {
				f.Lower()
			}
		}
	}
}

// innerLocals computes what reason needs on first use: most arguments of
// most files never get there.
func (ac *argCheck) innerLocals() map[*model.Variable]*model.Variable {
	if ac.inner == nil {
		ac.inner = map[*model.Variable]*model.Variable{}
		for _, v := range ac.m.Vars {
			if o := v.Shadows; o != nil && o.Func == v.Func && ac.inner[o] == nil {
				ac.inner[o] = v
			}
		}
	}
	return ac.inner
}

// findBranches fills branches, once: few files need them, and the walk
// and the condition texts cost as much as the rest of the rule.
func (ac *argCheck) findBranches() {
	if ac.branchesFound {
		return
	}
	ac.branchesFound = true
	m := ac.m
	m.InspectKinds(m.File.Chunk, model.KIfStmt, func(n any) bool {
		if s, ok := n.(*ast.IfStmt); ok {
			cond := m.Text(s.Condition)
			for _, b := range []struct {
				stmts []ast.Stmt
				truth bool
			}{{s.Then, true}, {s.Else, false}} {
				if len(b.stmts) > 0 {
					r := m.Range(b.stmts[0])
					r.End = m.Range(b.stmts[len(b.stmts)-1]).End
					ac.branches = append(ac.branches, ifBranch{cond, b.truth, r})
				}
			}
		}
		return true
	})
}

// callName is the command of a call for messages.
func callName(c *model.Call) string {
	if c.Name != "" {
		return c.Name
	}
	return "redis.call"
}

func falsyName(t model.TypeSet) string {
	switch t & model.Falsy {
	case model.TNil:
		return "nil"
	case model.TFalse:
		return "false"
	}
	return "nil or false"
}

// assignedUnderSameCondition reports whether the read at r sits in a
// branch of an if whose condition is written the same way as the one of a
// branch that assigns lv: `if c then x = 1 end ... if c then use(x) end`.
// The model does not relate the two conditions, so the nil it sees on the
// path where the first if is not taken cannot reach the read.
func (ac *argCheck) assignedUnderSameCondition(lv *model.Variable, r span.Range) bool {
	for _, d := range ac.m.LocalDefs()[lv] {
		switch d.Expr.(type) {
		case nil, *ast.NilExpr, *ast.FalseExpr:
			continue
		}
		ac.findBranches()
		for _, db := range ac.branches {
			if !db.r.Contains(d.Range.Start) {
				continue
			}
			for _, rb := range ac.branches {
				if rb.r.Contains(r.Start) && rb.cond == db.cond && rb.truth == db.truth && rb.r != db.r {
					return true
				}
			}
		}
	}
	return false
}

// reason says where the nil or false (bits) an expression may hold comes
// from, or "" when it comes from nothing the script states: the caller's
// KEYS and ARGV, a parameter, a table element, a call of an unknown
// function.
func (ac *argCheck) reason(x ast.Expr, bits model.TypeSet, depth int, seen map[*model.Variable]bool) string {
	m := ac.m
	v := m.Value(x)
	bits &= v.Types
	if bits == 0 || depth > 8 {
		return ""
	}
	if c, f := m.NullReply(v); c != nil && f&bits != 0 {
		ev, ok := m.Evidence(v)
		if !ok {
			return "" // nothing in the script says the null happens
		}
		if ev.Weak {
			ac.lower = true
		}
		line := m.Range(c.Expr).Start.Line
		what := fmt.Sprintf("the %s reply of line %d", c.Name, line)
		if n := ruleutil.ElementOf(v); n > 0 {
			what = fmt.Sprintf("element %d of %s", n, what)
		}
		if v.Origin == model.Tonumber {
			return fmt.Sprintf("tonumber of %s is nil when %s (%s)", what, ruleutil.NullCauseOf(v, c), ev.Why)
		}
		return fmt.Sprintf("%s is null (false in Lua) when %s (%s)", what, ruleutil.NullCauseOf(v, c), ev.Why)
	}
	if c, n, ok := model.EmptyArrayElement(v); ok && bits&model.TNil != 0 {
		if !m.ElementMayLack(c, n) {
			return ""
		}
		return fmt.Sprintf("element %d of the %s reply of line %d is nil when the array is empty (a missing key, or nothing in the range), and a test of the table itself shows nothing: a table is always true",
			n, c.Name, m.Range(c.Expr).Start.Line)
	}
	if v.Origin == model.Capture && bits&model.TNil != 0 {
		if call, ok := x.(*ast.FuncCallExpr); ok {
			// Whether the data matches is kept by the code that writes
			// it (a job's JSON, a member's format): a state other code may
			// or may not prevent.
			ac.lower = true
			subject := call.Receiver
			if call.Func != nil && len(call.Args) > 0 {
				subject = call.Args[0]
			}
			return fmt.Sprintf("%s is nil when %s does not match the pattern", m.Text(call), m.Text(subject))
		}
	}
	switch x := x.(type) {
	case *ast.NilExpr:
		return "nil is written here"
	case *ast.FalseExpr:
		return "false is written here"
	case *ast.RelationalOpExpr, *ast.UnaryNotOpExpr:
		if bits&model.TFalse != 0 {
			return m.Text(x) + " is false when it does not hold"
		}
	case *ast.LogicalOpExpr:
		if x.Operator == "and" {
			return ac.reason(x.Lhs, bits, depth+1, seen)
		}
		return ac.reason(x.Rhs, bits, depth+1, seen)
	case *ast.IdentExpr:
		lv := m.VarOf(x)
		if lv == nil || seen[lv] || !m.WritesFollowed(x) {
			return ""
		}
		seen[lv] = true
		if ac.assignedUnderSameCondition(lv, m.Range(x)) {
			return ""
		}
		// A nil from the declaration or a `x = nil` reaches here only when
		// the value says so: assignments on every path replace it.
		assignedNil := v.NilAssigned
		for _, d := range ac.m.LocalDefs()[lv] {
			if !assignedNil && (d.Nil() || isNilLiteral(d.Expr)) || !m.Reaches(d, m.Range(x).Start) {
				continue
			}
			if d.Nil() && bits&model.TNil != 0 {
				how := "is declared without a value"
				if d.Range != lv.Decl {
					how = "is assigned no value"
				}
				s := fmt.Sprintf("%s %s on line %d and not assigned on every path to here", lv.Name, how, d.Range.Start.Line)
				if len(ac.m.LocalDefs()[lv]) == 1 {
					s = fmt.Sprintf("%s %s on line %d and never assigned", lv.Name, how, d.Range.Start.Line)
				}
				if in := ac.innerLocals()[lv]; in != nil {
					s += fmt.Sprintf(" (the local %s of line %d is another variable)", in.Name, in.Decl.Start.Line)
				}
				return s
			}
			if d.Expr != nil {
				if r := ac.reason(d.Expr, bits, depth+1, seen); r != "" {
					if _, ok := d.Expr.(*ast.NilExpr); ok {
						return fmt.Sprintf("%s is assigned nil on line %d", lv.Name, d.Range.Start.Line)
					}
					if _, ok := d.Expr.(*ast.FalseExpr); ok {
						return fmt.Sprintf("%s is assigned false on line %d", lv.Name, d.Range.Start.Line)
					}
					return r
				}
			}
		}
	}
	return ""
}

// emptyArray returns the text of the local table x reads an element of
// ("?" when the table is no local), when x is (or a local holds) an
// element of an array reply that may be empty.
func (ac *argCheck) emptyArray(x ast.Expr, depth int) string {
	m := ac.m
	if depth > 8 {
		return ""
	}
	if _, _, ok := model.EmptyArrayElement(m.Value(x)); !ok {
		return ""
	}
	switch x := x.(type) {
	case *ast.AttrGetExpr:
		if _, ok := x.Object.(*ast.IdentExpr); ok {
			return m.Text(x.Object)
		}
		return "?"
	case *ast.IdentExpr:
		if lv := m.VarOf(x); lv != nil {
			for _, d := range m.LocalDefs()[lv] {
				if d.Expr != nil {
					if t := ac.emptyArray(d.Expr, depth+1); t != "" {
						return t
					}
				}
			}
		}
	}
	return ""
}

// missingAdvice says what to do with a value that may be missing, as fits
// argument i of c: a key or a number cannot take ” (EXPIRE k ” fails
// with "value is not an integer"), and a made-up key names another key.
func missingAdvice(c *model.Call, i int, what string) string {
	switch c.ArgTypeAt(i) {
	case "key":
		return "return before the call when it is missing"
	case "integer", "double", "unix-time":
		return fmt.Sprintf("return before the call when it is missing, or give it a number that means what you want to %s (%s or 0)", c.Name, what)
	}
	return fmt.Sprintf("give it a default (%s or '') or return before the call when it is missing", what)
}

// isNilLiteral reports whether e is the literal nil.
func isNilLiteral(e ast.Expr) bool {
	_, ok := e.(*ast.NilExpr)
	return ok
}
