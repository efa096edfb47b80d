package model

import (
	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/yuin/gopher-lua/ast"
)

// Conditions kept in locals. A script often computes a test once and keeps
// its truth in a local:
//
//	local rate, burst = tonumber(v[1]), tonumber(v[2])
//	local active = rate ~= nil and burst ~= nil
//	if not active then return -1 end
//	return rate * 2 + burst
//
// Testing the local then shows what testing the condition would, as long as
// neither the local nor any local the condition reads was assigned again in
// between: the flow follows that along the paths (as the nilness pass of
// golang.org/x/tools follows a boolean that holds `x != nil`), so the test
// narrows rate and burst on the paths it dominates.
//
// Every binding carries the gen of the assignment its value comes from. An
// assignment of a tracked local (one that holds a condition, or that a
// condition reads) makes a new gen, narrowing keeps it, and a join of two
// paths that assigned it differently gives mixedGen. A local assigned a
// condition keeps, under its new gen, the condition and the gens its locals
// had then (condFact); a test of the local refines by the condition when
// every one of those locals still has the gen it had.

// mixedGen is the gen of a local that two joined paths assigned
// differently: no condition is of it.
const mixedGen = ^uint32(0)

// condFact is the condition a local was assigned, with the assignments of
// the locals it reads at that point.
type condFact struct {
	expr ast.Expr
	deps []condDep
}

type condDep struct {
	v   *Variable
	gen uint32
}

// maxCondDepth bounds how many conditions in locals one test looks through
// (ok = a and b, where a and b hold conditions of their own...).
const maxCondDepth = 8

// condBudget bounds how many times one flow, or one PathWalk, looks through
// a condition in a local from within another one. A test of `b = a and a
// and a` refines a three times, so chains of such locals would multiply the
// work with their length; real scripts look through a few dozen. The test
// of a local itself always looks through its own condition (work as large
// as the condition's text), so a spent budget never costs a direct test.
const condBudget = 4096

// isCondExpr reports whether x is a condition whose truth refine follows:
// a comparison, a not, an and/or.
func isCondExpr(x ast.Expr) bool {
	switch x.(type) {
	case *ast.RelationalOpExpr, *ast.UnaryNotOpExpr, *ast.LogicalOpExpr:
		return true
	}
	return false
}

// trackLocals marks the locals whose assignments need gens: those assigned
// a condition and those a condition reads. Other locals keep gen 0, so
// joins and loops treat them as before.
func (fs *flowState) trackLocals() {
	m := fs.m
	mark := func(v *Variable) {
		if fs.tracked == nil {
			fs.tracked = make([]bool, len(m.Vars))
		}
		if int(v.index) < len(fs.tracked) {
			fs.tracked[v.index] = true
		}
	}
	markExpr := func(target *Variable, x ast.Expr) {
		if target == nil || !isCondExpr(x) {
			return
		}
		mark(target)
		InspectExpr(x, func(n any) bool {
			switch n := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.IdentExpr:
				if v := m.VarOf(n); v != nil {
					mark(v)
				}
			}
			return true
		})
	}
	m.Preorder(KLocalAssignStmt|KAssignStmt, func(n any) {
		switch s := n.(type) {
		case *ast.LocalAssignStmt:
			vs := m.declVars(nodemap.KeyOf(s))
			for i, x := range s.Exprs {
				if i < len(vs) {
					markExpr(vs[i], x)
				}
			}
		case *ast.AssignStmt:
			for i, x := range s.Rhs {
				if i < len(s.Lhs) {
					if id, ok := s.Lhs[i].(*ast.IdentExpr); ok {
						markExpr(m.VarOf(id), x)
					}
				}
			}
		}
	})
}

func (fs *flowState) isTracked(v *Variable) bool {
	return fs.tracked != nil && int(v.index) < len(fs.tracked) && fs.tracked[v.index]
}

// newGen is the gen of a new assignment of v: 0 when v is not tracked.
func (fs *flowState) newGen(v *Variable) uint32 {
	if !fs.isTracked(v) {
		return 0
	}
	if fs.gen < mixedGen-1 {
		fs.gen++
	}
	return fs.gen
}

// genOf is the gen of v's binding in e (0 when e has none).
func genOf(e env, v *Variable) uint32 {
	if e == nil || int(v.slot) >= len(e.slots) {
		return 0
	}
	if b := e.slots[v.slot]; b != nil && b.v == v {
		return b.gen
	}
	return 0
}

// condsOf returns, for an assignment of n targets from exprs, the
// condition each target is given (nil where it is none, or where a local
// the condition reads may change unseen), with the gens the condition's
// locals have in e before the assignment. It returns nil when no target
// gets one.
func (fs *flowState) condsOf(exprs []ast.Expr, n int, e env) []*condFact {
	if fs.tracked == nil {
		return nil
	}
	var out []*condFact
	for i, x := range exprs {
		if i >= n || !isCondExpr(x) {
			continue
		}
		cf := fs.condFact(x, e)
		if cf == nil {
			continue
		}
		if out == nil {
			out = make([]*condFact, n)
		}
		out[i] = cf
	}
	return out
}

func (fs *flowState) condFact(x ast.Expr, e env) *condFact {
	m := fs.m
	cf := &condFact{expr: x}
	ok := true
	InspectExpr(x, func(n any) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FunctionExpr:
			ok = false
		case *ast.IdentExpr:
			v := m.VarOf(n)
			if v == nil {
				return true
			}
			if unseenWrites(v) {
				ok = false
				return false
			}
			g := genOf(e, v)
			if g == mixedGen {
				ok = false
				return false
			}
			cf.deps = append(cf.deps, condDep{v, g})
		}
		return true
	})
	if !ok {
		return nil
	}
	return cf
}

// unseenWrites reports whether v may change where the flow does not see
// it: a nested function uses it and it is assigned after its declaration
// (the function may run, or assign it, between the test and the use).
func unseenWrites(v *Variable) bool { return v.Captured && len(v.Writes) > 0 }

// holdCond notes that v, just assigned, holds conds[i].
func (fs *flowState) holdCond(e env, v *Variable, conds []*condFact, i int) {
	if conds == nil || i >= len(conds) || conds[i] == nil || unseenWrites(v) {
		return
	}
	g := genOf(e, v)
	if g == 0 || g == mixedGen {
		return
	}
	if fs.conds == nil {
		fs.conds = map[uint32]*condFact{}
	}
	fs.conds[g] = conds[i]
}

// touched gives a tracked local a new gen when a field of the table it
// holds is assigned (t[k] = x): a condition read from t[k] said nothing
// of the new value.
func (fs *flowState) touched(e env, obj ast.Expr) {
	id, ok := obj.(*ast.IdentExpr)
	if !ok {
		return
	}
	v := fs.m.VarOf(id)
	if v == nil || !fs.isTracked(v) {
		return
	}
	if val, ok := e.get(v); ok {
		fs.assign(e, v, val)
	}
}

// refineHeld refines e by the condition that local v, tested by id, holds,
// when it still holds it; it notes for Model.heldCond whether it did. When
// some local the condition reads was assigned since, only the parts of the
// condition that read none of those are followed (freshParts).
func (fs *flowState) refineHeld(id *ast.IdentExpr, v *Variable, e env, truth bool) env {
	if !fs.isTracked(v) {
		return e
	}
	cf, fresh := fs.heldBy(v, e)
	if cf != nil && !truth && ifTruthyOf(e, v) {
		// The condition is known only where v is truthy.
		cf, fresh = nil, false
	}
	m := fs.m
	if m.heldConds == nil {
		m.heldConds = map[*ast.IdentExpr]ast.Expr{}
	}
	prev, seen := m.heldConds[id]
	switch {
	case cf == nil || !fresh:
		m.heldConds[id] = nil
	case !seen:
		m.heldConds[id] = cf.expr
	case prev != cf.expr:
		m.heldConds[id] = nil
	}
	if cf == nil || fs.condDepth >= maxCondDepth || fs.condDepth > 0 && fs.condSteps >= condBudget {
		return e
	}
	fs.condSteps++
	fs.condDepth++
	if fresh {
		e = fs.refine(cf.expr, e, truth)
	} else {
		e = fs.freshParts(cf, cf.expr, e, truth)
	}
	fs.condDepth--
	return e
}

// freshParts refines e by the parts of x, a condition v held, that still
// say what they said: where x having evaluated to truth means each of two
// parts did (a and b true, a or b false, not a), each part that reads no
// local assigned since is followed.
func (fs *flowState) freshParts(cf *condFact, x ast.Expr, e env, truth bool) env {
	if e == nil {
		return nil
	}
	if fs.stillFresh(cf, x, e) {
		return fs.refine(x, e, truth)
	}
	switch c := x.(type) {
	case *ast.UnaryNotOpExpr:
		return fs.freshParts(cf, c.Expr, e, !truth)
	case *ast.LogicalOpExpr:
		if (c.Operator == "and") == truth {
			return fs.freshParts(cf, c.Rhs, fs.freshParts(cf, c.Lhs, e, truth), truth)
		}
	}
	return e
}

// stillFresh reports whether every local x reads has in e the gen it had
// when the condition cf was assigned.
func (fs *flowState) stillFresh(cf *condFact, x ast.Expr, e env) bool {
	ok := true
	InspectExpr(x, func(n any) bool {
		if id, isID := n.(*ast.IdentExpr); isID && ok {
			if v := fs.m.VarOf(id); v != nil {
				for _, d := range cf.deps {
					if d.v == v && genOf(e, v) != d.gen {
						ok = false
					}
				}
			}
		}
		return ok
	})
	return ok
}

// ifTruthyOf reports whether v's condition in e holds only where v is
// truthy (binding.ifTruthy).
func ifTruthyOf(e env, v *Variable) bool {
	if e == nil || int(v.slot) >= len(e.slots) {
		return false
	}
	b := e.slots[v.slot]
	return b != nil && b.v == v && b.ifTruthy
}

// heldBy is the condition v holds in e, or nil; fresh says every local it
// reads still has the gen it had.
func (fs *flowState) heldBy(v *Variable, e env) (cf *condFact, fresh bool) {
	g := genOf(e, v)
	if g == 0 || g == mixedGen {
		return nil, false
	}
	cf = fs.conds[g]
	if cf == nil {
		return nil, false
	}
	for _, d := range cf.deps {
		if genOf(e, d.v) != d.gen {
			return cf, false
		}
	}
	return cf, true
}

// boolTest reads `ok == true`, `ok ~= false`, `ok == false`... where ok is
// a local that holds a boolean: it returns ok and the truth ok has when
// the comparison evaluated to truth.
func (fs *flowState) boolTest(c *ast.RelationalOpExpr, e env, truth bool) (ast.Expr, bool) {
	if c.Operator != "==" && c.Operator != "~=" {
		return nil, false
	}
	side, lit := c.Lhs, c.Rhs
	if _, ok := side.(*ast.IdentExpr); !ok {
		side, lit = c.Rhs, c.Lhs
	}
	id, ok := side.(*ast.IdentExpr)
	if !ok {
		return nil, false
	}
	var litTruth bool
	switch lit.(type) {
	case *ast.TrueExpr:
		litTruth = true
	case *ast.FalseExpr:
	default:
		return nil, false
	}
	v := fs.m.VarOf(id)
	if v == nil {
		return nil, false
	}
	val, ok := e.get(v)
	if !ok || val.Types == 0 || val.Types&^(TTrue|TFalse) != 0 {
		return nil, false
	}
	equal := truth == (c.Operator == "==")
	return id, equal == litTruth
}

// heldCond is the condition that the local id tests held on every path
// the flow followed to the test, or nil: PathWalk looks through it as the
// flow does.
func (m *Model) heldCond(id *ast.IdentExpr) ast.Expr {
	return m.heldConds[id]
}
