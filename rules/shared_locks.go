package rules

// What the lock rules share: which calls take a lock (SET NX, SETNX) on
// which key, what a condition on an attempt's reply says about it, the one
// path walk that follows a lock through a run, and the releases of a lock by
// a run that did not take it.

import (
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// keyArgs returns a call's key positions, or argument 1 when the command
// table gave none.
func keyArgs(c *model.Call) []int {
	if len(c.Keys) > 0 {
		return c.Keys
	}
	if len(c.Args) > 1 {
		return []int{1}
	}
	return nil
}

// lock is a file's attempts to take one lock: the SET NX and SETNX calls
// whose keys have one identity.
type lock struct {
	id   string
	acqs []*model.Call
}

// findLocks returns the file's locks, in the order of their first attempt.
func findLocks(m *model.Model) []*lock {
	var out []*lock
	byID := map[string]*lock{}
	for _, c := range m.Calls {
		if !c.SetsIfAbsent() {
			continue
		}
		id, ok := m.Identity(c.Args[1].Value)
		if !ok {
			continue
		}
		l := byID[id]
		if l == nil {
			l = &lock{id: id}
			byID[id] = l
			out = append(out, l)
		}
		l.acqs = append(l.acqs, c)
	}
	return out
}

// attemptSet is acqs as a set.
func attemptSet(acqs []*model.Call) map[*model.Call]bool {
	out := make(map[*model.Call]bool, len(acqs))
	for _, a := range acqs {
		out[a] = true
	}
	return out
}

// attemptOutcome is what one branch of a condition says about the lock
// attempts a walk follows.
type attemptOutcome int

const (
	// notTested: the condition tests no attempt's reply.
	notTested attemptOutcome = iota
	// outcomeUnknown: it tests one, but says nothing of its success.
	outcomeUnknown
	// attemptTaken: on this branch the attempt took the lock.
	attemptTaken
	// attemptFailed: on this branch it failed: another client holds the
	// lock.
	attemptFailed
	// branchNever: this branch is never taken (a truth test of a reply
	// that is never false or nil).
	branchNever
)

// branchOutcome is what the branch where the atomic condition cond
// evaluated to truth says about the attempts acqs.
func branchOutcome(m *model.Model, cond ast.Expr, acqs map[*model.Call]bool, truth bool) attemptOutcome {
	acq := testedAttempt(m, cond, acqs)
	if acq == nil {
		return notTested
	}
	switch acquiredWhen(m, acq, cond) {
	case testAcquiredIfTrue:
		if truth {
			return attemptTaken
		}
		return attemptFailed
	case testAcquiredIfFalse:
		if truth {
			return attemptFailed
		}
		return attemptTaken
	case testAlwaysTrue:
		if !truth {
			return branchNever
		}
	}
	return outcomeUnknown
}

// lockWalk is the path walk the lock rules share: it follows one lock
// through the paths of a run, the script's local helpers inlined where
// they are called, with a state of bits that the rule defines and that
// joins by union where paths meet.
type lockWalk struct {
	// acqs are the attempts to take the lock that the walk follows.
	acqs map[*model.Call]bool
	// branch is the state on the branch of an atomic condition where it
	// evaluated to truth, given what that says of the attempts.
	branch func(cond ast.Expr, s uint8, truth bool, o attemptOutcome) uint8
	// call is the state after a redis.call or redis.pcall site.
	call func(c *model.Call, s uint8) uint8
	// exit, when set, sees the state at each way out of the run.
	exit func(s uint8)
}

// run walks the paths of fn from the state start; it reports false when
// the walk stopped before it saw every path (hostile nesting).
func (lw *lockWalk) run(m *model.Model, fn *model.Function, start uint8) (complete bool) {
	w := &model.PathWalk[uint8]{
		M:      m,
		Inline: true,
		Copy:   func(s uint8) uint8 { return s },
		Join:   func(a, b uint8) uint8 { return a | b },
		Cond: func(cond ast.Expr, s uint8, truth bool) uint8 {
			return lw.branch(cond, s, truth, branchOutcome(m, cond, lw.acqs, truth))
		},
		Call: lw.call,
	}
	if lw.exit != nil {
		w.Exit = func(s uint8, _ *ast.ReturnStmt) { lw.exit(s) }
	}
	w.Run(fn, start)
	return !w.Incomplete
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

// What the paths that reach a lock release know about the lock.
const (
	// relNotTaken: this run did not take the lock and did not compare
	// the key's value with anything.
	relNotTaken uint8 = 1 << iota
	// relFailed: this run tried to take the lock and failed: another
	// client holds it.
	relFailed
	// relChecked: this run did not take the lock, but compared the key's
	// value (an owner check) before the release.
	relChecked
)

// lockCommands are what a script does to a lock key: take it, read it,
// refresh or read its expiry, delete it.
var lockCommands = map[string]bool{
	"SET": true, "SETNX": true, "GET": true, "GETEX": true, "EXISTS": true, "TYPE": true,
	"DEL": true, "UNLINK": true, "GETDEL": true,
	"EXPIRE": true, "PEXPIRE": true, "EXPIREAT": true, "PEXPIREAT": true, "PERSIST": true, "TTL": true, "PTTL": true,
}

// lockRelease is a DEL, UNLINK or GETDEL of a key that the file takes with
// SET NX or SETNX.
type lockRelease struct {
	call *model.Call
	key  ast.Expr
	acqs []*model.Call
	// state joins what every path reaching the release knows; 0 when every
	// path took the lock in this run (the release is then safe, or
	// redundant-lock's).
	state uint8
}

// lockReleasesKey is lockReleases' key in the model's cache.
var lockReleasesKey byte

// lockReleases returns computeLockReleases' answer, computed once per file
// for the two rules that read it (neither changes it).
func lockReleases(m *model.Model) []*lockRelease {
	return m.Cached(&lockReleasesKey, func() any { return computeLockReleases(m) }).([]*lockRelease)
}

// computeLockReleases finds the releases of the file's locks and what the
// paths reaching them know: a walk of each run (the main chunk and each
// registered function) per lock.
func computeLockReleases(m *model.Model) []*lockRelease {
	locks := findLocks(m)
	if len(locks) == 0 {
		return nil
	}
	byID := map[string]*lock{}
	for _, l := range locks {
		byID[l.id] = l
	}
	// A key that the file also changes some other way (INCR, APPEND...)
	// is a counter or a record initialised with NX, not a lock.
	notLock := map[string]bool{}
	for _, c := range m.Calls {
		if c.Command == nil || lockCommands[c.Name] {
			continue
		}
		for _, i := range keyArgs(c) {
			if id, ok := m.Identity(c.Args[i].Value); ok && byID[id] != nil {
				notLock[id] = true
			}
		}
	}
	roots := []*model.Function{m.Main}
	for _, r := range m.Registrations {
		if r.Callback != nil {
			if fn := m.FunctionFor(r.Callback); fn != nil {
				roots = append(roots, fn)
			}
		}
	}
	var out []*lockRelease
	index := map[[2]any]*lockRelease{}
	for _, l := range locks {
		if notLock[l.id] {
			continue
		}
		releaseArg := func(c *model.Call) ast.Expr {
			if !c.Is("DEL", "UNLINK", "GETDEL") {
				return nil
			}
			for _, i := range keyArgs(c) {
				if id, ok := m.Identity(c.Args[i].Value); ok && id == l.id {
					return c.Args[i].Expr
				}
			}
			return nil
		}
		acqs := attemptSet(l.acqs)
		w := &lockWalk{
			acqs: acqs,
			branch: func(cond ast.Expr, s uint8, truth bool, o attemptOutcome) uint8 {
				switch o {
				case notTested:
					if s&(relNotTaken|relFailed) != 0 && isOwnerCheck(m, cond, l.id, truth) {
						s = s&^(relNotTaken|relFailed) | relChecked
					}
					return s
				case attemptTaken:
					return 0
				case attemptFailed:
					return relFailed
				}
				return s
			},
			call: func(c *model.Call, s uint8) uint8 {
				if acqs[c] {
					// An attempt whose reply is never tested is taken
					// as a success: the failed case is redundant-lock's.
					return 0
				}
				if arg := releaseArg(c); arg != nil {
					k := [2]any{c, l.id}
					r := index[k]
					if r == nil {
						r = &lockRelease{call: c, key: arg, acqs: l.acqs}
						index[k] = r
						out = append(out, r)
					}
					r.state |= s
					return 0
				}
				return s
			},
		}
		for _, root := range roots {
			w.run(m, root, relNotTaken)
		}
	}
	return out
}

// isOwnerCheck reports whether cond, evaluated to truth, means the lock
// key's value equals something: `redis.call('GET', k) == token` true, or
// `~=` false, directly or through a local holding the reply.
func isOwnerCheck(m *model.Model, cond ast.Expr, id string, truth bool) bool {
	rel, ok := cond.(*ast.RelationalOpExpr)
	if !ok {
		return false
	}
	switch {
	case rel.Operator == "==" && truth, rel.Operator == "~=" && !truth:
	default:
		return false
	}
	for _, e := range []ast.Expr{rel.Lhs, rel.Rhs} {
		c := m.Value(e).FromReply()
		if c == nil || !c.Is("GET", "GETEX") || len(c.Args) < 2 {
			continue
		}
		if kid, ok := m.Identity(c.Args[1].Value); ok && kid == id {
			return true
		}
	}
	return false
}
