package ruleutil

// What the lock rules share: which calls take a lock (SET NX, SETNX) on
// which key, and which of them the script shows to be a lock rather than a
// record; what a condition on an attempt's reply says about it, the one
// path walk that follows a lock through a run, and the releases of a lock by
// a run that did not take it.

import (
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// KeyArgs returns a call's key positions, or argument 1 when the command
// table gave none.
func KeyArgs(c *model.Call) []int {
	if len(c.Keys) > 0 {
		return c.Keys
	}
	if len(c.Args) > 1 {
		return []int{1}
	}
	return nil
}

// SaysLock reports whether a name, a key's text or a value's text calls
// the thing a lock: one of its words (model.Words) is or holds lock (not
// block or clock), mutex or semaphore, or starts with lease (not release)
// or leader (not leaderboard). The Go call-site checks (package analyzer)
// read names with it too.
func SaysLock(name string) bool {
	for _, w := range model.Words(name) {
		if i := strings.Index(w, "lock"); i >= 0 && (i == 0 || w[i-1] != 'b' && w[i-1] != 'c') {
			return true
		}
		switch {
		case strings.Contains(w, "mutex"), strings.Contains(w, "semaphore"),
			strings.HasPrefix(w, "lease"),
			strings.HasPrefix(w, "leader") && !strings.HasPrefix(w, "leaderboard"):
			return true
		}
	}
	return false
}

// IsLock reports whether the script shows that acq, a SET NX or SETNX,
// takes a lock rather than creating a record that is meant to be there
// (an idempotence marker, a seeded counter, a flag, a state or settings
// record, an acknowledgement): SET NX is how all of them are created, and
// only a lock has a holder whose expiry, release and token matter. The
// evidence is either
//   - the script's own words: the key's literal text or a part of it, a
//     local the key was read through, the local holding the attempt's
//     reply, the value's literal text or local, or the function the
//     attempt runs in says lock, mutex, semaphore, lease or leader
//     (SaysLock); or
//   - an owner: the value is the caller's (ARGV), it is not part of the
//     key (a value every contender for the key writes identifies nobody),
//     and the script releases the key after taking it (DEL, UNLINK,
//     GETDEL) or compares its value with something (GET == token).
//
// The attempts on one key (one Identity) share their evidence: a key the
// script calls a lock in one place is a lock in all. A key the script also
// changes some other way (INCR, HSET, ...) is a counter or a record
// initialised with NX, whatever it is called.
func IsLock(m *model.Model, acq *model.Call) bool {
	return model.Get(m, lockAcqsFact, func() map[*model.Call]bool { return computeLockAcqs(m) })[acq]
}

var lockAcqsFact = model.NewFact[map[*model.Call]bool]("lockAcqs")

func computeLockAcqs(m *model.Model) map[*model.Call]bool {
	out := map[*model.Call]bool{}
	var acqs []*model.Call
	for _, c := range m.Calls {
		if c.SetsIfAbsent() {
			acqs = append(acqs, c)
		}
	}
	if len(acqs) == 0 {
		return out
	}
	uses := NxKeyUsesOf(m)
	other, released, compared := uses.Other, uses.Released, uses.Compared
	replyLocal := map[ast.Expr]*model.Variable{}
	for _, v := range m.Vars {
		if fe, ok := v.Init.(*ast.FuncCallExpr); ok {
			replyLocal[fe] = v
		}
	}
	// The evidence of one attempt; the attempts on one key share it.
	evidence := func(acq *model.Call) bool {
		key, val := acq.Args[1].Value, acq.Args[2].Value
		names := m.ValueNames(key)
		if v := replyLocal[acq.Expr]; v != nil {
			names = append(names, v.Name)
		}
		if val.Var != nil {
			names = append(names, val.Var.Name)
		}
		if val.Origin == model.Literal && val.IsString {
			names = append(names, val.Lit)
		}
		for fn := acq.Func; fn != nil; fn = fn.Parent {
			names = append(names, m.FuncName(fn))
		}
		if slices.ContainsFunc(names, SaysLock) {
			return true
		}
		id, ok := m.Identity(key)
		if !ok || !ownerToken(m, key, val) {
			return false
		}
		return compared[id] || slices.ContainsFunc(released[id], func(c *model.Call) bool {
			// A DEL before the attempt in the same function resets
			// the key; it releases nothing.
			return c.Func != acq.Func || !m.Range(c.Expr).End.Less(m.Range(acq.Expr).Start)
		})
	}
	byKey := map[string]bool{}
	for _, acq := range acqs {
		if id, ok := m.Identity(acq.Args[1].Value); ok {
			if !other[id] && evidence(acq) {
				byKey[id] = true
			}
			continue
		}
		out[acq] = evidence(acq)
	}
	for _, acq := range acqs {
		if id, ok := m.Identity(acq.Args[1].Value); ok && byKey[id] {
			out[acq] = true
		}
	}
	return out
}

// nxKeyUses is what a file does to the keys it takes with NX, by identity.
type nxKeyUses struct {
	// other: changed or read some way that is not a lock's (INCR, HSET...).
	Other map[string]bool
	// released: the DEL, UNLINK and GETDEL calls of the key.
	Released map[string][]*model.Call
	// compared: a GET of the key is compared with something.
	Compared map[string]bool
}

var nxKeyUsesFact = model.NewFact[*nxKeyUses]("nxKeyUses")

// NxKeyUsesOf returns the file's nxKeyUses, computed once.
func NxKeyUsesOf(m *model.Model) *nxKeyUses {
	return model.Get(m, nxKeyUsesFact, func() *nxKeyUses { return computeNXKeyUses(m) })
}

func computeNXKeyUses(m *model.Model) *nxKeyUses {
	u := &nxKeyUses{Other: map[string]bool{}, Released: map[string][]*model.Call{}, Compared: map[string]bool{}}
	for _, c := range m.Calls {
		if c.Command == nil {
			continue
		}
		for _, i := range KeyArgs(c) {
			id, ok := m.Identity(c.Args[i].Value)
			if !ok {
				continue
			}
			switch {
			case c.Is("DEL", "UNLINK", "GETDEL"):
				u.Released[id] = append(u.Released[id], c)
			case !lockCommands[c.Name]:
				u.Other[id] = true
			}
		}
	}
	m.InspectKinds(m.File.Chunk, model.KRelationalOpExpr, func(n any) bool {
		rel := n.(*ast.RelationalOpExpr)
		for _, e := range []ast.Expr{rel.Lhs, rel.Rhs} {
			c := m.Value(e).FromReply()
			if c == nil || !c.Is("GET", "GETEX", "GETDEL") || len(c.Args) < 2 {
				continue
			}
			if id, ok := m.Identity(c.Args[1].Value); ok {
				u.Compared[id] = true
			}
		}
		return true
	})
	return u
}

// ownerToken reports whether val, the value a SET NX writes to key, can
// tell one holder from another: it comes from the caller (ARGV, directly,
// through tonumber, or as part of a concatenation or arithmetic), and it is not one of the parts of the key itself.
func ownerToken(m *model.Model, key, val model.Value) bool {
	if !builtFromArgv(val, 0) {
		return false
	}
	vid, ok := m.Identity(val)
	if !ok {
		return true
	}
	inKey := false
	var walk func(v model.Value, d int)
	walk = func(v model.Value, d int) {
		if d > 16 || inKey {
			return
		}
		if id, ok := m.Identity(v); ok && id == vid {
			inKey = true
			return
		}
		for _, p := range v.Parts {
			walk(p, d+1)
		}
	}
	walk(key, 0)
	return !inKey
}

// builtFromArgv reports whether a value is built from an ARGV element.
func builtFromArgv(v model.Value, d int) bool {
	if d > 16 {
		return false
	}
	switch v.Origin {
	case model.Argv:
		return true
	case model.Tonumber:
		return v.Of != nil && builtFromArgv(*v.Of, d+1)
	case model.Concat, model.Arith:
		for _, p := range v.Parts {
			if builtFromArgv(p, d+1) {
				return true
			}
		}
	}
	return false
}

// lock is a file's attempts to take one lock: the SET NX and SETNX calls
// whose keys have one identity.
type lock struct {
	Id   string
	Acqs []*model.Call
}

// FindLocks returns the file's locks (the attempts isLock accepts), in the
// order of their first attempt.
func FindLocks(m *model.Model) []*lock {
	var out []*lock
	byID := map[string]*lock{}
	for _, c := range m.Calls {
		if !c.SetsIfAbsent() || !IsLock(m, c) {
			continue
		}
		id, ok := m.Identity(c.Args[1].Value)
		if !ok {
			continue
		}
		l := byID[id]
		if l == nil {
			l = &lock{Id: id}
			byID[id] = l
			out = append(out, l)
		}
		l.Acqs = append(l.Acqs, c)
	}
	return out
}

// AttemptSet is acqs as a set.
func AttemptSet(acqs []*model.Call) map[*model.Call]bool {
	out := make(map[*model.Call]bool, len(acqs))
	for _, a := range acqs {
		out[a] = true
	}
	return out
}

// AttemptOutcome is what one branch of a condition says about the lock
// attempts a walk follows.
type AttemptOutcome int

const (
	// notTested: the condition tests no attempt's reply.
	notTested AttemptOutcome = iota
	// outcomeUnknown: it tests one, but says nothing of its success.
	outcomeUnknown
	// AttemptTaken: on this branch the attempt took the lock.
	AttemptTaken
	// AttemptFailed: on this branch it failed: another client holds the
	// lock.
	AttemptFailed
	// BranchNever: this branch is never taken (a truth test of a reply
	// that is never false or nil).
	BranchNever
)

// branchOutcome is what the branch where the atomic condition cond
// evaluated to truth says about the attempts acqs.
func branchOutcome(m *model.Model, cond ast.Expr, acqs map[*model.Call]bool, truth bool) AttemptOutcome {
	acq := TestedAttempt(m, cond, acqs)
	if acq == nil {
		return notTested
	}
	switch AcquiredWhen(m, acq, cond) {
	case TestAcquiredIfTrue:
		if truth {
			return AttemptTaken
		}
		return AttemptFailed
	case testAcquiredIfFalse:
		if truth {
			return AttemptFailed
		}
		return AttemptTaken
	case testAlwaysTrue:
		if !truth {
			return BranchNever
		}
	}
	return outcomeUnknown
}

// LockWalk is the path walk the lock rules share: it follows one lock
// through the paths of a run, the script's local helpers inlined where
// they are called, with a state of bits that the rule defines and that
// joins by union where paths meet.
type LockWalk struct {
	// acqs are the attempts to take the lock that the walk follows.
	Acqs map[*model.Call]bool
	// Branch is the state on the branch of an atomic condition where it
	// evaluated to truth, given what that says of the attempts.
	Branch func(cond ast.Expr, s uint8, truth bool, o AttemptOutcome) uint8
	// call is the state after a redis.call or redis.pcall site.
	Call func(c *model.Call, s uint8) uint8
	// exit, when set, sees the state at each way out of the run.
	Exit func(s uint8)
}

// run walks the paths of fn from the state start; it reports false when
// the walk stopped before it saw every path (hostile nesting).
func (lw *LockWalk) Run(m *model.Model, fn *model.Function, start uint8) (complete bool) {
	w := &model.PathWalk[uint8]{
		M:      m,
		Inline: true,
		Copy:   func(s uint8) uint8 { return s },
		Join:   func(a, b uint8) uint8 { return a | b },
		Cond: func(cond ast.Expr, s uint8, truth bool) uint8 {
			return lw.Branch(cond, s, truth, branchOutcome(m, cond, lw.Acqs, truth))
		},
		Call: lw.Call,
	}
	if lw.Exit != nil {
		w.Exit = func(s uint8, _ *ast.ReturnStmt) { lw.Exit(s) }
	}
	w.Run(fn, start)
	return !w.Incomplete
}

// TestedAttempt returns the lock attempt whose reply an atomic condition
// tests (`r`, `r == 1`, `tonumber(r) == 0`...), if it is one of acqs.
func TestedAttempt(m *model.Model, cond ast.Expr, acqs map[*model.Call]bool) *model.Call {
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
	TestAcquiredIfTrue
	testAcquiredIfFalse
	// testAlwaysTrue: a truth test of a reply that is never false or nil
	// (SETNX answers 0 or 1), so the false branch is never taken.
	testAlwaysTrue
)

// AcquiredWhen decodes the tests of a lock attempt's reply: `if r then`
// (SET NX answers false when the key exists), `r == 1` / `r == 0` (SETNX),
// `r == false`, through locals and tonumber.
func AcquiredWhen(m *model.Model, acq *model.Call, cond ast.Expr) int {
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
			return TestAcquiredIfTrue
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
	return TestAcquiredIfTrue
}

func isReplyOf(v model.Value, c *model.Call) bool {
	if v.Origin == model.Tonumber && v.Of != nil {
		v = *v.Of
	}
	return v.Origin == model.Reply && v.Call == c
}

// What the paths that reach a lock release know about the lock.
const (
	// RelNotTaken: this run did not take the lock and did not compare
	// the key's value with anything.
	RelNotTaken uint8 = 1 << iota
	// RelFailed: this run tried to take the lock and failed: another
	// client holds it.
	RelFailed
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

// LockRelease is a DEL, UNLINK or GETDEL of a key that the file takes with
// SET NX or SETNX.
type LockRelease struct {
	Call *model.Call
	Key  ast.Expr
	Acqs []*model.Call
	// state joins what every path reaching the release knows; 0 when every
	// path took the lock in this run (the release is then safe, or
	// redundant-lock's).
	State uint8
}

// lockReleasesKey is lockReleases' key in the model's cache.
var lockReleasesFact = model.NewFact[[]*LockRelease]("lockReleases")

// LockReleases returns computeLockReleases' answer, computed once per file
// for the two rules that read it (neither changes it).
func LockReleases(m *model.Model) []*LockRelease {
	return model.Get(m, lockReleasesFact, func() []*LockRelease { return computeLockReleases(m) })
}

// computeLockReleases finds the releases of the file's locks and what the
// paths reaching them know: a walk of each run (the main chunk and each
// registered function) per lock.
func computeLockReleases(m *model.Model) []*LockRelease {
	locks := FindLocks(m)
	if len(locks) == 0 {
		return nil
	}
	roots := []*model.Function{m.Main}
	for _, r := range m.Registrations {
		if r.Callback != nil {
			if fn := m.FunctionFor(r.Callback); fn != nil {
				roots = append(roots, fn)
			}
		}
	}
	var out []*LockRelease
	index := map[[2]any]*LockRelease{}
	for _, l := range locks {
		releaseArg := func(c *model.Call) ast.Expr {
			if !c.Is("DEL", "UNLINK", "GETDEL") {
				return nil
			}
			for _, i := range KeyArgs(c) {
				if id, ok := m.Identity(c.Args[i].Value); ok && id == l.Id {
					return c.Args[i].Expr
				}
			}
			return nil
		}
		acqs := AttemptSet(l.Acqs)
		w := &LockWalk{
			Acqs: acqs,
			Branch: func(cond ast.Expr, s uint8, truth bool, o AttemptOutcome) uint8 {
				switch o {
				case notTested:
					if s&(RelNotTaken|RelFailed) != 0 && isOwnerCheck(m, cond, l.Id, truth) {
						s = s&^(RelNotTaken|RelFailed) | relChecked
					}
					return s
				case AttemptTaken:
					return 0
				case AttemptFailed:
					return RelFailed
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
					k := [2]any{c, l.Id}
					r := index[k]
					if r == nil {
						r = &LockRelease{Call: c, Key: arg, Acqs: l.Acqs}
						index[k] = r
						out = append(out, r)
					}
					r.State |= s
					return 0
				}
				return s
			},
		}
		for _, root := range roots {
			w.Run(m, root, RelNotTaken)
		}
	}
	return out
}

// isOwnerCheck reports whether cond, evaluated to truth, means the lock
// key's value was checked: it equals something (`redis.call('GET', k) ==
// token` true, or `~=` false, directly or through a local holding the
// reply), or it is older than something (`tonumber(GET k) < now` true,
// `now >= GET k + ttl` true, `GET k > now` false: a lock that stores its
// time, deleted when stale).
func isOwnerCheck(m *model.Model, cond ast.Expr, id string, truth bool) bool {
	rel, ok := cond.(*ast.RelationalOpExpr)
	if !ok {
		return false
	}
	op := rel.Operator
	if !truth {
		op = model.NegateRelation(op)
	}
	for i, e := range []ast.Expr{rel.Lhs, rel.Rhs} {
		if !readsKey(m, m.Value(e), id, 0) {
			continue
		}
		switch op {
		case "==":
			return true
		case "<", "<=":
			// value < other
			return i == 0
		case ">", ">=":
			// other > value
			return i == 1
		}
	}
	return false
}

// readsKey reports whether v is the value a GET of the key id replied, or
// tonumber or arithmetic of it.
func readsKey(m *model.Model, v model.Value, id string, d int) bool {
	if d > 8 {
		return false
	}
	if v.Origin == model.Arith {
		for _, p := range v.Parts {
			if readsKey(m, p, id, d+1) {
				return true
			}
		}
		return false
	}
	c := v.FromReply()
	if c == nil || !c.Is("GET", "GETEX") || len(c.Args) < 2 || v.Origin == model.ReplyElement {
		return false
	}
	kid, ok := m.Identity(c.Args[1].Value)
	return ok && kid == id
}

// ExpiryTokens are the SET options that give the key a time to live.
var ExpiryTokens = []string{"EX", "PX", "EXAT", "PXAT"}

type expiry int

const (
	ExpiryNo expiry = iota
	ExpiryYes
	// ExpiryUnknown: an option is not a literal, so it may be EX or PX.
	ExpiryUnknown
)

// SetExpiry says whether a SET call gives its key a time to live.
func SetExpiry(c *model.Call) expiry {
	for _, t := range ExpiryTokens {
		if i := c.TokenIndex(t); i >= 3 {
			return ExpiryYes
		}
	}
	if c.Variadic {
		return ExpiryUnknown
	}
	for i := 3; i < len(c.Args); i++ {
		if _, ok := c.Literal(i); !ok {
			return ExpiryUnknown
		}
	}
	return ExpiryNo
}

// SetnxAt is an attempt to take a key that the rule follows: a SETNX, or
// a SET NX that gives the key no expiry, through redis.call (a pcall's
// error table would be truthy), with no argument expanding.
type SetnxAt struct {
	Call *model.Call
	// local is the variable `local x = redis.call('SETNX', ...)` declares,
	// nil when the call stands alone.
	Local *model.Variable
	Stmt  ast.Stmt
}

func setnxCall(m *model.Model, e ast.Expr) *model.Call {
	fe, ok := e.(*ast.FuncCallExpr)
	if !ok {
		return nil
	}
	c := m.CallAt(fe)
	if c == nil || c.Protected || c.Variadic {
		return nil
	}
	switch {
	case c.Name == "SETNX" && len(c.Args) == 3:
		return c
	case c.Name == "SET" && c.SetsIfAbsent() && SetExpiry(c) == ExpiryNo && !c.HasToken("GET"):
		return c
	}
	return nil
}

// SetnxStmt recognizes `redis.call('SETNX', k, v)` as a statement and
// `local x = redis.call('SETNX', k, v)`.
func SetnxStmt(m *model.Model, st ast.Stmt) *SetnxAt {
	switch st := st.(type) {
	case *ast.FuncCallStmt:
		if c := setnxCall(m, st.Expr); c != nil {
			return &SetnxAt{Call: c, Stmt: st}
		}
	case *ast.LocalAssignStmt:
		if len(st.Names) != 1 || len(st.Exprs) != 1 {
			return nil
		}
		if c := setnxCall(m, st.Exprs[0]); c != nil {
			vs := m.Declared(st)
			if len(vs) != 1 {
				return nil
			}
			return &SetnxAt{Call: c, Local: vs[0], Stmt: st}
		}
	}
	return nil
}

// SetnxCond is an if condition that tests a SETNX reply against 0 or 1.
type SetnxCond struct {
	SetnxAt
	// ref is the operand that stands for the reply in the condition: the
	// call itself, or the local holding it.
	Ref ast.Expr
	// taken says which way the condition is true: when the key was taken
	// (== 1, ~= 0) or when it was not (== 0, ~= 1).
	Taken bool
}

// SetnxTest decodes `redis.call('SETNX', k, v) == 1` and its kin, and
// `x == 1` where prev is `local x = redis.call('SETNX', k, v)`.
func SetnxTest(m *model.Model, cond ast.Expr, prev ast.Stmt) *SetnxCond {
	if t := setNXTruth(m, cond, prev); t != nil {
		return t
	}
	rel, ok := cond.(*ast.RelationalOpExpr)
	if !ok || (rel.Operator != "==" && rel.Operator != "~=") {
		return nil
	}
	for _, sides := range [][2]ast.Expr{{rel.Lhs, rel.Rhs}, {rel.Rhs, rel.Lhs}} {
		ref, num := sides[0], sides[1]
		n, ok := num.(*ast.NumberExpr)
		if !ok || (n.Value != "0" && n.Value != "1") {
			continue
		}
		taken := (n.Value == "1") == (rel.Operator == "==")
		if c := setnxCall(m, ref); c != nil && c.Name == "SETNX" {
			return &SetnxCond{SetnxAt: SetnxAt{Call: c}, Ref: ref, Taken: taken}
		}
		id, ok := ref.(*ast.IdentExpr)
		if !ok || prev == nil {
			continue
		}
		if s := SetnxStmt(m, prev); s != nil && s.Local != nil && s.Call.Name == "SETNX" && m.VarOf(id) == s.Local {
			return &SetnxCond{SetnxAt: *s, Ref: ref, Taken: taken}
		}
	}
	return nil
}

// setNXTruth decodes a truth test of a SET NX reply (OK when the key was
// set, null when it was there): `if redis.call('SET', k, v, 'NX') then`,
// `if not ... then`, and the same of a local prev declares.
func setNXTruth(m *model.Model, cond ast.Expr, prev ast.Stmt) *SetnxCond {
	taken := true
	if n, ok := cond.(*ast.UnaryNotOpExpr); ok {
		cond, taken = n.Expr, false
	}
	if c := setnxCall(m, cond); c != nil && c.Name == "SET" {
		return &SetnxCond{SetnxAt: SetnxAt{Call: c}, Ref: cond, Taken: taken}
	}
	id, ok := cond.(*ast.IdentExpr)
	if !ok || prev == nil {
		return nil
	}
	if s := SetnxStmt(m, prev); s != nil && s.Local != nil && s.Call.Name == "SET" && m.VarOf(id) == s.Local {
		return &SetnxCond{SetnxAt: *s, Ref: cond, Taken: taken}
	}
	return nil
}
