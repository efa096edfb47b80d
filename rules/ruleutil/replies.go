package ruleutil

// What the rules that follow a redis.call reply share: naming a reply in a
// message, looking through a local function's return, and when a reply is
// null.

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// ReplyCommandName names a call's command for a message ("the HGET reply"),
// or the function when the command is not a literal.
func ReplyCommandName(c *model.Call) string {
	switch {
	case c.Name != "":
		return c.Name
	case c.Protected:
		return "redis.pcall"
	}
	return "redis.call"
}

// ReplyValueOf is what e may hold (m.Value), or, for a call of one of the
// file's functions (a local function, a table's field or method:
// Model.Callee), what it returns when that is a reply, or, for a field of
// a local table the script fills itself, the reply stored there
// (Model.FieldValue).
func ReplyValueOf(m *model.Model, e ast.Expr) model.Value {
	v := m.Value(e)
	if v.Origin != model.Unknown {
		return v
	}
	switch x := e.(type) {
	case *ast.FuncCallExpr:
		if m.CallAt(x) == nil {
			if rv := m.ReturnValue(x); rv.Origin == model.Reply || rv.Origin == model.Tonumber {
				return rv
			}
		}
	case *ast.AttrGetExpr:
		if fv := m.FieldValue(x); fv.Origin == model.Reply || fv.Origin == model.Tonumber {
			return fv
		}
	}
	return v
}

// IsLocalFuncCall reports whether e is a call of one of the file's
// functions (Model.Callee), not a redis.call site.
func IsLocalFuncCall(m *model.Model, e ast.Expr) bool {
	call, ok := e.(*ast.FuncCallExpr)
	return ok && m.CallAt(call) == nil && m.Callee(call) != nil
}

// IsTableField reports whether e is a field of a table that holds a reply
// (Model.FieldValue).
func IsTableField(m *model.Model, e ast.Expr) bool {
	a, ok := e.(*ast.AttrGetExpr)
	return ok && m.FieldValue(a).FromReply() != nil
}

// ReplySubject names a reply operand for a headline: its text, with the
// command when the text does not show it (a local, a local function's
// call).
func ReplySubject(m *model.Model, e ast.Expr, v model.Value, name string) string {
	switch {
	case v.Var != nil, IsTableField(m, e):
		return fmt.Sprintf("%s (the %s reply)", Brief(m, e), name)
	case IsLocalFuncCall(m, e):
		return fmt.Sprintf("%s (which returns the %s reply)", Brief(m, e), name)
	}
	return Brief(m, e)
}

// ElementOf is n when v (or the argument of tonumber v) is element n of an
// array reply, else 0.
func ElementOf(v model.Value) int32 {
	if v.Origin == model.Tonumber && v.Of != nil {
		v = *v.Of
	}
	if v.Origin == model.ReplyElement {
		return v.Index
	}
	return 0
}

// NullCauseOf says when v, a reply or an element of one, is null.
func NullCauseOf(v model.Value, c *model.Call) string {
	if ElementOf(v) > 0 {
		switch c.Name {
		case "HMGET":
			return "its field is missing"
		case "ZMSCORE":
			return "its member is missing"
		}
		return "its key is missing"
	}
	return nullCause(c)
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

// ReplyOnlyTables returns the locals of the main chunk whose every use is
// table.insert into them, their length (#t) or the script's return: a
// table that only carries the script's reply to the client.
func ReplyOnlyTables(m *model.Model) map[*model.Variable]bool {
	uses := map[*model.Variable]int{}
	fine := map[*model.Variable]int{}
	returned := map[*model.Variable]bool{}
	m.Preorder(model.KIdentExpr|model.KFuncCallExpr|model.KUnaryLenOpExpr|model.KReturnStmt, func(n any) {
		switch x := n.(type) {
		case *ast.IdentExpr:
			if v := m.LocalOf(x); v != nil {
				uses[v]++
			}
		case *ast.FuncCallExpr:
			if m.BuiltinName(x) == "table.insert" && len(x.Args) >= 2 {
				if v := m.LocalOf(x.Args[0]); v != nil {
					fine[v]++
				}
			}
		case *ast.UnaryLenOpExpr:
			if v := m.LocalOf(x.Expr); v != nil {
				fine[v]++
			}
		case *ast.ReturnStmt:
			if m.FuncOf(x) == m.Main {
				for _, e := range x.Exprs {
					if v := m.LocalOf(e); v != nil {
						fine[v]++
						returned[v] = true
					}
				}
			}
		}
	})
	out := map[*model.Variable]bool{}
	for v := range returned {
		if uses[v] == fine[v] {
			out[v] = true
		}
	}
	return out
}
