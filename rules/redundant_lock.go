package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "redundant-lock",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title: "a lock taken and released inside one script",
			Why: "Redis runs a script, or a library function, atomically: no other command or script runs until it returns. " +
				"A lock taken with `SETNX` or `SET ... NX` and deleted again before the script returns therefore keeps nobody " +
				"out. It only adds a way to fail: a runtime error between the two calls (arithmetic on a nil, a compare with " +
				"a missing value) stops the script without undoing the writes it already made, so the lock key stays behind " +
				"and every later run reports the resource as busy until the key is deleted or expires. Drop the lock: the " +
				"script itself is the critical section. A lock that is meant to outlive the script (taken here, released by " +
				"a later call) is not reported.",
			Bad: "local lock = redis.call('SETNX', KEYS[2], 'locked')\nif lock == 1 then\n" +
				"  local stock = tonumber(redis.call('GET', KEYS[1]))\n  if stock > 0 then\n    redis.call('DECR', KEYS[1])\n  end\n" +
				"  redis.call('DEL', KEYS[2])\n  return 'ok'\nend\nreturn 'busy'",
			Good: "local stock = tonumber(redis.call('GET', KEYS[1]))\nif stock and stock > 0 then\n" +
				"  redis.call('DECR', KEYS[1])\n  return 'ok'\nend\nreturn 'sold out'",
			Redis: "all",
		},
	},
	Run: runRedundantLock,
})

// Where a path stands with respect to one lock.
const (
	lockFree     uint8 = 1 << iota // not taken (yet, or the attempt failed)
	lockHeld                       // taken and not released
	lockReleased                   // taken, then deleted
)

func runRedundantLock(p *lint.Pass) {
	m := p.Model
	// One walk per function and lock key: every attempt on that key in
	// that function takes the same lock.
	type group struct {
		fn   *model.Function
		key  string
		acqs []*model.Call
	}
	var groups []*group
	index := map[[2]any]*group{}
	for _, c := range m.Calls {
		if !c.SetsIfAbsent() {
			continue
		}
		id, ok := m.Identity(c.Args[1].Value)
		if !ok {
			continue
		}
		k := [2]any{c.Func, id}
		g := index[k]
		if g == nil {
			g = &group{fn: c.Func, key: id}
			index[k] = g
			groups = append(groups, g)
		}
		g.acqs = append(g.acqs, c)
	}
	released := releasedKeys(m)
	for _, g := range groups {
		if !released[g.key] {
			continue
		}
		acqs := map[*model.Call]bool{}
		for _, a := range g.acqs {
			acqs[a] = true
		}
		var release *model.Call
		heldAtExit := false
		w := &model.PathWalk[uint8]{
			M:      m,
			Inline: true,
			Copy:   func(s uint8) uint8 { return s },
			Join:   func(a, b uint8) uint8 { return a | b },
			Cond: func(cond ast.Expr, s uint8, truth bool) uint8 {
				if acq := testedAttempt(m, cond, acqs); acq != nil {
					switch acquiredWhen(m, acq, cond) {
					case testAlwaysTrue:
						if !truth {
							return 0
						}
						return s
					case testAcquiredIfTrue:
						if truth {
							return s &^ lockFree
						}
						return s &^ lockHeld
					case testAcquiredIfFalse:
						if truth {
							return s &^ lockHeld
						}
						return s &^ lockFree
					}
				}
				return s
			},
			Call: func(c *model.Call, s uint8) uint8 {
				if acqs[c] {
					if s != 0 {
						s |= lockHeld
					}
					return s
				}
				if s&lockHeld != 0 && releases(m, c, g.acqs[0]) {
					if release == nil {
						release = c
					}
					s = s&^lockHeld | lockReleased
				}
				return s
			},
			Exit: func(s uint8, _ *ast.ReturnStmt) {
				if s&lockHeld != 0 {
					heldAtExit = true
				}
			},
		}
		w.Run(g.fn, lockFree)
		if release == nil || heldAtExit || w.Incomplete {
			continue
		}
		where := "script"
		if m.Unit(g.fn).Registration != nil {
			where = "function"
		}
		for _, acq := range g.acqs {
			p.Report(m.Range(acq.Expr), "lock %s is taken with %s and deleted again by %s on line %d in the same %s: the %s runs atomically, so the lock keeps nobody out, and a runtime error before the %s leaves the key behind (errors do not roll back); drop the lock",
				m.Text(acq.Args[1].Expr), acq.Name, release.Name, m.Range(release.Expr).Start.Line, where, where, release.Name)
		}
	}
}

// releasedKeys is the identities of the keys some DEL, UNLINK or GETDEL of
// the file deletes: a lock whose key is not among them is never released
// in the script, and needs no walk.
func releasedKeys(m *model.Model) map[string]bool {
	out := map[string]bool{}
	for _, c := range m.Calls {
		if !c.Is("DEL", "UNLINK", "GETDEL") {
			continue
		}
		for _, i := range keyArgs(c) {
			if id, ok := m.Identity(c.Args[i].Value); ok {
				out[id] = true
			}
		}
	}
	return out
}

// testedAttempt returns the lock attempt whose reply an atomic condition
// tests (`r`, `r == 1`, `tonumber(r) == 0`...), if it is one of acqs.
func testedAttempt(m *model.Model, cond ast.Expr, acqs map[*model.Call]bool) *model.Call {
	sides := []ast.Expr{cond}
	if rel, ok := cond.(*ast.RelationalOpExpr); ok {
		sides = []ast.Expr{rel.Lhs, rel.Rhs}
	}
	for _, e := range sides {
		v := m.Value(e)
		if v.Origin == model.Tonumber && v.Of != nil {
			v = *v.Of
		}
		if v.Origin == model.Reply && acqs[v.Call] {
			return v.Call
		}
	}
	return nil
}

// releases reports whether call c deletes the key that acq locks.
func releases(m *model.Model, c, acq *model.Call) bool {
	if !c.Is("DEL", "UNLINK", "GETDEL") {
		return false
	}
	key := acq.Args[1].Value
	for _, i := range keyArgs(c) {
		if m.SameKey(key, c.Args[i].Value) {
			return true
		}
	}
	return false
}

// What a condition says about whether a lock attempt succeeded.
const (
	testNothing = iota
	testAcquiredIfTrue
	testAcquiredIfFalse
	// testAlwaysTrue: a truth test of a reply that is never false or nil
	// (SETNX answers 0 or 1), so the false branch is never taken.
	testAlwaysTrue
)

// acquiredWhen decodes the tests of a lock attempt's reply: `if r then`
// (SET NX answers false when the key exists), `r == 1` / `r == 0` (SETNX),
// `r == false`, through locals and tonumber.
func acquiredWhen(m *model.Model, acq *model.Call, cond ast.Expr) int {
	if rel, ok := cond.(*ast.RelationalOpExpr); ok {
		if rel.Operator != "==" && rel.Operator != "~=" {
			return testNothing
		}
		reply, other := rel.Lhs, rel.Rhs
		if !isReplyOf(m.Value(reply), acq) {
			reply, other = other, reply
		}
		if !isReplyOf(m.Value(reply), acq) {
			return testNothing
		}
		var eqAcquired bool
		switch o := other.(type) {
		case *ast.NumberExpr:
			switch o.Value {
			case "1":
				eqAcquired = true
			case "0":
				eqAcquired = false
			default:
				return testNothing
			}
		case *ast.FalseExpr:
			eqAcquired = false
		default:
			return testNothing
		}
		if eqAcquired == (rel.Operator == "==") {
			return testAcquiredIfTrue
		}
		return testAcquiredIfFalse
	}
	v := m.Value(cond)
	if v.Origin != model.Reply || v.Call != acq {
		return testNothing
	}
	if !v.Types.MayBeFalsy() {
		return testAlwaysTrue
	}
	return testAcquiredIfTrue
}

func isReplyOf(v model.Value, c *model.Call) bool {
	if v.Origin == model.Tonumber && v.Of != nil {
		v = *v.Of
	}
	return v.Origin == model.Reply && v.Call == c
}
