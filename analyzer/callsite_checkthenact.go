package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"

	"github.com/lint-lua/lint-lua/rules/ruleid"
)

// The call-site rules that need no script text: nonatomic-check-then-act
// (here), lock-without-expiry and unsafe-lock-release (callsite_locks.go).
// They share one list of the package's Redis commands.
func checkCallsites(pass *analysis.Pass, st *state) {
	cmds := redisCommands(pass, st.settings.target.Lookup)
	if len(cmds) == 0 {
		return
	}
	ids := newKeyIdentity(pass)
	tx := transactionFuncs(cmds)
	l := findLocks(pass, cmds, ids, st.eval)
	checkNonatomic(pass, st.rep, cmds, ids, tx, l)
	checkLocks(pass, st.rep, cmds, ids, tx, l, st.settings)
}

// checkNonatomic reports nonatomic-check-then-act: in one function, a read
// of a key followed by a write of the same key whose arguments, or the
// condition it runs under, come from what was read. Another client can
// change the key between the two commands (the GET-then-DECR oversell).
// Commands on a go-redis Tx or pipeline, in Watch/TxPipelined/Pipelined
// callbacks, and in functions that send WATCH or MULTI themselves are left
// alone (the author chose a transaction), and so are reads made after the
// function took a lock on another key with SET NX, and _test.go files (a
// test drives its own keys on a test server, one step after the other).
func checkNonatomic(pass *analysis.Pass, rep *reporter, cmds []*redisCommand, ids *keyIdentity, tx map[ast.Node]bool, l *locks) {
	type read struct {
		c    *redisCommand
		keys []string
		dep  *dependence
	}
	reads := map[ast.Node][]*read{}
	for _, c := range cmds {
		if !c.isRead() || inTransaction(pass, c, tx) || inTestFile(pass, c.call) {
			continue
		}
		fn, _ := csEnclosingFunc(c.cur)
		if fn == nil {
			continue
		}
		r := &read{c: c}
		for _, k := range c.keys() {
			if id := ids.id(k); id != "" {
				r.keys = append(r.keys, id)
			}
		}
		if len(r.keys) > 0 && !l.held(pass, c, r.keys) {
			reads[fn] = append(reads[fn], r)
		}
	}
	for _, w := range cmds {
		if !w.isWrite() || w.is(expiries...) || inTransaction(pass, w, tx) {
			continue
		}
		fn, body := csEnclosingFunc(w.cur)
		if fn == nil || len(reads[fn]) == 0 {
			continue
		}
		wkeys := map[string]ast.Expr{}
		for _, k := range w.keys() {
			if id := ids.id(k); id != "" {
				wkeys[id] = k
			}
		}
		// The nearest read before the write that it depends on.
		var found *read
		for _, r := range reads[fn] {
			if r.c == w || r.c.call.End() > w.call.End() || (r.c.call.Pos() <= w.call.Pos() && w.call.End() <= r.c.call.End()) {
				continue
			}
			same := false
			for _, id := range r.keys {
				if wkeys[id] != nil {
					same = true
				}
			}
			if !same || removesWhatWasRead(w, r.c) {
				continue
			}
			if r.dep == nil {
				r.dep = newDependence(pass.TypesInfo, r.c.call, body)
				r.dep.existence = r.c.is("EXISTS", "HEXISTS")
			}
			switch r.dep.writeDepends(w, fn) {
			case depValue:
				found = r
			case depExistence:
				// Filling a missing key (a cache) or deleting a present
				// one twice does no harm; adding to it twice does.
				if !w.is(overwrites...) {
					found = r
				}
			}
		}
		if found == nil {
			continue
		}
		key := w.key()
		rep.rule(w.call.Pos(), w.call.End(), ruleid.NonatomicCheckThenAct,
			fmt.Sprintf("%s of %s depends on the %s of the same key on line %d", w.via, exprText(pass, key), found.c.via, csLine(pass, found.c.call.Pos())),
			fmt.Sprintf("another client can change the key between the two commands: do the read and the write in one Lua script (lint-lua checks it)%s", watchHint(w.lib)))
	}
}

// inTestFile reports whether a node is in a _test.go file. The rules about
// concurrency, cluster slots and the script cache skip tests: a test drives
// its own keys, alone, on a test server.
func inTestFile(pass *analysis.Pass, n ast.Node) bool {
	f := pass.Fset.File(n.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// overwrites are the writes whose result does not depend on the key's
// previous state: two clients that both run one after the same existence
// check leave the key as one would (last writer wins). SET after a cache
// miss is how caches are filled.
var overwrites = []string{"SET", "SETEX", "PSETEX", "SETNX", "MSET", "MSETNX", "HSET", "HMSET", "HSETNX", "DEL", "UNLINK"}

// removesWhatWasRead reports whether w removes members or fields of a
// collection that r listed (SMEMBERS then SREM of the members read,
// HKEYS then HDEL, ZRANGE then ZREM): removing a member twice is harmless,
// and a member added meanwhile is not among those removed, so two clients
// that both run it leave the key as one would. Not a read of one value
// or of members with their values or scores (GET, HGETALL, ZSCORE),
// whose change meanwhile the removal would undo.
func removesWhatWasRead(w, r *redisCommand) bool {
	return w.is(memberRemovals...) && r.is(memberListings...)
}

// memberRemovals remove members or fields named by their arguments.
var memberRemovals = []string{"SREM", "HDEL", "ZREM"}

// memberListings read the names of a collection's members or fields, or
// whether one is there. Not ZRANGEBYSCORE and its kin: the delay queue
// that reads the due jobs and then removes them lets two consumers take
// the same job (ZREM's reply says which one removed it).
var memberListings = []string{"SMEMBERS", "SRANDMEMBER", "SSCAN", "SINTER", "SUNION", "SDIFF", "SISMEMBER",
	"SMISMEMBER", "HKEYS", "HEXISTS", "ZRANGE", "ZREVRANGE", "ZRANGEBYLEX", "ZREVRANGEBYLEX"}

// expiries only change a key's time to live: reading the key first and
// then refreshing its TTL is not a race that loses data.
var expiries = []string{"EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT", "PERSIST"}

// watchHint is the transaction alternative to a script for each client.
func watchHint(lib commandLib) string {
	switch lib {
	case libGoRedis:
		return ", or WATCH the key with Watch and write in tx.TxPipelined"
	case libRedigo:
		return ", or WATCH the key and write between MULTI and EXEC"
	case libRueidis:
		return ", or WATCH the key and write in MULTI/EXEC on a dedicated connection"
	}
	return ""
}

// exprText is the source text of an expression, shortened for messages.
func exprText(pass *analysis.Pass, e ast.Expr) string {
	if e == nil {
		return "the key"
	}
	s := types.ExprString(e)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// dependence is what a read's reply reaches in one function: the variables
// assigned from it, directly or through other variables. It follows
// assignments in source order: a variable assigned from the reply and
// later from something else (`v = load()` after a cache miss) no longer
// holds the reply after that.
type dependence struct {
	info    *types.Info
	read    *ast.CallExpr
	assigns map[types.Object][]*assignment
	// existence is set when the read only says whether something exists
	// (EXISTS, HEXISTS): testing its reply tests existence, not a value.
	existence bool
}

// assignment is one statement that assigns variables of the function.
type assignment struct {
	end     token.Pos
	rhs     []ast.Expr
	tainted bool
}

// newDependence follows the reply of read through the assignments of
// body (nested function literals excepted).
func newDependence(info *types.Info, read *ast.CallExpr, body *ast.BlockStmt) *dependence {
	d := &dependence{info: info, read: read, assigns: map[types.Object][]*assignment{}}
	if body == nil {
		return d
	}
	var all []*assignment
	add := func(end token.Pos, lhs, rhs []ast.Expr) {
		a := &assignment{end: end, rhs: rhs}
		all = append(all, a)
		for _, e := range lhs {
			id, ok := ast.Unparen(e).(*ast.Ident)
			if !ok {
				continue
			}
			if obj := info.ObjectOf(id); obj != nil {
				d.assigns[obj] = append(d.assigns[obj], a)
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			rhs := n.Rhs
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				rhs = append(append([]ast.Expr(nil), n.Rhs...), n.Lhs...) // x += y
			}
			add(n.End(), n.Lhs, rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			add(n.End(), lhs, n.Values)
		case *ast.RangeStmt:
			add(n.X.End(), []ast.Expr{n.Key, n.Value}, []ast.Expr{n.X})
		}
		return true
	})
	// Until nothing changes: a variable assigned from one that holds the
	// reply holds it too.
	for range 8 {
		changed := false
		for _, a := range all {
			if t := d.anyValue(a.rhs); t != a.tainted {
				a.tainted, changed = t, true
			}
		}
		if !changed {
			break
		}
	}
	return d
}

// holdsReply reports whether the variable obj, used at pos, holds the
// read's reply: its last assignment before pos, in source order, does.
func (d *dependence) holdsReply(obj types.Object, pos token.Pos) bool {
	var last *assignment
	for _, a := range d.assigns[obj] {
		if a.end <= pos {
			last = a
		}
	}
	return last != nil && last.tainted
}

func (d *dependence) anyValue(es []ast.Expr) bool {
	for _, e := range es {
		if d.value(e) {
			return true
		}
	}
	return false
}

// value reports whether e computes with the read's reply: it contains the
// read call, or a variable assigned from it that is not an error (an
// error says the read failed, not what it read).
func (d *dependence) value(e ast.Expr) bool {
	v, _ := d.scan(e)
	return v
}

// scan reports whether e uses the read's reply (value) and whether it uses
// its error (errs): an error variable assigned from it, or read.Err().
func (d *dependence) scan(e ast.Expr) (value, errs bool) {
	if e == nil {
		return false, false
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			if ast.Unparen(n.X) == d.read && n.Sel.Name == "Err" {
				errs = true
				return false
			}
		case *ast.CallExpr:
			if n == d.read {
				value = true
			}
		case *ast.Ident:
			if obj := d.info.Uses[n]; obj != nil && d.holdsReply(obj, n.Pos()) {
				if isErrorType(obj.Type()) {
					errs = true
				} else {
					value = true
				}
			}
		}
		return true
	})
	return value, errs
}

// condition reports whether a condition tests the read's reply: its value,
// or its error compared with the null-reply sentinel (err == redis.Nil,
// errors.Is(err, redis.ErrNil), rueidis.IsRedisNil(err): the key's
// existence). The error-handling idiom `err != nil && err != redis.Nil`
// tests no data and does not count.
func (d *dependence) condition(cond ast.Expr) bool {
	return d.test(cond) != depNone
}

// depKind says how a write depends on a read.
type depKind int

const (
	depNone depKind = iota
	// depExistence: the write runs only when the key did (or did not)
	// exist.
	depExistence
	// depValue: the write's arguments, or the condition it runs under,
	// come from the value read.
	depValue
)

// test classifies a condition.
func (d *dependence) test(cond ast.Expr) depKind {
	if cond == nil {
		return depNone
	}
	value, errs := d.scan(cond)
	if value {
		if d.existence {
			return depExistence
		}
		return depValue
	}
	if !errs || !mentionsNilSentinel(d.info, cond) {
		return depNone
	}
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		if d.isErrNotNil(b.X) || d.isErrNotNil(b.Y) {
			return depNone
		}
	}
	return depExistence
}

// isErrNotNil reports `err != nil` for a tainted error.
func (d *dependence) isErrNotNil(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	isNil := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && id.Name == "nil" && d.info.Uses[id] == types.Universe.Lookup("nil")
	}
	uses := func(x ast.Expr) bool {
		v, e := d.scan(x)
		return v || e
	}
	return (isNil(b.Y) && uses(b.X)) || (isNil(b.X) && uses(b.Y))
}

// mentionsNilSentinel reports whether e refers to a client's null-reply
// error (go-redis Nil, redigo ErrNil) or calls rueidis IsRedisNil.
func mentionsNilSentinel(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		obj := info.Uses[id]
		if obj == nil || obj.Pkg() == nil || libraryOf(obj.Pkg().Path()) == libNone {
			return true
		}
		switch obj.Name() {
		case "Nil", "ErrNil", "IsRedisNil":
			found = true
		}
		return !found
	})
	return found
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// writeDepends says whether the write w, in function fn, depends on the
// read: an argument other than its keys computes with the reply, or the
// write runs under a condition that tests it (an enclosing if, switch or
// loop, or an earlier `if <test> { return }` guard after the read).
func (d *dependence) writeDepends(w *redisCommand, fn ast.Node) depKind {
	keys := map[ast.Expr]bool{}
	for _, k := range w.keys() {
		keys[k] = true
	}
	for _, a := range w.args {
		if !keys[a.expr] && d.value(a.expr) {
			return depValue
		}
	}
	kind := depNone
	for cur := w.cur; cur.Node() != fn; {
		parent := cur.Parent()
		if !parent.Valid() {
			break
		}
		k, idx := cur.ParentEdge()
		switch p := parent.Node().(type) {
		case *ast.IfStmt:
			if k == edge.IfStmt_Body || k == edge.IfStmt_Else {
				kind = max(kind, d.test(p.Cond))
			}
		case *ast.ForStmt:
			if k == edge.ForStmt_Body {
				kind = max(kind, d.test(p.Cond))
			}
		case *ast.RangeStmt:
			if k == edge.RangeStmt_Body && d.value(p.X) {
				kind = depValue
			}
		case *ast.CaseClause:
			if k == edge.CaseClause_Body {
				for _, e := range p.List {
					kind = max(kind, d.test(e))
				}
				if sw, ok := parent.Parent().Parent().Node().(*ast.SwitchStmt); ok {
					kind = max(kind, d.test(sw.Tag))
				}
				kind = max(kind, d.guardedBefore(p.Body[:idx]))
			}
		case *ast.BlockStmt:
			if k == edge.BlockStmt_List {
				kind = max(kind, d.guardedBefore(p.List[:idx]))
			}
		}
		cur = parent
	}
	return kind
}

// guardedBefore says whether one of stmts, after the read, is an if or a
// switch that tests the read's reply and leaves the function or loop in a
// branch: what follows runs only when the test went one way.
func (d *dependence) guardedBefore(stmts []ast.Stmt) depKind {
	kind := depNone
	for _, s := range stmts {
		if s.End() <= d.read.Pos() {
			continue
		}
		switch s := s.(type) {
		case *ast.IfStmt:
			if terminates(s.Body) || (s.Else != nil && terminates(s.Else)) {
				kind = max(kind, d.test(s.Cond))
			}
		case *ast.SwitchStmt:
			tag := d.test(s.Tag)
			for _, cc := range s.Body.List {
				cc := cc.(*ast.CaseClause)
				if len(cc.Body) == 0 || !terminates(cc.Body[len(cc.Body)-1]) {
					continue
				}
				kind = max(kind, tag)
				for _, e := range cc.List {
					kind = max(kind, d.test(e))
				}
			}
		}
	}
	return kind
}

// terminates reports whether a block (or else branch) ends by leaving
// the function or loop: return, break, continue, goto. A branch that
// aborts (panic, t.Fatal, log.Fatal, os.Exit) is an assertion, not a
// decision, and does not count.
func terminates(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return len(s.List) > 0 && terminates(s.List[len(s.List)-1])
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.IfStmt:
		return s.Else != nil && terminates(s.Body) && terminates(s.Else)
	}
	return false
}
