package model

import (
	"strconv"

	"github.com/yuin/gopher-lua/ast"
)

// Replies that are arrays of strings and may be empty: a missing key, an
// empty range, a count of 0 elements found. r[1] of an empty table is nil,
// so an element read at a literal index may be nil until the path shows
// the reply holds it (`#r > 0`, `if r[1] then`, `next(r)`, an early return
// when `#r == 0`). A truth test of r itself shows nothing: a table is true.

// emptyArrays are the commands whose reply is such an array whatever their
// options; countedArrays are those whose reply is one only with a count
// argument (SPOP k replies a bulk string or null, SPOP k n an array).
var (
	emptyArrays = map[string]bool{
		"LRANGE": true, "SMEMBERS": true, "SINTER": true, "SUNION": true, "SDIFF": true,
		"HKEYS": true, "HVALS": true, "HGETALL": true,
		"ZRANGE": true, "ZREVRANGE": true, "ZRANGEBYSCORE": true, "ZREVRANGEBYSCORE": true,
		"ZRANGEBYLEX": true, "ZREVRANGEBYLEX": true, "ZPOPMIN": true, "ZPOPMAX": true,
		"ZDIFF": true, "ZINTER": true, "ZUNION": true, "KEYS": true,
	}
	countedArrays = map[string]bool{"SPOP": true, "SRANDMEMBER": true, "HRANDFIELD": true, "ZRANDMEMBER": true}
)

// MayBeEmptyArray reports whether the reply of c is an array of strings
// that is empty when the key is missing or nothing matches (ZRANGE k 0 0 of
// an empty sorted set, LRANGE, SMEMBERS, SPOP k n...). A redis.pcall's
// reply may be an error table instead: not claimed.
func (c *Call) MayBeEmptyArray() bool {
	if c == nil || c.Command == nil || c.Protected {
		return false
	}
	switch {
	case emptyArrays[c.Command.Name]:
		// SORT ... STORE replies a count; the others have no such option.
		return true
	case countedArrays[c.Command.Name]:
		return len(c.Args) >= 3
	case c.Command.Name == "SORT", c.Command.Name == "SORT_RO":
		return !c.HasToken("STORE")
	}
	return false
}

// arrayIndex is the literal index n of obj[n] when obj is the reply of a
// command whose array reply may be empty (MayBeEmptyArray).
func arrayIndex(obj, key Value) (int32, bool) {
	if obj.Origin != Reply || !obj.Call.MayBeEmptyArray() || key.Origin != Literal || key.IsString {
		return 0, false
	}
	n, err := strconv.ParseInt(key.Lit, 10, 32)
	if err != nil || n < 1 {
		return 0, false
	}
	return int32(n), true
}

// arrayElement is element n of the reply obj of a MayBeEmptyArray command:
// a string, or nil past the end of the array, unless the path showed the
// array holds at least n elements.
func arrayElement(obj Value, n int32) Value {
	t := TString | TNil
	if n <= 64 && obj.Present&(1<<(n-1)) != 0 {
		t = TString
	}
	return Value{Types: t, Origin: ReplyElement, Call: obj.Call, Index: n}
}

// EmptyArrayElement reports whether v is an element of a MayBeEmptyArray
// reply read at a literal index, and which (for messages).
func EmptyArrayElement(v Value) (*Call, int, bool) {
	if v.Origin != ReplyElement || v.Index <= 0 || !v.Call.MayBeEmptyArray() {
		return nil, 0, false
	}
	return v.Call, int(v.Index), true
}

// arrayHolds notes that the reply held by the local of x holds at least n
// elements (a length test, next(t), a test of t[n]): later reads of t[1]
// to t[n] on the path see strings.
func (fs *flowState) arrayHolds(x ast.Expr, n int64, e env) {
	id, ok := x.(*ast.IdentExpr)
	if !ok || n < 1 {
		return
	}
	v := fs.m.VarOf(id)
	if v == nil {
		return
	}
	val, ok := e.get(v)
	if !ok || val.Origin != Reply || !val.Call.MayBeEmptyArray() {
		return
	}
	if n > 64 {
		n = 64
	}
	bits := uint64(1)<<n - 1
	if n == 64 {
		bits = ^uint64(0)
	}
	if val.Present&bits == bits {
		return
	}
	val.Present |= bits
	fs.set(e, v, val)
}

// refineLength narrows on a test of a reply's length against a number
// (`#r > 0`, `#r == 0` false, `0 < #r`, `#r >= 2`): the elements it shows
// are there.
func (fs *flowState) refineLength(c *ast.RelationalOpExpr, e env, truth bool) {
	side, num, op := c.Lhs, c.Rhs, c.Operator
	if _, ok := side.(*ast.UnaryLenOpExpr); !ok {
		side, num, op = c.Rhs, c.Lhs, FlipRelation(op)
	}
	l, ok := side.(*ast.UnaryLenOpExpr)
	if !ok {
		return
	}
	k, ok := NumberLit(num)
	if !ok || k != float64(int64(k)) {
		return
	}
	if !truth {
		op = NegateRelation(op)
	}
	// The least length the comparison, holding, shows.
	var n int64
	switch op {
	case ">":
		n = int64(k) + 1
	case ">=", "==":
		n = int64(k)
	case "~=":
		if k == 0 {
			n = 1
		}
	}
	fs.arrayHolds(l.Expr, n, e)
}

// refineNext narrows on next(t) holding (`if next(t) then`, `next(t) ~=
// nil`): t has an element, and a reply array's first one is t[1].
func (fs *flowState) refineNext(x ast.Expr, e env) {
	if c, ok := x.(*ast.FuncCallExpr); ok && len(c.Args) >= 1 && fs.isGlobalCall(c, "next") {
		fs.arrayHolds(c.Args[0], 1, e)
	}
}

// refineNotNil narrows on x ~= nil holding, where other is the literal nil:
// an element of an array reply at a literal index, or next(t) of one.
func (fs *flowState) refineNotNil(x, other ast.Expr, e env) {
	if _, ok := other.(*ast.NilExpr); !ok {
		return
	}
	switch x := x.(type) {
	case *ast.AttrGetExpr:
		if v, ok := fs.m.recorded(x.Object); ok {
			key, _ := literalValue(x.Key)
			if n, ok := arrayIndex(v, key); ok {
				fs.arrayHolds(x.Object, int64(n), e)
			}
		}
	case *ast.FuncCallExpr:
		fs.refineNext(x, e)
	}
}

// nonEmptyWhenThere reports whether the array reply of c holds at least one
// element whenever its key exists (entriesWhenThere).
func nonEmptyWhenThere(c *Call) bool {
	return entriesWhenThere(c) > 0
}

// entriesWhenThere is the number of entries the array reply of c holds at
// least whenever its key exists (Redis deletes a list, set, hash or sorted
// set with its last element), 0 when none is sure: a whole read (SMEMBERS,
// HKEYS...), a pop or a sample with a count that is not 0, a range from the
// first or to the last element. Such a read gets one member, and a reply
// that pairs each member with its score or value (HGETALL, ZPOPMIN,
// WITHSCORES, WITHVALUES) two entries: ZREVRANGE k 0 0 WITHSCORES of a key
// that exists is {member, score}.
func entriesWhenThere(c *Call) int {
	if !c.MayBeEmptyArray() || len(c.Args) < 2 {
		return 0
	}
	lit := func(i int) (int64, bool) {
		s, ok := c.Literal(i)
		if !ok {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	}
	pair := func(token string) int {
		if c.HasToken(token) {
			return 2
		}
		return 1
	}
	switch c.Command.Name {
	case "SMEMBERS", "HKEYS", "HVALS":
		if len(c.Args) == 2 {
			return 1
		}
	case "HGETALL":
		if len(c.Args) == 2 {
			return 2
		}
	case "ZPOPMIN", "ZPOPMAX":
		if n, ok := lit(2); len(c.Args) == 2 || len(c.Args) == 3 && ok && n > 0 {
			return 2
		}
	case "SPOP":
		if n, ok := lit(2); len(c.Args) == 2 || len(c.Args) == 3 && ok && n > 0 {
			return 1
		}
	case "SRANDMEMBER":
		if n, ok := lit(2); ok && n != 0 {
			return 1
		}
	case "HRANDFIELD":
		if n, ok := lit(2); ok && n != 0 {
			return pair("WITHVALUES")
		}
	case "ZRANDMEMBER":
		if n, ok := lit(2); ok && n != 0 {
			return pair("WITHSCORES")
		}
	case "LRANGE", "ZRANGE", "ZREVRANGE":
		if len(c.Args) != 4 && !(len(c.Args) == 5 && c.HasToken("WITHSCORES")) {
			return 0
		}
		start, ok1 := lit(2)
		stop, ok2 := lit(3)
		if ok1 && ok2 && (start == 0 && stop >= -1 || start == -1 && stop == -1) {
			return pair("WITHSCORES")
		}
	}
	return 0
}

// EmptyArrayPossible reports whether the array reply of c may be empty
// where it runs (ElementMayLack of its first element).
func (m *Model) EmptyArrayPossible(c *Call) bool {
	return m.ElementMayLack(c, 1)
}

// ElementMayLack reports whether the array reply of c may lack element n
// where it runs: MayBeEmptyArray, unless the reply holds at least n
// entries whenever its key exists and the path shows the key exists (it
// tested or wrote it: KeyThere).
func (m *Model) ElementMayLack(c *Call, n int) bool {
	return c.MayBeEmptyArray() && !(n <= entriesWhenThere(c) && m.KeyThere(c))
}
