package rules

// What the rules that follow a redis.call reply share: naming a reply in a
// message, looking through a local function's return, and when a reply is
// null.

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/yuin/gopher-lua/ast"
)

// replyCommandName names a call's command for a message ("the HGET reply"),
// or the function when the command is not a literal.
func replyCommandName(c *model.Call) string {
	switch {
	case c.Name != "":
		return c.Name
	case c.Protected:
		return "redis.pcall"
	}
	return "redis.call"
}

// replyValueOf is what e may hold (m.Value), or, for a call of a local
// function, what it returns when that is a reply (or tonumber of one).
func replyValueOf(m *model.Model, e ast.Expr) model.Value {
	v := m.Value(e)
	if call, ok := e.(*ast.FuncCallExpr); ok && v.Origin == model.Unknown && m.CallAt(call) == nil {
		if rv := m.ReturnValue(call); rv.Origin == model.Reply || rv.Origin == model.Tonumber {
			return rv
		}
	}
	return v
}

// isLocalFuncCall reports whether e is a call of a local function (not a
// redis.call site).
func isLocalFuncCall(m *model.Model, e ast.Expr) bool {
	call, ok := e.(*ast.FuncCallExpr)
	if !ok || m.CallAt(call) != nil {
		return false
	}
	id, ok := call.Func.(*ast.IdentExpr)
	return ok && m.VarOf(id) != nil
}

// replySubject names a reply operand for a headline: its text, with the
// command when the text does not show it (a local, a local function's
// call).
func replySubject(m *model.Model, e ast.Expr, v model.Value, name string) string {
	switch {
	case v.Var != nil:
		return fmt.Sprintf("%s (the %s reply)", brief(m, e), name)
	case isLocalFuncCall(m, e):
		return fmt.Sprintf("%s (which returns the %s reply)", brief(m, e), name)
	}
	return brief(m, e)
}

// nullableReply returns the call whose null reply v may be, and what the
// null is in Lua at this point (TFalse, or TNil for tonumber(...) or under
// RESP3). Elements of array replies are not claimed: nothing is known of
// them. tonumber() of a string that is not a number is nil too, but that is
// the data's contract, not a missing key: only a null reply counts.
func nullableReply(v model.Value) (*model.Call, model.TypeSet) {
	switch v.Origin {
	case model.Reply:
		c := v.Call
		if c == nil || c.Command == nil || c.Command.Reply&redisdb.ReplyNull == 0 {
			return nil, 0
		}
		if f := v.Types & model.Falsy; f == model.TFalse || f == model.TNil {
			return c, f
		}
	case model.Tonumber:
		if v.Types&model.TNil == 0 || v.Of == nil {
			return nil, 0
		}
		if c, _ := nullableReply(*v.Of); c != nil {
			return c, model.TNil
		}
	}
	return nil, 0
}

// nullCause says when a command replies null.
func nullCause(c *model.Call) string {
	switch c.Name {
	case "HGET":
		return "the hash or the field is missing"
	case "LPOP", "RPOP", "RPOPLPUSH", "LMOVE", "BLMPOP", "LMPOP":
		return "the list is empty"
	case "LINDEX":
		return "the index is out of range"
	case "SPOP", "SRANDMEMBER":
		return "the set is empty"
	case "ZSCORE", "ZRANK", "ZREVRANK", "ZADD", "ZINCRBY":
		return "the member is missing"
	case "LPOS":
		return "the element is not found"
	case "SET":
		return "the key had no value"
	}
	return "the key is missing"
}
