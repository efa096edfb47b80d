package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unsafe-lock-release",
		Category: diag.Atomicity,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "a lock deleted without checking its owner",
			Summary: "a lock deleted without checking its owner: deletes another client's lock (warning on a release path that did not try to take it)",
			Why: "A lock taken with `SET key token NX PX ms` (or `SETNX`) expires on its own. When its holder is slow, the " +
				"lock expires, another client takes it with its own token, and the first holder's plain `DEL` then deletes " +
				"the second client's lock: two clients now run the critical section at once. A release must delete the key " +
				"only while it still holds the caller's token, checked in the same script so nothing runs in between: " +
				"`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end`. The rule reports a " +
				"`DEL`, `UNLINK` or `GETDEL` of a lock that the same file takes with `SET ... NX` or `SETNX` (a script with " +
				"an acquire and a release branch, or a library with acquire and release functions), reached on a path where " +
				"this run did not take the lock itself and did not compare the key's value first. A lock taken and deleted " +
				"in the same run is redundant-lock's concern; a release in a file that never takes the lock cannot be told " +
				"from any other DEL and is not reported. A key counts as a lock only where the script shows it, as for " +
				"lock-without-expiry: its name says lock, mutex, semaphore, lease or leader, or its value is an owner token " +
				"from ARGV that the script releases or compares. Idempotence markers, flags and acknowledgement markers " +
				"deleted by whoever comes next have no holder to protect and are not reported. A comparison of the key's " +
				"value with `<` or `>` (a lock that stores its expiry time, deleted when stale) counts as a check.",
			Lower: "One level below the rule's severity (warning by default) when the release runs on a path where this run " +
				"did not try to take the lock (a release branch or function): it frees another client's lock only if this " +
				"client's lock expired and was taken again meanwhile, which the clients' timing may or may not prevent. A " +
				"release on the path where this run's own attempt failed, that is while another client holds the lock, " +
				"keeps the rule's severity: the script itself shows it frees their lock. A release at a Go call site " +
				"(`Del` of a key the package takes with `SetNX`) is always one level lower, for the same reason.",
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
			p.Report(m.Range(r.call.Expr), "%s deletes lock %s on a path where the %s on line %d failed", r.call.Name, key, acq.Name, line).
				Help("that is while another client holds it: this frees their lock; delete only when redis.call('GET', %s) equals this client's token", key)
			continue
		}
		p.Report(m.Range(r.call.Expr), "%s deletes lock %s (taken with %s on line %d) without checking its owner", r.call.Name, key, acq.Name, line).
			Help("nothing checks that it still holds this client's token: if the lock expired and another client took it, this frees theirs; delete only when redis.call('GET', %s) equals the token", key).
			Lower()
	}
}
