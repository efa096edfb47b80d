package model

import "strings"

// TypeSet is the set of Lua types a value may have at one point.
type TypeSet uint16

const (
	TNil TypeSet = 1 << iota
	TFalse
	TTrue
	TNumber
	TString
	TTable
	TFunction
	// TAny means nothing is known.
	TAny TypeSet = TNil | TFalse | TTrue | TNumber | TString | TTable | TFunction
)

// Falsy is nil or false.
const Falsy = TNil | TFalse

// MayBeFalsy reports whether the value may be nil or false.
func (t TypeSet) MayBeFalsy() bool { return t&Falsy != 0 }

// Known reports whether anything is known about the type.
func (t TypeSet) Known() bool { return t != TAny && t != 0 }

func (t TypeSet) String() string {
	if t == TAny {
		return "any"
	}
	var parts []string
	for _, x := range []struct {
		b TypeSet
		n string
	}{{TNil, "nil"}, {TFalse, "false"}, {TTrue, "true"}, {TNumber, "number"}, {TString, "string"}, {TTable, "table"}, {TFunction, "function"}} {
		if t&x.b != 0 {
			parts = append(parts, x.n)
		}
	}
	return strings.Join(parts, "|")
}

// Origin says where a value comes from.
type Origin uint8

const (
	// Unknown: a parameter, a global, a table element: nothing to claim.
	Unknown Origin = iota
	// Keys is an element of KEYS (or of a registered function's keys).
	Keys
	// Argv is an element of ARGV (or of a registered function's args).
	Argv
	// KeysTable and ArgvTable are the tables themselves.
	KeysTable
	ArgvTable
	// Literal is a string or number written in the script.
	Literal
	// Concat is a string built with `..` (or string.format).
	Concat
	// Reply is what a redis.call/pcall returned.
	Reply
	// ReplyElement is an element of a reply table.
	ReplyElement
	// Tonumber is tonumber(x); Of holds x.
	Tonumber
	// Arith is the result of arithmetic; Parts hold the operands.
	Arith
	// RedisCall is the function redis.call or redis.pcall itself (Lit says which).
	RedisCall
	// Builtin is a known global function (Lit holds its name).
	Builtin
	// Capture is what string.match returns for a pattern that may not
	// match (Lit holds the pattern, Of the string matched): a string, or
	// nil when the pattern does not match.
	Capture
)

var originNames = [...]string{"unknown", "KEYS element", "ARGV element", "KEYS", "ARGV", "literal", "concatenation", "reply", "reply element", "tonumber", "arithmetic", "redis call function", "builtin", "pattern capture"}

func (o Origin) String() string {
	if int(o) < len(originNames) {
		return originNames[o]
	}
	return "?"
}

// Value is what the model knows of an expression's value at one point.
type Value struct {
	Types  TypeSet
	Origin Origin
	// IsString is true for a string literal (false for a number literal).
	IsString bool
	// NilAssigned is true when the value may be the nil a local got from
	// its declaration or an assignment (`local x`, `local x = nil`,
	// `x = nil`) rather than from what an expression computed.
	NilAssigned bool
	// Index is the 1-based KEYS/ARGV index when it is a literal (one that
	// fits in an int32: no script has more keys or arguments), or, for a
	// ReplyElement of an ElementReads reply, the element's literal index;
	// else 0. An int32 keeps Value, copied and stored for every
	// expression, small.
	Index int32
	// Lit is the literal's text (Literal), the builtin's name (Builtin), or
	// "call"/"pcall" (RedisCall).
	Lit string
	// Call is the redis.call site a Reply, ReplyElement or Tonumber of a
	// reply comes from.
	Call *Call
	// Parts are the operands of a Concat or Arith.
	Parts []Value
	// Of is the argument of tonumber(), or the string a Capture matched.
	Of *Value
	// Var is the local variable the value was read through, if any.
	Var *Variable
	// Present has bit i-1 set when element i of this reply (HMGET, MGET,
	// ZMSCORE: ElementReads) is known not to be null on this path, after
	// `if v[i] then` or `assert(v[i])`.
	Present uint64
}

// AnyValue knows nothing.
var AnyValue = Value{Types: TAny}

// FromReply reports whether v is a reply, an element of one, or tonumber of
// one, looking through tonumber.
func (v Value) FromReply() *Call {
	switch v.Origin {
	case Reply, ReplyElement:
		return v.Call
	case Tonumber:
		if v.Of != nil {
			return v.Of.FromReply()
		}
	}
	return nil
}

// IsKey reports whether v is an element of KEYS (or of a registered
// function's keys).
func (v Value) IsKey() bool { return v.Origin == Keys }

// sameOrigin reports whether two values come from the same place. It
// takes pointers so that the walk through the parts copies no Value.
func sameOrigin(a, b *Value) bool {
	if a.Origin != b.Origin || a.Index != b.Index || a.Lit != b.Lit || a.Call != b.Call || a.IsString != b.IsString {
		return false
	}
	if (a.Of == nil) != (b.Of == nil) {
		return false
	}
	if a.Of != nil && !sameOrigin(a.Of, b.Of) {
		return false
	}
	if len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		if !sameOrigin(&a.Parts[i], &b.Parts[i]) {
			return false
		}
	}
	return true
}

// Join merges what two paths know.
func Join(a, b Value) Value {
	if a.Types == 0 {
		return b
	}
	if b.Types == 0 {
		return a
	}
	out := a
	out.Types = a.Types | b.Types
	out.Present = a.Present & b.Present
	if !sameOrigin(&a, &b) {
		out = Value{Types: out.Types}
	}
	out.NilAssigned = a.NilAssigned || b.NilAssigned
	if a.Var != b.Var {
		out.Var = nil
	}
	return out
}
