package model

import (
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/yuin/gopher-lua/ast"
)

// NullEvidence is what the script itself says about a read's null reply
// being possible, for rules that promise an error only with evidence in
// the script (see CONTRIBUTING.md): real code keeps invariants across
// scripts (a hash field written whenever the key is created, a job record
// that exists while its id is queued), which no single script shows.
type NullEvidence struct {
	// Why says it in a few words, for a message: "the script handles a
	// missing value on line 12", "KEYS[1] comes from the caller and is read
	// before the script writes it"...
	Why string
	// Weak: the evidence shows a state that other code may or may not
	// prevent (an index naming a record that is gone), not a null the
	// script's own text admits: a rule reports it one level lower.
	Weak bool
}

// Evidence returns what makes a null of v plausible, where v is a reply,
// an element of an ElementReads reply, or tonumber of one, when the script
// gives anything:
//   - the script handles a null of the same read somewhere (a test of it,
//     an `or` default), so its author knows it happens;
//   - the script removed what is read before the read, on every path
//     (DEL of the key, HDEL of the field...);
//   - the script creates the hash where a test found it missing
//     (EXISTS k == 0) without the field read;
//   - the read pops from a collection or looks up an element at an index,
//     which the collection being empty makes null;
//   - the read looks up a field or member named by the caller (ARGV,
//     KEYS) that the script did not add, nor found in another key (Weak
//     when the script adds that field of that key on another path: it
//     keeps the field with its record);
//   - the read names a key the caller passes, before the script wrote it,
//     and nothing on the path shows the key exists;
//   - an option the script passes makes the command reply null when its
//     condition stops it (SET ... NX, ZADD ... XX INCR);
//   - for a read the presence facts do not follow (MEMORY USAGE...), the
//     key comes from a listing and the script handles a null reply of the
//     same command elsewhere (listedEvidence; Weak: the null rests on
//     whether the host keeps its index and records together).
//
// ok is false when none holds: the null then depends on what other code
// keeps, and the script does not say.
func (m *Model) Evidence(v Value) (NullEvidence, bool) {
	c, slot := m.SlotOf(v)
	if c == nil || c.Command == nil {
		return NullEvidence{}, false
	}
	if v.Origin != ReplyElement && !(v.Origin == Tonumber && v.Of != nil && v.Of.Origin == ReplyElement) &&
		c.Is("SET", "ZADD") && (c.Name == "SET" || c.HasToken("INCR")) {
		for _, opt := range []string{"NX", "XX", "GT", "LT"} {
			if c.HasToken(opt) {
				return NullEvidence{Why: c.Name + " with " + opt + " replies null when " + opt + " stops it"}, true
			}
		}
	}
	if slot == "" {
		// A read the presence facts do not follow (a command whose reply
		// is null for reasons of its own, e.g. OBJECT ENCODING, MEMORY
		// USAGE of a missing key): the table says it may be null, and only
		// the script's own handling of that command says more.
		return m.listedEvidence(v, c)
	}
	if m.RemovedBefore(v) {
		return NullEvidence{Why: "the script removes it before this read"}, true
	}
	if line := m.nullHandled()[slot]; line > 0 {
		return NullEvidence{Why: "the script handles a missing value of the same read on line " + strconv.Itoa(line)}, true
	}
	if line := m.createdWithout(slot); line > 0 {
		return NullEvidence{Why: "the script creates the hash without this field on line " + strconv.Itoa(line)}, true
	}
	_, rest, field := strings.Cut(slot, slotSep)
	key, member := m.slotArgs(v, c)
	if field && rest == "#" {
		// LPOP, RPOP, SPOP, LINDEX 0...: a queue is empty at times.
		return NullEvidence{Why: "nothing in the script shows the list or set is not empty"}, true
	}
	if field && member != nil {
		// A field or member the data names (one read from another key)
		// is an index lookup of a record that other code keeps: only one
		// the caller names is evidence, and only when the path did not
		// find it in another key (a record the caller named, there).
		name, ok := m.fromCaller(*member, 0)
		switch {
		case ok && (m.MemberThere(v) || m.RecordThere(v)):
			return NullEvidence{}, false
		case ok:
			if line := m.writtenAt(slot); line > 0 {
				// The script adds that field itself on another path (where
				// it creates the record): it keeps the field with the
				// record, and a null needs other code to remove one
				// without the other.
				return NullEvidence{Why: name + " comes from the caller, and the script adds it only on another path (line " +
					strconv.Itoa(line) + "), so it is missing only if other code removed it", Weak: true}, true
			}
			return NullEvidence{Why: name + " comes from the caller and the script did not add it"}, true
		case member.Origin != Literal:
			return NullEvidence{}, false
		}
	}
	if key != nil && !m.KeyThere(c) && !m.WrittenBefore(c) {
		if name, ok := m.fromCaller(*key, 0); ok {
			return NullEvidence{Why: name + " comes from the caller and the script reads it before writing it"}, true
		}
	}
	return NullEvidence{}, false
}

// slotArgs returns the values of the key and of the field or member a read
// v of c asks about (member nil for a whole key).
func (m *Model) slotArgs(v Value, c *Call) (key, member *Value) {
	if v.Origin == Tonumber && v.Of != nil {
		v = *v.Of
	}
	arg := func(i int) *Value {
		if i < len(c.Args) {
			return &c.Args[i].Value
		}
		return nil
	}
	if v.Origin == ReplyElement && v.Index > 0 {
		first := elementReads[c.Name]
		if c.Name == "MGET" {
			return arg(first + int(v.Index) - 1), nil
		}
		return arg(1), arg(first + int(v.Index) - 1)
	}
	switch c.Command.Name {
	case "HGET", "ZSCORE", "ZRANK", "ZREVRANK":
		return arg(1), arg(2)
	}
	return arg(1), nil
}

// fromCaller reports whether v is made only of what the caller passes
// (KEYS, ARGV) and literals, with at least one of the caller's, and names
// it: directly, through locals, or through a parameter of a local function
// that every call of it passes such a value.
func (m *Model) fromCaller(v Value, depth int) (string, bool) {
	if id, ok := m.Identity(v); ok && callerIdentity(id) {
		return callerName(id), true
	}
	if depth > 3 || v.Var == nil || v.Var.Kind != Param || len(v.Var.Writes) > 0 {
		return "", false
	}
	// A parameter: every call of its function passes one from the caller.
	p := v.Var
	idx := -1
	for i, q := range p.Func.Params {
		if q == p {
			idx = i
		}
	}
	calls := m.localCalls()[p.Func]
	if idx < 0 || len(calls) == 0 {
		return "", false
	}
	name := ""
	for _, call := range calls {
		if idx >= len(call.Args) {
			return "", false
		}
		n, ok := m.fromCaller(m.Value(call.Args[idx]), depth+1)
		if !ok || name != "" && n != name {
			if !ok {
				return "", false
			}
			n = "what the caller passes"
		}
		name = n
	}
	return p.Name + " (" + name + ")", true
}

// localCalls maps each function held by a local that is never reassigned
// to the calls of that local, when every use of the local is such a call:
// then its parameters take only the values those calls pass.
func (m *Model) localCalls() map[*Function][]*ast.FuncCallExpr {
	return Get(m, localCallsFact, func() map[*Function][]*ast.FuncCallExpr {
		out := map[*Function][]*ast.FuncCallExpr{}
		byVar := map[*Variable][]*ast.FuncCallExpr{}
		m.Preorder(KFuncCallExpr, func(n any) {
			c, ok := n.(*ast.FuncCallExpr)
			if !ok || c.Func == nil {
				return
			}
			if id, ok := c.Func.(*ast.IdentExpr); ok {
				if v := m.VarOf(id); v != nil {
					byVar[v] = append(byVar[v], c)
				}
			}
		})
		for _, v := range m.Vars {
			fe, ok := v.Init.(*ast.FunctionExpr)
			if !ok || len(v.Writes) > 0 || len(byVar[v]) != len(v.Reads) {
				continue
			}
			if fn := m.FunctionFor(fe); fn != nil {
				out[fn] = byVar[v]
			}
		}
		return out
	})
}

var localCallsFact = NewFact[map[*Function][]*ast.FuncCallExpr]("localCalls")

// singleCall is the one call of a local function used by that call only
// (localCalls), or nil.
func (m *Model) singleCall(fn *Function) *ast.FuncCallExpr {
	if calls := m.localCalls()[fn]; len(calls) == 1 {
		return calls[0]
	}
	return nil
}

// callerIdentity reports whether an identity is made only of what the
// caller passes (KEYS, ARGV) and literals, with at least one of the caller's.
func callerIdentity(id string) bool {
	if strings.HasPrefix(id, "KEYS[") || strings.HasPrefix(id, "ARGV[") {
		return true
	}
	if !strings.HasPrefix(id, "cat(") {
		return false
	}
	caller := false
	for _, p := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(id, "cat("), ")"), "|") {
		switch {
		case strings.HasPrefix(p, "KEYS[") || strings.HasPrefix(p, "ARGV["):
			caller = true
		case strings.HasPrefix(p, "lit:"):
		default:
			return false
		}
	}
	return caller
}

// callerName is an identity as the script wrote it, for messages.
func callerName(id string) string {
	if strings.HasPrefix(id, "cat(") {
		var b strings.Builder
		for i, p := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(id, "cat("), ")"), "|") {
			if i > 0 {
				b.WriteString(" .. ")
			}
			if lit, ok := strings.CutPrefix(p, "lit:"); ok {
				b.WriteString(strconv.Quote(lit))
			} else {
				b.WriteString(p)
			}
		}
		return b.String()
	}
	return id
}

// nullHandled maps the slot of each read whose null reply the script tests
// or defaults somewhere to the first line it does so: `if not v`,
// `v == false`, `v ~= nil`, `v or 0`, `tonumber(v) or 0`, `v and ...`.
func (m *Model) nullHandled() map[string]int {
	return m.nullGuards().lines
}

// commandGuards maps the name of each command whose null reply the script
// tests or defaults somewhere, among those the presence facts do not
// follow, to the call of the first such test (nullHandled's line).
func (m *Model) commandGuards() map[string]*Call {
	return m.nullGuards().calls
}

type nullGuards struct {
	lines map[string]int
	calls map[string]*Call
}

func (m *Model) nullGuards() nullGuards {
	return Get(m, nullGuardsFact, func() nullGuards {
		out := map[string]int{}
		calls := map[string]*Call{}
		note := func(x ast.Expr) {
			v := m.Value(x)
			if !v.Types.MayBeFalsy() {
				return
			}
			if v.Origin == Tonumber && v.Of != nil && !v.Of.Types.MayBeFalsy() {
				return
			}
			c, slot := m.SlotOf(v)
			if c == nil || c.Protected {
				return
			}
			line := m.Range(x).Start.Line
			if slot == "" {
				// A read the presence facts do not follow: noted by
				// command, for listedEvidence.
				if c.Command == nil || v.Origin == ReplyElement {
					return
				}
				slot = slotCommand + c.Name
			}
			if prev, ok := out[slot]; !ok || line < prev {
				out[slot] = line
				if strings.HasPrefix(slot, slotCommand) {
					calls[c.Name] = c
				}
			}
		}
		m.Preorder(KLogicalOpExpr|KUnaryNotOpExpr|KRelationalOpExpr|KIfStmt|KWhileStmt|KRepeatStmt, func(n any) {
			switch x := n.(type) {
			case *ast.LogicalOpExpr:
				note(x.Lhs)
			case *ast.UnaryNotOpExpr:
				note(x.Expr)
			case *ast.RelationalOpExpr:
				if x.Operator != "==" && x.Operator != "~=" {
					return
				}
				if isConstFalse(x.Rhs) {
					note(x.Lhs)
				}
				if isConstFalse(x.Lhs) {
					note(x.Rhs)
				}
			case *ast.IfStmt:
				note(x.Condition)
			case *ast.WhileStmt:
				note(x.Condition)
			case *ast.RepeatStmt:
				note(x.Condition)
			}
		})
		return nullGuards{out, calls}
	})
}

var nullGuardsFact = NewFact[nullGuards]("nullGuards")

// slotCommand starts nullHandled's entries for reads the presence facts do
// not follow, by command name ("MEMORY USAGE"): no identity starts with a
// NUL.
const slotCommand = "\x00cmd\x00"

// listedEvidence is Evidence for a read whose null the presence facts do
// not follow (MEMORY USAGE, OBJECT ENCODING...): the script handles a null
// reply of the same command elsewhere, so its author knows it happens, and
// this read's key is built from a listing (a member of SMEMBERS, an
// element of KEYS or LRANGE...), which names keys that may be gone: an
// index whose entries outlive their records, a key that expired.
func (m *Model) listedEvidence(v Value, c *Call) (NullEvidence, bool) {
	if v.Origin == Tonumber && v.Of != nil {
		v = *v.Of
	}
	if v.Origin != Reply || len(c.Keys) == 0 || c.Keys[0] >= len(c.Args) {
		return NullEvidence{}, false
	}
	line := m.nullHandled()[slotCommand+c.Name]
	if line == 0 {
		return NullEvidence{}, false
	}
	list := listedFrom(c.Args[c.Keys[0]].Value, 0)
	if list == nil {
		return NullEvidence{}, false
	}
	// Say what the guard guards: a test of another key's reply shows
	// that the author knows the command replies null, not that this
	// key is missing.
	guarded := "a null " + c.Name + " reply"
	if g := m.commandGuards()[c.Name]; g != nil && len(g.Keys) > 0 && g.Keys[0] < len(g.Args) {
		guarded = "a null " + c.Name + " reply of " + m.Text(g.Args[g.Keys[0]].Expr)
		if g == c {
			guarded = "a null reply of this " + c.Name
		}
	}
	return NullEvidence{Why: "the script handles " + guarded + " on line " + strconv.Itoa(line) +
		", and this key comes from the " + list.Name + " reply of line " + strconv.Itoa(m.Range(list.Expr).Start.Line) +
		", which may name a key that is gone", Weak: true}, true
}

// listedFrom returns the array reply a key is an element of, or is built
// from (`'job:' .. id` for an id of SMEMBERS), or nil.
func listedFrom(v Value, depth int) *Call {
	if depth > 8 {
		return nil
	}
	switch v.Origin {
	case ReplyElement:
		if c := v.Call; c != nil && c.Command != nil && c.ReplyKind()&(redisdb.ReplyArray) != 0 && elementReads[c.Name] == 0 {
			return c
		}
	case Concat:
		for _, p := range v.Parts {
			if c := listedFrom(p, depth+1); c != nil {
				return c
			}
		}
	}
	return nil
}

// NullReply returns the read whose null reply v may be, and what that null
// is in Lua at this point (TFalse, or TNil for tonumber(...) or under
// RESP3), when v is a reply, an element of an ElementReads reply, or
// tonumber of one, and nothing on the path shows it is there
// (PresentReplies, ElementPresent). Elements of other array replies are
// not claimed: nothing is known of them. tonumber() of a string that is
// not a number is nil too, but that is the data's contract, not a missing
// key: only a null reply counts.
func (m *Model) NullReply(v Value) (*Call, TypeSet) {
	switch v.Origin {
	case Reply:
		c := v.Call
		if c == nil || c.Command == nil || c.ReplyKind()&redisdb.ReplyNull == 0 || m.PresentReplies()[c] {
			return nil, 0
		}
		if f := v.Types & Falsy; f == TFalse || f == TNil {
			return c, f
		}
	case ReplyElement:
		c := v.Call
		if c == nil || v.Index <= 0 || elementReads[c.Name] == 0 || m.ElementPresent(c, int(v.Index)) {
			return nil, 0
		}
		if f := v.Types & Falsy; f == TFalse || f == TNil {
			return c, f
		}
	case Tonumber:
		if v.Types&TNil == 0 || v.Of == nil {
			return nil, 0
		}
		if c, _ := m.NullReply(*v.Of); c != nil {
			return c, TNil
		}
	}
	return nil, 0
}

// coAssigned maps a local a to the locals b that hold a value wherever a
// does: both start with nil (declared together in one scope, with no value
// or nil), and every block that gives a a value gives b one too, and b is
// never assigned nil again. Then, once a is known not to be nil, neither is
// b:
//
//	local gid, index = nil, nil
//	for i = 1, #groups do ... gid = groups[i]; index = i; break ... end
//	if not gid then return end
//	redis.call('ZREMRANGEBYRANK', k, index, index)  -- index is set
func (m *Model) coAssigned() *coAssignment {
	return Get(m, coAssignedFact, func() *coAssignment {
		// blocks[v] lists the blocks with a statement giving v a value
		// other than nil; nilAgain marks locals assigned nil after their
		// declaration.
		blocks := map[*Variable]map[*ast.Stmt]bool{}
		nilAgain := map[*Variable]bool{}
		values := map[*Variable][]ast.Expr{}
		var walk func([]ast.Stmt)
		walk = func(stmts []ast.Stmt) {
			if len(stmts) == 0 {
				return
			}
			id := &stmts[0]
			for _, st := range stmts {
				if as, ok := st.(*ast.AssignStmt); ok {
					for i, t := range as.Lhs {
						x, ok := t.(*ast.IdentExpr)
						if !ok {
							continue
						}
						v := m.VarOf(x)
						if v == nil {
							continue
						}
						if i >= len(as.Rhs) || isConstFalse(as.Rhs[i]) {
							nilAgain[v] = true
							continue
						}
						if blocks[v] == nil {
							blocks[v] = map[*ast.Stmt]bool{}
						}
						blocks[v][id] = true
						if i == len(as.Rhs)-1 && i < len(as.Lhs)-1 {
							values[v] = append(values[v], nil) // one of several values
						} else {
							values[v] = append(values[v], as.Rhs[i])
						}
					}
				}
				m.forEachBlock(st, walk)
			}
		}
		if m.File.Chunk != nil {
			walk(m.File.Chunk)
		}
		startsNil := func(v *Variable) bool {
			if v.Kind != LocalVar {
				return false
			}
			return v.Init == nil || isConstFalse(v.Init)
		}
		out := &coAssignment{partners: map[*Variable][]*Variable{}, values: values}
		for a, ba := range blocks {
			if !startsNil(a) || nilAgain[a] {
				continue
			}
			for b, bb := range blocks {
				if b == a || b.Scope != a.Scope || !startsNil(b) || nilAgain[b] {
					continue
				}
				all := true
				for blk := range ba {
					if !bb[blk] {
						all = false
						break
					}
				}
				if all {
					out.partners[a] = append(out.partners[a], b)
				}
			}
		}
		return out
	})
}

// coAssignment is what coAssigned finds: each local's partners, and the
// expressions each local is assigned (nil for one that is not known).
type coAssignment struct {
	partners map[*Variable][]*Variable
	values   map[*Variable][]ast.Expr
}

var coAssignedFact = NewFact[*coAssignment]("coAssigned")

// forEachBlock calls fn on the statement lists directly inside st (the
// branches of an if, a loop's body, a do block, a function's body).
func (m *Model) forEachBlock(st ast.Stmt, fn func([]ast.Stmt)) {
	switch s := st.(type) {
	case *ast.IfStmt:
		fn(s.Then)
		fn(s.Else)
	case *ast.WhileStmt:
		fn(s.Stmts)
	case *ast.RepeatStmt:
		fn(s.Stmts)
	case *ast.NumberForStmt:
		fn(s.Stmts)
	case *ast.GenericForStmt:
		fn(s.Stmts)
	case *ast.DoBlockStmt:
		fn(s.Stmts)
	case *ast.FuncDefStmt:
		fn(s.Func.Stmts)
	case *ast.LocalAssignStmt:
		for _, x := range s.Exprs {
			if fe, ok := x.(*ast.FunctionExpr); ok {
				fn(fe.Stmts)
			}
		}
	}
}
