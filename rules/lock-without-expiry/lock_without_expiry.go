// Package lockwithoutexpiry is the rule lock-without-expiry: a key taken with SETNX or SET NX that never expires.
package lockwithoutexpiry

import (
	_ "embed" // doc.md

	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is lock-without-expiry.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "lock-without-expiry",
		Category: diag.Atomicity,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/lock-without-expiry/doc.md", doc),
	},
	Run: runLockWithoutExpiry,
}

func runLockWithoutExpiry(p *lint.Pass) {
	m := p.Model
	var ends []lifeEnd
	computed := false
	var fx *ruleutil.Fixer
	for _, c := range m.Calls {
		if !c.SetsIfAbsent() {
			continue
		}
		keepTTL := false
		if c.Name == "SET" {
			switch ruleutil.SetExpiry(c) {
			case ruleutil.ExpiryYes, ruleutil.ExpiryUnknown:
				continue
			}
			keepTTL = c.HasToken("KEEPTTL")
		}
		if !computed {
			ends, computed = lifeEnds(m), true
		}
		if expiresOrDeletedLater(m, c, ends) {
			continue
		}
		key := m.Text(c.Args[1].Expr)
		kind := nxKind(m, c)
		var fix *diag.Fix
		if kind == nxLock || kind == nxGuard {
			if fx == nil {
				fx = ruleutil.NewFixer(m)
			}
			fix = lockExpiryFix(fx, c)
		}
		switch {
		case kind == nxLock && c.Name == "SETNX":
			p.Report(m.Range(c.Expr), "lock %s taken with SETNX never expires (TTL -1)", key).
				Help("the script sets no expiry on it, and a lock whose holder fails before deleting it stays forever; use SET %s value NX PX <ms>, or EXPIRE it in the same script", key).
				Fix(fix)
		case kind == nxLock && keepTTL:
			p.Report(m.Range(c.Expr), "lock %s set with NX KEEPTTL never expires", key).
				Help("with NX the key did not exist, so there is no TTL to keep (TTL -1); use PX <ms> or EX <s> instead of KEEPTTL")
		case kind == nxLock:
			p.Report(m.Range(c.Expr), "lock %s set with NX has no EX/PX and the script sets no expiry on it", key).
				Help("it never expires (TTL -1), and a lock whose holder fails before deleting it stays forever; add PX <ms> or EX <s>").
				Fix(fix)
		case kind == nxGuard:
			p.Report(m.Range(c.Expr), "%s %s gates the rest of the script and never expires (TTL -1)", key, nxVerb(c, keepTTL)).
				Help("a run that finds the key writes nothing, so no run gets past it until other code deletes the key, and if that code never runs (its client failed) the key stays forever; if the guard should end (a lock, a once-per-period check), use SET %s value NX EX <s>, or EXPIRE it in the same script", key).
				Fix(fix)
		default:
			p.Report(m.Range(c.Expr), "%s %s never expires: the script gives it no time to live (TTL -1)", key, nxVerb(c, keepTTL)).
				Help("fine for a record meant to last; if it is a lock or a marker that should end, use SET %s value NX EX <s>, or EXPIRE it in the same script", key).
				Info()
		}
	}
}

func nxVerb(c *model.Call, keepTTL bool) string {
	switch {
	case c.Name == "SETNX":
		return "taken with SETNX"
	case keepTTL:
		return "set with NX KEEPTTL"
	}
	return "set with NX"
}

// What the script shows a SET NX or SETNX creates.
const (
	// nxRecord: nothing says more than a key created if absent.
	nxRecord = iota
	// nxLock: a lock (isLock), or a key whose name or value says owner or
	// token, or that the script releases (DEL) or compares (GET ==) where
	// it did not just take it.
	nxLock
	// nxGuard: the attempt's reply is tested, a run that took the key goes
	// on to write, and a run that finds the key taken writes nothing before
	// it ends: a once-only guard.
	nxGuard
)

func nxKind(m *model.Model, acq *model.Call) int {
	if ruleutil.IsLock(m, acq) {
		return nxLock
	}
	id, ok := m.Identity(acq.Args[1].Value)
	uses := ruleutil.NxKeyUsesOf(m)
	if ok && uses.Other[id] {
		// A counter or a record changed another way.
		return nxRecord
	}
	names := append(m.ValueNames(acq.Args[1].Value), m.ValueNames(acq.Args[2].Value)...)
	if slices.ContainsFunc(names, saysHolder) {
		return nxLock
	}
	tested, failedWrites, takenWrites, after := nxAfter(m, acq)
	if ok {
		if uses.Compared[id] {
			return nxLock
		}
		for _, d := range uses.Released[id] {
			// A DEL on a path after the attempt (a stale key deleted
			// and written again) or before it in the same function
			// (a reset) releases nothing another run took.
			if after[d] || d.Func == acq.Func && m.Range(d.Expr).End.Less(m.Range(acq.Expr).Start) {
				continue
			}
			return nxLock
		}
	}
	if tested && takenWrites && !failedWrites {
		return nxGuard
	}
	return nxRecord
}

// saysHolder reports whether a name says the key or value identifies a
// holder: owner or token (an idempotency token is a holder too).
func saysHolder(name string) bool {
	for _, w := range model.Words(name) {
		if strings.Contains(w, "owner") || strings.Contains(w, "token") {
			return true
		}
	}
	return false
}

// nxAfter walks the paths from acq. tested: a condition of the function
// acq runs in tells its failure; failedWrites and takenWrites: a write runs
// on a path of that function where it failed, or where it succeeded (or
// its reply was not yet tested), before the function ends (a guard in a
// helper gates the rest of the helper); after: the calls that run after it
// on any path of the run.
func nxAfter(m *model.Model, acq *model.Call) (tested, failedWrites, takenWrites bool, after map[*model.Call]bool) {
	const ran, failed = 1, 2
	after = map[*model.Call]bool{}
	w := &ruleutil.LockWalk{
		Acqs: map[*model.Call]bool{acq: true},
		Branch: func(_ ast.Expr, s uint8, _ bool, o ruleutil.AttemptOutcome) uint8 {
			switch o {
			case ruleutil.AttemptFailed:
				tested = true
				return failed
			case ruleutil.AttemptTaken:
				return ran
			case ruleutil.BranchNever:
				return 0
			}
			return s
		},
		Call: func(c *model.Call, s uint8) uint8 {
			if c == acq {
				return ran
			}
			if s != 0 {
				after[c] = true
			}
			if c.Command != nil && c.Command.IsWrite() {
				failedWrites = failedWrites || s&failed != 0
				takenWrites = takenWrites || s&ran != 0
			}
			return s
		},
	}
	if !w.Run(m, acq.Func, 0) {
		// Not every path was seen: claim no guard.
		failedWrites = true
	}
	if !tested {
		// assert(ok, 'busy'): a failed attempt raises, so it writes
		// nothing after.
		m.InspectKinds(m.Body(acq.Func), model.KFuncCallExpr, func(n any) bool {
			x := n.(*ast.FuncCallExpr)
			if m.FuncOf(x) == acq.Func && m.BuiltinName(x) == "assert" && len(x.Args) > 0 &&
				ruleutil.TestedAttempt(m, x.Args[0], w.Acqs) == acq && ruleutil.AcquiredWhen(m, acq, x.Args[0]) == ruleutil.TestAcquiredIfTrue {
				tested = true
			}
			return !tested
		})
	}
	if unit := m.Unit(acq.Func); unit != acq.Func {
		// The paths of the run that calls acq's function: what runs
		// after acq there.
		g, fw, tw := tested, failedWrites, takenWrites
		w.Run(m, unit, 0)
		tested, failedWrites, takenWrites = g, fw, tw
	}
	return tested, failedWrites, takenWrites, after
}

// lifeEnd is a call that may end the life of a key: it gives it a time to
// live or deletes it.
type lifeEnd struct {
	call *model.Call
	// ordered: it acts on the lock only when it runs after it was taken
	// (EXPIRE and its kin, DEL); a SET, SETEX or GETEX with an expiry on
	// another path also shows the author chose when the key expires.
	ordered bool
	keys    []keyID
}

// keyID is a key's Identity, computed once.
type keyID struct {
	id string
	ok bool
}

// lifeEnds lists the calls of the file that may end a key's life.
func lifeEnds(m *model.Model) []lifeEnd {
	var out []lifeEnd
	for _, c := range m.Calls {
		ordered := false
		switch c.Name {
		case "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT", "DEL", "UNLINK", "GETDEL":
			ordered = true
		case "SETEX", "PSETEX":
		case "SET":
			if ruleutil.SetExpiry(c) == ruleutil.ExpiryNo {
				continue
			}
		case "GETEX":
			if !anyToken(c, ruleutil.ExpiryTokens) && !c.Variadic && allLiteral(c, 2) {
				continue
			}
		default:
			continue
		}
		e := lifeEnd{call: c, ordered: ordered}
		for _, i := range ruleutil.KeyArgs(c) {
			id, ok := m.Identity(c.Args[i].Value)
			e.keys = append(e.keys, keyID{id, ok})
		}
		out = append(out, e)
	}
	return out
}

// expiresOrDeletedLater reports whether the script may give the key taken by
// acq a time to live (EXPIRE and its kin after the attempt on a path that
// took the key, or a SET/SETEX/GETEX with an expiry of the same key on
// another path), or delete it after taking it (the lock is then released
// in the same run: redundant-lock's business). A DEL or EXPIRE on another
// branch of the script (the release of an acquire/release script) does not
// run after this attempt and does not count.
func expiresOrDeletedLater(m *model.Model, acq *model.Call, ends []lifeEnd) bool {
	id, ok := m.Identity(acq.Args[1].Value)
	ordered := map[*model.Call]bool{}
	for _, e := range ends {
		c := e.call
		if c == acq || !m.SameRun(c, acq) {
			continue
		}
		same := false
		for _, k := range e.keys {
			if model.MayBeSameIdentity(id, ok, k.id, k.ok) {
				same = true
			}
		}
		if !same {
			continue
		}
		if !e.ordered {
			return true
		}
		ordered[c] = true
	}
	if len(ordered) == 0 {
		return false
	}
	// The paths from the attempt: state 1 once it ran and did not fail.
	found := false
	w := &ruleutil.LockWalk{
		Acqs: map[*model.Call]bool{acq: true},
		Branch: func(_ ast.Expr, s uint8, _ bool, o ruleutil.AttemptOutcome) uint8 {
			if o == ruleutil.AttemptFailed || o == ruleutil.BranchNever {
				return 0
			}
			return s
		},
		Call: func(c *model.Call, s uint8) uint8 {
			switch {
			case c == acq:
				return 1
			case s == 1 && ordered[c]:
				found = true
			}
			return s
		},
	}
	roots := []*model.Function{m.Unit(acq.Func)}
	if acq.Func != roots[0] {
		// A function the root's walk may not inline (a method, a
		// global function): its own body is walked too.
		roots = append(roots, acq.Func)
	}
	for _, root := range roots {
		if !w.Run(m, root, 0) {
			return true
		}
		if found {
			return true
		}
	}
	return false
}

func anyToken(c *model.Call, toks []string) bool {
	for _, t := range toks {
		if c.HasToken(t) {
			return true
		}
	}
	return false
}

func allLiteral(c *model.Call, from int) bool {
	for i := from; i < len(c.Args); i++ {
		if _, ok := c.Literal(i); !ok {
			return false
		}
	}
	return true
}

// lockExpiryFix is lock-without-expiry's unsafe fix for a lock or guard:
// the key gets its time to live in milliseconds from a new ARGV element,
// one past the highest the script reads. `SET k v NX` gains `'PX',
// ARGV[n]`; a SETNX whose reply is thrown away, or only compared with 0 or
// 1 as an if's condition, becomes `SET k v NX PX ARGV[n]` (its reply a
// table when the key was set, false when it was there: the comparison
// becomes a truth test). It is unsafe because every caller must now pass
// that argument: without it the SET fails ('Lua redis lib command
// arguments must be strings or integers') where the original took the
// key. There is no fix when the script reads ARGV other than by literal
// indexes (#ARGV, unpack(ARGV), ARGV[i]), registers functions (their args
// are no ARGV), or the call's command or reply stand otherwise.
func lockExpiryFix(fx *ruleutil.Fixer, c *model.Call) *diag.Fix {
	m := fx.M
	if len(c.Args) < 3 || c.Variadic {
		return nil
	}
	n, ok := nextArgv(m)
	if !ok {
		return nil
	}
	cmd, ok := c.Args[0].Expr.(*ast.StringExpr)
	if !ok {
		return nil
	}
	cs, ce := fx.Bounds(cmd)
	lit := string(m.File.Src[cs:ce])
	q := lit[:1]
	if q != "'" && q != `"` {
		return nil
	}
	word := func(w string) string {
		if cmd.Value == strings.ToLower(cmd.Value) {
			w = strings.ToLower(w)
		}
		return q + w + q
	}
	ttl := fmt.Sprintf("ARGV[%d]", n)
	_, last := fx.Bounds(c.Args[len(c.Args)-1].Expr)
	var edits []diag.Edit
	switch c.Name {
	case "SET":
		if c.HasToken("KEEPTTL") {
			return nil
		}
		edits = []diag.Edit{{Start: last, End: last, New: ", " + word("PX") + ", " + ttl}}
	case "SETNX":
		if len(c.Args) != 3 {
			return nil
		}
		s, end := fx.Bounds(c.Expr)
		newCall := string(m.File.Src[s:cs]) + word("SET") + string(m.File.Src[ce:last]) +
			", " + word("NX") + ", " + word("PX") + ", " + ttl + string(m.File.Src[last:end])
		switch rel, taken, ok := setnxComparison(fx, c); {
		case fx.IsStatement(c.Expr):
			edits = []diag.Edit{{Start: s, End: end, New: newCall}}
		case ok && taken:
			edits = []diag.Edit{fx.Replace(rel, newCall, ruleutil.PrecPrimary)}
		case ok:
			edits = []diag.Edit{fx.Replace(rel, "not "+newCall, ruleutil.PrecUnary)}
		default:
			return nil
		}
	default:
		return nil
	}
	if !fx.KeepsComments(edits) {
		return nil
	}
	return &diag.Fix{
		Message: fmt.Sprintf("give %s a time to live in milliseconds from %s (unsafe: every caller must now pass %s; without it the SET fails with 'Lua redis lib command arguments must be strings or integers')",
			m.Text(c.Args[1].Expr), ttl, ttl),
		Edits:         edits,
		Applicability: diag.Unsafe,
	}
}

// setnxComparison finds the comparison of SETNX call c's reply with 0 or
// 1 that is an if's (or while's, or until's) whole condition or one truth
// operand of it, and whether it is true when the key was taken.
func setnxComparison(fx *ruleutil.Fixer, c *model.Call) (rel *ast.RelationalOpExpr, taken, ok bool) {
	rel, ok = fx.Parent[c.Expr].(*ast.RelationalOpExpr)
	if !ok || !fx.TruthOnly(rel) {
		return nil, false, false
	}
	t := ruleutil.SetnxTest(fx.M, rel, nil)
	if t == nil || t.Call != c || t.Ref != ast.Expr(c.Expr) {
		return nil, false, false
	}
	return rel, t.Taken, true
}

// nextArgv returns one past the highest ARGV index the script reads, when
// every read of the global ARGV is an index by an integer literal and the
// script registers no function.
func nextArgv(m *model.Model) (int, bool) {
	high, indexed, all := 0, 0, 0
	ok := true
	m.Inspect(m.File.Chunk, func(n any) bool {
		switch e := n.(type) {
		case *ast.AttrGetExpr:
			if k, isStr := e.Key.(*ast.StringExpr); isStr && k.Value == "register_function" {
				ok = false
			}
			if id, isID := e.Object.(*ast.IdentExpr); isID && id.Value == "ARGV" && m.VarOf(id) == nil {
				num, isNum := e.Key.(*ast.NumberExpr)
				if !isNum {
					return true
				}
				i, err := strconv.Atoi(num.Value)
				if err != nil || i < 1 {
					return true
				}
				indexed++
				high = max(high, i)
			}
		case *ast.IdentExpr:
			if e.Value == "ARGV" && m.VarOf(e) == nil {
				all++
			}
		}
		return ok
	})
	if !ok || all != indexed {
		return 0, false
	}
	return high + 1, true
}
