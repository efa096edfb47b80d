package rules

import (
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	ID:       "redundant-lock",
	Category: lint.Atomicity,
	Severity: lint.SeverityWarning,
	Doc: lint.Doc{
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
	for _, acq := range m.Calls {
		if !acq.SetsIfAbsent() {
			continue
		}
		if _, ok := m.Identity(acq.Args[1].Value); !ok {
			continue
		}
		var release *model.Call
		heldAtExit := false
		w := &model.PathWalk[uint8]{
			M:      m,
			Inline: true,
			Copy:   func(s uint8) uint8 { return s },
			Join:   func(a, b uint8) uint8 { return a | b },
			Cond: func(cond ast.Expr, s uint8, truth bool) uint8 {
				switch acquiredWhen(m, acq, cond) {
				case testAlwaysTrue:
					if !truth {
						return 0
					}
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
				return s
			},
			Call: func(c *model.Call, s uint8) uint8 {
				if c == acq {
					if s != 0 {
						s |= lockHeld
					}
					return s
				}
				if s&lockHeld != 0 && releases(m, c, acq) {
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
		w.Run(acq.Func, lockFree)
		if release == nil || heldAtExit {
			continue
		}
		where := "script"
		if m.Unit(acq.Func).Registration != nil {
			where = "function"
		}
		p.Report(m.Range(acq.Expr), "lock %s is taken with %s and deleted again by %s on line %d in the same %s: the %s runs atomically, so the lock keeps nobody out, and a runtime error before the %s leaves the key behind (errors do not roll back); drop the lock",
			m.Text(acq.Args[1].Expr), acq.Name, release.Name, m.Range(release.Expr).Start.Line, where, where, release.Name)
	}
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
