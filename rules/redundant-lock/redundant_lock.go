// Package redundantlock is the rule redundant-lock: a lock taken and released inside one script.
package redundantlock

import (
	_ "embed" // doc.md

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is redundant-lock.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "redundant-lock",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/redundant-lock/doc.md", doc),
	},
	Run: runRedundantLock,
}

// Where a path stands with respect to one lock.
const (
	lockFree     uint8 = 1 << iota // not taken (yet, or the attempt failed)
	lockHeld                       // taken and not released
	lockReleased                   // taken, then deleted
)

func runRedundantLock(p *lint.Pass) {
	m := p.Model
	released := releasedKeys(m)
	for _, l := range ruleutil.FindLocks(m) {
		if !released[l.Id] {
			continue
		}
		// One walk per function: every attempt on the key in that
		// function takes the same lock.
		var fns []*model.Function
		byFn := map[*model.Function][]*model.Call{}
		for _, a := range l.Acqs {
			if byFn[a.Func] == nil {
				fns = append(fns, a.Func)
			}
			byFn[a.Func] = append(byFn[a.Func], a)
		}
		for _, fn := range fns {
			checkRedundantLock(p, fn, byFn[fn])
		}
	}
}

// checkRedundantLock reports the attempts acqs of fn when every path
// through fn that takes the lock deletes it again before fn returns.
func checkRedundantLock(p *lint.Pass, fn *model.Function, acqs []*model.Call) {
	m := p.Model
	is := ruleutil.AttemptSet(acqs)
	var release *model.Call
	heldAtExit := false
	w := &ruleutil.LockWalk{
		Acqs: is,
		Branch: func(_ ast.Expr, s uint8, _ bool, o ruleutil.AttemptOutcome) uint8 {
			switch o {
			case ruleutil.BranchNever:
				return 0
			case ruleutil.AttemptTaken:
				return s &^ lockFree
			case ruleutil.AttemptFailed:
				return s &^ lockHeld
			}
			return s
		},
		Call: func(c *model.Call, s uint8) uint8 {
			if is[c] {
				if s != 0 {
					s |= lockHeld
				}
				return s
			}
			if s&lockHeld != 0 && releases(m, c, acqs[0]) {
				if release == nil {
					release = c
				}
				s = s&^lockHeld | lockReleased
			}
			return s
		},
		Exit: func(s uint8) {
			if s&lockHeld != 0 {
				heldAtExit = true
			}
		},
	}
	if !w.Run(m, fn, lockFree) || release == nil || heldAtExit {
		return
	}
	where := "script"
	if m.Unit(fn).Registration != nil {
		where = "function"
	}
	for _, acq := range acqs {
		p.Report(m.Range(acq.Expr), "lock %s is taken with %s and deleted again by %s on line %d in the same %s", m.Text(acq.Args[1].Expr), acq.Name, release.Name, m.Range(release.Expr).Start.Line, where).
			Help("the %s runs atomically, so the lock keeps nobody out, and a runtime error before the %s leaves the key behind (errors do not roll back); drop the lock", where, release.Name)
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
		for _, i := range ruleutil.KeyArgs(c) {
			if id, ok := m.Identity(c.Args[i].Value); ok {
				out[id] = true
			}
		}
	}
	return out
}

// releases reports whether call c deletes the key that acq locks.
func releases(m *model.Model, c, acq *model.Call) bool {
	if !c.Is("DEL", "UNLINK", "GETDEL") {
		return false
	}
	key := acq.Args[1].Value
	for _, i := range ruleutil.KeyArgs(c) {
		if m.SameKey(key, c.Args[i].Value) {
			return true
		}
	}
	return false
}
