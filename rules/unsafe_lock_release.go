package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unsafe-lock-release",
		Category: diag.Atomicity,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title: "a lock deleted without checking its owner",
			Why: "A lock taken with `SET key token NX PX ms` (or `SETNX`) expires on its own. When its holder is slow, the " +
				"lock expires, another client takes it with its own token, and the first holder's plain `DEL` then deletes " +
				"the second client's lock: two clients now run the critical section at once. A release must delete the key " +
				"only while it still holds the caller's token, checked in the same script so nothing runs in between: " +
				"`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end`. The rule reports a " +
				"`DEL`, `UNLINK` or `GETDEL` of a key that the same file takes with `SET ... NX` or `SETNX` (a script with " +
				"an acquire and a release branch, or a library with acquire and release functions), reached on a path where " +
				"this run did not take the lock itself and did not compare the key's value first. A lock taken and deleted " +
				"in the same run is redundant-lock's concern; a release in a file that never takes the lock cannot be told " +
				"from any other DEL and is not reported.",
			Bad: "if ARGV[1] == 'lock' then\n  return redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[3])\nend\n" +
				"return redis.call('DEL', KEYS[1])",
			Good: "if ARGV[1] == 'lock' then\n  return redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[3])\nend\n" +
				"if redis.call('GET', KEYS[1]) == ARGV[2] then\n  return redis.call('DEL', KEYS[1])\nend\nreturn 0",
			Redis: "all; observed on 7.0.15",
		},
	},
	Run: runUnsafeLockRelease,
})

func runUnsafeLockRelease(p *lint.Pass) {
	m := p.Model
	for _, r := range lockReleases(m) {
		if r.state&(relFailed|relNotTaken) == 0 {
			continue
		}
		key := m.Text(r.key)
		acq := r.acqs[0]
		line := m.Range(acq.Expr).Start.Line
		if r.state&relFailed != 0 {
			p.Report(m.Range(r.call.Expr), "%s deletes lock %s on a path where the %s on line %d failed, that is while another client holds it: this frees their lock; delete only when redis.call('GET', %s) equals this client's token",
				r.call.Name, key, acq.Name, line, key)
			continue
		}
		p.Report(m.Range(r.call.Expr), "%s deletes lock %s (taken with %s on line %d) without checking that it still holds this client's token: if the lock expired and another client took it, this frees theirs; delete only when redis.call('GET', %s) equals the token",
			r.call.Name, key, acq.Name, line, key)
	}
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
// paths reaching them know: a forward walk of each run (the main chunk and
// each registered function, with local helpers inlined) per lock key.
func computeLockReleases(m *model.Model) []*lockRelease {
	type lock struct {
		id   string
		acqs []*model.Call
	}
	var locks []*lock
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
			locks = append(locks, l)
		}
		l.acqs = append(l.acqs, c)
	}
	if len(locks) == 0 {
		return nil
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
		acqs := map[*model.Call]bool{}
		for _, a := range l.acqs {
			acqs[a] = true
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
		for _, root := range roots {
			w := &model.PathWalk[uint8]{
				M:      m,
				Inline: true,
				Copy:   func(s uint8) uint8 { return s },
				Join:   func(a, b uint8) uint8 { return a | b },
				Cond: func(cond ast.Expr, s uint8, truth bool) uint8 {
					if acq := testedAttempt(m, cond, acqs); acq != nil {
						switch acquiredWhen(m, acq, cond) {
						case testAcquiredIfTrue:
							if truth {
								return 0
							}
							return relFailed
						case testAcquiredIfFalse:
							if truth {
								return relFailed
							}
							return 0
						}
						return s
					}
					if s&(relNotTaken|relFailed) != 0 && isOwnerCheck(m, cond, l.id, truth) {
						s = s&^(relNotTaken|relFailed) | relChecked
					}
					return s
				},
				Call: func(c *model.Call, s uint8) uint8 {
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
			w.Run(root, relNotTaken)
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
