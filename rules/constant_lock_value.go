package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "constant-lock-value",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title:   "a lock taken with a constant value",
			Summary: "a lock taken with a constant value: no owner can be identified, so no release is safe",
			Why: "A lock's value is how its release tells the holder's lock from another client's. When every client writes " +
				"the same constant (`'1'`, `'locked'`), even a release that checks the value (`GET == '1'`) cannot: once the " +
				"lock has expired and another client has taken it, the first client's release finds `'1'` and deletes the " +
				"other client's lock, and two clients run the critical section at once. Store a value unique to the " +
				"acquirer (a random token passed in ARGV) and compare it on release. The rule reports a constant lock value " +
				"when the same file also releases the key in another run (an acquire and a release branch, or acquire and " +
				"release functions of a library). Only a key the script shows to be a lock is reported, and with a constant " +
				"value that is its name: the key's text, a local holding it or the attempt's reply, the value's text or the " +
				"function taking it says lock, mutex, semaphore, lease or leader. A key taken with NX and never deleted in " +
				"the file (an idempotency record, a rate-limit gate), a marker that whoever comes second deletes (an " +
				"acknowledgement), and a lock deleted again in the same run, where no other client can intervene " +
				"(redundant-lock reports that), are not reported.",
			Bad: "local lock = KEYS[1]\nif ARGV[1] == 'lock' then\n  return redis.call('SET', lock, '1', 'NX', 'PX', ARGV[2])\nend\n" +
				"if redis.call('GET', lock) == '1' then\n  return redis.call('DEL', lock)\nend\nreturn 0",
			Good: "local lock = KEYS[1]\nif ARGV[1] == 'lock' then\n  return redis.call('SET', lock, ARGV[3], 'NX', 'PX', ARGV[2])\nend\n" +
				"if redis.call('GET', lock) == ARGV[3] then\n  return redis.call('DEL', lock)\nend\nreturn 0",
			Redis: "all; observed on 7.0.15",
		},
	},
	Run: runConstantLockValue,
})

func runConstantLockValue(p *lint.Pass) {
	m := p.Model
	// The first release of each lock that a run performs without having
	// taken the lock itself.
	release := map[*model.Call]*model.Call{}
	for _, r := range lockReleases(m) {
		if r.state == 0 {
			continue
		}
		for _, a := range r.acqs {
			if release[a] == nil {
				release[a] = r.call
			}
		}
	}
	for _, c := range m.Calls {
		rel := release[c]
		if rel == nil || len(c.Args) < 3 {
			continue
		}
		v := c.Args[2].Value
		if v.Origin != model.Literal || v.Types&(model.TString|model.TNumber) == 0 {
			continue
		}
		p.Report(m.Range(c.Args[2].Expr), "lock %s is taken with the constant value %s", m.Text(c.Args[1].Expr), m.Text(c.Args[2].Expr)).
			Help("the %s on line %d releases it in a run that did not take it: every holder writes the same value, so that release cannot tell this client's lock from the next holder's after it expires; store a unique token from ARGV and delete only when GET returns it",
				rel.Name, m.Range(rel.Expr).Start.Line)
	}
}
