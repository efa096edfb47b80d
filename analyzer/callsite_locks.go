package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleid"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"golang.org/x/tools/go/analysis"
)

// expiryKind says whether a SET NX / SETNX gives the key a time to live.
type expiryKind int

const (
	expiryNone expiryKind = iota
	// expiryKeepTTL: KEEPTTL with NX keeps a TTL the new key cannot have.
	expiryKeepTTL
	expirySet
	// expiryUnknown: an argument that is not a constant may set one.
	expiryUnknown
)

// lockAcquire is a command that takes a lock: SETNX, or SET with NX.
type lockAcquire struct {
	c      *redisCommand
	key    ast.Expr
	id     string
	expiry expiryKind
}

// acquireOf recognizes a lock acquisition: go-redis SetNX(ctx, k, v, ttl)
// and SetArgs(ctx, k, v, redis.SetArgs{Mode: "NX", ...}), and SETNX or
// SET ... NX sent with Do or built with rueidis.
func acquireOf(pass *analysis.Pass, c *redisCommand) (lockAcquire, bool) {
	a := lockAcquire{c: c, key: c.key()}
	if a.key == nil {
		return a, false
	}
	switch {
	case c.method == "SetNX":
		// go-redis sends SETNX for 0, SET KEEPTTL NX for KeepTTL (-1),
		// and SET EX/PX NX otherwise.
		if len(c.args) < 3 {
			return a, false
		}
		if n, ok := csConstInt(pass.TypesInfo, c.args[2].expr); ok {
			switch {
			case n == 0:
				a.expiry = expiryNone
			case n == -1:
				a.expiry = expiryKeepTTL
			default:
				a.expiry = expirySet
			}
		} else {
			a.expiry = expirySet
		}
	case c.method == "SetArgs":
		if len(c.args) < 3 {
			return a, false
		}
		exp, nx := setArgsExpiry(pass.TypesInfo, c.args[2].expr)
		if !nx {
			return a, false
		}
		a.expiry = exp
	case c.method != "":
		// Other go-redis methods (Set, SetXX, SetEx...) take no lock.
		return a, false
	case c.name == "SETNX":
		a.expiry = expiryNone
	case c.name == "SET" && c.hasToken("NX"):
		a.expiry = expiryNone
		for _, t := range []string{"EX", "PX", "EXAT", "PXAT"} {
			if c.hasToken(t) {
				a.expiry = expirySet
			}
		}
		if a.expiry == expiryNone {
			for i, arg := range c.args {
				if i >= 2 && !arg.isLit {
					a.expiry = expiryUnknown
				}
			}
		}
		if a.expiry == expiryNone && c.hasToken("KEEPTTL") {
			a.expiry = expiryKeepTTL
		}
	default:
		return a, false
	}
	return a, true
}

// setArgsExpiry reads a redis.SetArgs composite literal: whether Mode is
// NX, and whether TTL, ExpireAt or KeepTTL give the key an expiry. A value
// that is not a literal is not read (nx false).
func setArgsExpiry(info *types.Info, e ast.Expr) (exp expiryKind, nx bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return expiryUnknown, false
	}
	exp = expiryNone
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return expiryUnknown, false
		}
		field, _ := kv.Key.(*ast.Ident)
		if field == nil {
			continue
		}
		tv := info.Types[kv.Value]
		switch field.Name {
		case "Mode":
			s, ok := csConstString(info, kv.Value)
			if !ok {
				return expiryUnknown, false
			}
			nx = strings.EqualFold(s, "NX")
		case "TTL":
			if tv.Value == nil || constant.Sign(tv.Value) != 0 {
				exp = max(exp, expirySet)
			}
		case "ExpireAt":
			if c, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); !ok || len(c.Elts) > 0 {
				exp = max(exp, expirySet)
			}
		case "KeepTTL":
			if tv.Value == nil || constant.BoolVal(tv.Value) {
				exp = max(exp, expiryKeepTTL)
			}
		}
	}
	return exp, nx
}

// locks are the package's lock acquisitions (outside tests).
type locks struct {
	acqs []lockAcquire
	// deleted are the keys the package deletes: a key taken with NX and
	// deleted later is a lock.
	deleted map[string]bool
	asLock  map[*redisCommand]bool
	named   map[*redisCommand]bool
	// eval knows what the package's variables are assigned.
	eval *evaluator
}

func findLocks(pass *analysis.Pass, cmds []*redisCommand, ids *keyIdentity, e *evaluator) *locks {
	l := &locks{eval: e, deleted: map[string]bool{}, asLock: map[*redisCommand]bool{}, named: map[*redisCommand]bool{}}
	for _, c := range cmds {
		if inTestFile(pass, c.call) {
			continue
		}
		if a, ok := acquireOf(pass, c); ok {
			a.id = ids.id(a.key)
			l.acqs = append(l.acqs, a)
		}
		if c.is("DEL", "UNLINK", "GETDEL") {
			for _, k := range c.keys() {
				if id := ids.id(k); id != "" {
					l.deleted[id] = true
				}
			}
		}
	}
	return l
}

// usedAsLock reports (once per acquisition) whether the code treats it as
// taking a lock; see usedAsLock.
func (l *locks) usedAsLock(pass *analysis.Pass, a lockAcquire) bool {
	v, ok := l.asLock[a.c]
	if !ok {
		v = usedAsLock(pass, a, l.deleted)
		l.asLock[a.c] = v
	}
	return v
}

// isLock reports whether the code shows that an acquisition takes a lock
// rather than creating a record that is meant to be there (a pause flag,
// an idempotence marker, a client library's SetNX wrapper): it is used as
// a lock (usedAsLock) and its words say so (lockNamed).
func (l *locks) isLock(pass *analysis.Pass, a lockAcquire) bool {
	v, ok := l.named[a.c]
	if !ok {
		v = lockNamed(pass, l.eval, a)
		l.named[a.c] = v
	}
	return v && l.usedAsLock(pass, a)
}

// lockNamed reports whether the key's names say lock, mutex, semaphore,
// lease or leader (rules.SaysLock), or the value's names say it is an
// owner token (token, owner, uuid, nonce, random...) or a lock's. The
// names of an expression are its identifiers, selectors, string constants
// and the called functions, and for a local defined once, those of its
// definition (`key := "lock:" + name`). A key called key holding a value
// called value, or a timestamp, says nothing.
func lockNamed(pass *analysis.Pass, e *evaluator, a lockAcquire) bool {
	if slices.ContainsFunc(exprNames(pass, e, a.key, 0), ruleutil.SaysLock) {
		return true
	}
	v := valueArg(a.c, a.key)
	if v == nil {
		return false
	}
	if _, isConst := csConstString(pass.TypesInfo, v); isConst {
		return false
	}
	return slices.ContainsFunc(exprNames(pass, e, v, 0), func(n string) bool {
		if ruleutil.SaysLock(n) {
			return true
		}
		for _, w := range model.Words(n) {
			switch w {
			case "token", "owner", "uuid", "guid", "nonce", "rand", "random", "holder", "secret":
				return true
			}
		}
		return false
	})
}

// valueArg is the argument after the key: the value SET NX writes.
func valueArg(c *redisCommand, key ast.Expr) ast.Expr {
	for i, a := range c.args {
		if a.expr == key && i+1 < len(c.args) {
			return c.args[i+1].expr
		}
	}
	return nil
}

// exprNames lists the names an expression is written with: identifiers
// (and, for a local defined once, the names of its definition), string
// constants (a named constant's value too) and selectors.
func exprNames(pass *analysis.Pass, ev *evaluator, e ast.Expr, depth int) []string {
	var out []string
	if e == nil || depth > 3 {
		return out
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BasicLit:
			if s, ok := csConstString(pass.TypesInfo, n); ok {
				out = append(out, s)
			}
		case *ast.Ident:
			out = append(out, n.Name)
			switch obj := pass.TypesInfo.Uses[n].(type) {
			case *types.Const:
				if s, ok := csConstString(pass.TypesInfo, n); ok {
					out = append(out, s)
				}
			case *types.Var:
				if def, ok := ev.once(obj); ok && obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
					out = append(out, exprNames(pass, ev, def, depth+1)...)
				}
			}
		}
		return true
	})
	return out
}

// held reports whether c runs after its function took a lock on another
// key: the author serialises the section with that lock.
func (l *locks) held(pass *analysis.Pass, c *redisCommand, keys []string) bool {
	for _, a := range l.acqs {
		if a.id == "" || a.c.call.End() > c.call.Pos() || !sameFunction(a.c, c) {
			continue
		}
		other := true
		for _, k := range keys {
			if k == a.id {
				other = false
			}
		}
		if other && l.usedAsLock(pass, a) {
			return true
		}
	}
	return false
}

// checkLocks reports lock-without-expiry and unsafe-lock-release at Go call
// sites.
func checkLocks(pass *analysis.Pass, rep *reporter, cmds []*redisCommand, ids *keyIdentity, tx map[ast.Node]bool, l *locks, set *resolved) {
	if len(l.acqs) == 0 {
		return
	}
	for _, a := range l.acqs {
		lockWithoutExpiry(pass, rep, a, cmds, ids, l)
	}
	var real []lockAcquire
	for _, a := range l.acqs {
		if l.isLock(pass, a) {
			real = append(real, a)
		}
	}
	if len(real) == 0 {
		return
	}
	for _, c := range cmds {
		if !c.is("DEL", "UNLINK", "GETDEL") || inTransaction(pass, c, tx) || inTestFile(pass, c.call) {
			continue
		}
		unsafeRelease(pass, rep, c, real, cmds, ids, set)
	}
}

// lockUnit is the function a command runs in for the lock rules: the
// innermost function, where a function literal called on the spot (`defer
// func() { ... }()`, `go func() { ... }()`) counts as part of the function
// around it.
func lockUnit(c *redisCommand) (ast.Node, *ast.BlockStmt) {
	for f := range c.cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := f.Node().(type) {
		case *ast.FuncDecl:
			return n, n.Body
		case *ast.FuncLit:
			if call, ok := f.Parent().Node().(*ast.CallExpr); ok && call.Fun == n {
				continue
			}
			return n, n.Body
		}
	}
	return nil, nil
}

// sameFunction reports whether two commands run in one function: the same
// lock unit, or the same top-level declaration.
func sameFunction(a, b *redisCommand) bool {
	ua, _ := lockUnit(a)
	ub, _ := lockUnit(b)
	if ua != nil && ua == ub {
		return true
	}
	oa := csOuterFunc(a.cur)
	return oa != nil && oa == csOuterFunc(b.cur)
}

// usedAsLock reports whether the code treats a SET NX as taking a lock:
// it tests the reply (or returns it as a bool), or deletes the key. A SET
// NX whose reply is ignored or wrapped (MSETNX-style helpers, client
// libraries forwarding their caller's choice) creates a record, not a
// lock.
func usedAsLock(pass *analysis.Pass, a lockAcquire, deleted map[string]bool) bool {
	if a.id != "" && deleted[a.id] {
		return true
	}
	fn, body := lockUnit(a.c)
	if body == nil {
		return false
	}
	d := newDependence(pass.TypesInfo, a.c.call, body)
	boolResult := returnsBool(pass, fn)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			found = d.condition(n.Cond)
		case *ast.ForStmt:
			found = d.condition(n.Cond)
		case *ast.SwitchStmt:
			found = d.value(n.Tag)
		case *ast.CaseClause:
			for _, e := range n.List {
				found = found || d.condition(e)
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				found = found || boolResult && d.condition(r)
			}
		}
		return !found
	})
	return found
}

// returnsBool reports whether a function has a bool result.
func returnsBool(pass *analysis.Pass, fn ast.Node) bool {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	}
	if ft == nil || ft.Results == nil {
		return false
	}
	for _, r := range ft.Results.List {
		if t := pass.TypesInfo.TypeOf(r.Type); t != nil && types.Identical(t.Underlying(), types.Typ[types.Bool]) {
			return true
		}
	}
	return false
}

// is reports whether the command is one of names.
func (c *redisCommand) is(names ...string) bool {
	for _, n := range names {
		if c.name == n {
			return true
		}
	}
	return false
}

// lockWithoutExpiry reports an acquisition that leaves the key without a
// time to live, or gives it one only with a separate EXPIRE.
func lockWithoutExpiry(pass *analysis.Pass, rep *reporter, a lockAcquire, cmds []*redisCommand, ids *keyIdentity, l *locks) {
	if a.expiry != expiryNone && a.expiry != expiryKeepTTL {
		return
	}
	if !l.isLock(pass, a) {
		return
	}
	c := a.c
	key := exprText(pass, a.key)
	fix := lockFix(c, key)
	// A separate EXPIRE of the same key after it, in the same function.
	if a.id != "" {
		for _, e := range cmds {
			if !e.is("EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT") || e.call.Pos() < c.call.End() || !sameFunction(c, e) {
				continue
			}
			if ids.id(e.key()) != a.id {
				continue
			}
			rep.rule(c.call.Pos(), c.call.End(), ruleid.LockWithoutExpiry,
				fmt.Sprintf("lock %s taken with %s gets its expiry from the separate %s on line %d", key, c.via, e.via, csLine(pass, e.call.Pos())),
				fmt.Sprintf("if the client stops between the two commands the lock never expires (TTL -1) and stays taken forever; set the expiry in the same command: %s", fix))
			return
		}
	}
	if a.expiry == expiryKeepTTL {
		rep.rule(c.call.Pos(), c.call.End(), ruleid.LockWithoutExpiry,
			fmt.Sprintf("lock %s set with NX and KEEPTTL never expires", key),
			fmt.Sprintf("with NX the key did not exist, so there is no TTL to keep (TTL -1); give a TTL instead: %s", fix))
		return
	}
	what := c.via
	if c.method == "SetNX" {
		what = "SetNX with expiration 0"
	}
	rep.rule(c.call.Pos(), c.call.End(), ruleid.LockWithoutExpiry,
		fmt.Sprintf("lock %s taken with %s never expires (TTL -1)", key, what),
		fmt.Sprintf("a lock whose holder stops before deleting it stays taken forever; give it a TTL in the same command: %s", fix))
}

// lockFix is the one-command acquisition with an expiry, in the client's
// own words.
func lockFix(c *redisCommand, key string) string {
	switch {
	case c.lib == libGoRedis && c.method != "":
		return "SetNX(ctx, " + key + ", token, ttl)"
	case c.lib == libGoRedis:
		return `Do(ctx, "SET", ` + key + `, token, "NX", "PX", ms)`
	case c.lib == libRueidis:
		return "B().Set().Key(" + key + ").Value(token).Nx().PxMilliseconds(ms)"
	}
	return `Do("SET", ` + key + `, token, "NX", "PX", ms)`
}

// unsafeRelease reports a DEL of a lock key taken in the same function, or
// in a method of the same type, when nothing checks that the lock is still
// this client's. A read of the key before the DEL in the same function is
// taken as an owner check (its race is nonatomic-check-then-act's).
func unsafeRelease(pass *analysis.Pass, rep *reporter, del *redisCommand, acqs []lockAcquire, cmds []*redisCommand, ids *keyIdentity, set *resolved) {
	delFn := csOuterFunc(del.cur)
	for _, k := range del.keys() {
		id := ids.id(k)
		if id == "" {
			continue
		}
		var acq *lockAcquire
		for i := range acqs {
			a := &acqs[i]
			if a.id != id {
				continue
			}
			if sameFunction(a.c, del) {
				if a.c.call.End() <= del.call.Pos() {
					acq = a
					break
				}
				continue
			}
			if aFn := csOuterFunc(a.c.cur); aFn != nil && delFn != nil && aFn != delFn && sameReceiverType(pass, aFn, delFn) {
				acq = a
				break
			}
		}
		if acq == nil || ownerChecked(del, id, cmds, ids) {
			continue
		}
		where := ""
		if !sameFunction(acq.c, del) {
			where = " in " + csOuterFunc(acq.c.cur).Name.Name
		}
		// A release at a Go call site never follows a failed attempt:
		// it frees another client's lock only when this client's
		// expired meanwhile, which the clients' timing may or may not
		// prevent. One level lower, as the rule's Doc.Lower says, unless the
		// severity is configured.
		const rule = ruleid.UnsafeLockRelease
		sev := set.severityOf(fileAt(pass, del.call.Pos()), rule)
		if !set.fixed(fileAt(pass, del.call.Pos()), rule) {
			sev = max(sev-1, diag.SeverityInfo)
		}
		if sev < set.minSeverity {
			return
		}
		rep.report(del.call.Pos(), del.call.End(), rule, sev.String(), nil,
			fmt.Sprintf("%s of lock %s, taken with %s on line %d%s, does not check its owner", del.via, exprText(pass, k), acq.c.via, csLine(pass, acq.c.call.Pos()), where),
			"nothing checks that the lock is still this client's: if it expired and another client took it, this deletes their lock; release with a Lua script that deletes the key only when GET returns this client's token")
		return
	}
}

// ownerChecked reports whether the function of a DEL reads the key before
// it (GET and compare): not atomic, but an owner check.
func ownerChecked(del *redisCommand, id string, cmds []*redisCommand, ids *keyIdentity) bool {
	for _, c := range cmds {
		if !c.isRead() || c.call.End() > del.call.Pos() || !sameFunction(c, del) {
			continue
		}
		for _, k := range c.keys() {
			if ids.id(k) == id {
				return true
			}
		}
	}
	return false
}

// sameReceiverType reports whether two functions are methods of the same
// named type.
func sameReceiverType(pass *analysis.Pass, a, b *ast.FuncDecl) bool {
	ra, rb := recvTypeName(pass, a), recvTypeName(pass, b)
	return ra != "" && ra == rb
}

func recvTypeName(pass *analysis.Pass, fd *ast.FuncDecl) string {
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := pass.TypesInfo.TypeOf(fd.Recv.List[0].Type)
	if t == nil {
		return ""
	}
	return receiverTypeName(t)
}
