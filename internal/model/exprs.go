package model

import "github.com/yuin/gopher-lua/ast"

// MultiValued reports whether e may expand to several values: a call or
// `...` that parentheses do not adjust to one value. It does so only last
// in a list of expressions, which the caller checks.
func MultiValued(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.FuncCallExpr:
		return !e.AdjustRet
	case *ast.Comma3Expr:
		return !e.AdjustRet
	}
	return false
}

// singleValued are the library functions of Redis's Lua that always
// return exactly one value: as the last argument of a call they add one
// argument, not "any number" (string.find, string.gsub, string.match,
// string.byte, unpack, select, pcall, next, math.modf and math.frexp may
// return several and are not here).
var singleValued = map[string]bool{
	"tonumber": true, "tostring": true, "type": true,
	"math.floor": true, "math.ceil": true, "math.abs": true, "math.max": true, "math.min": true,
	"math.sqrt": true, "math.pow": true, "math.fmod": true, "math.exp": true, "math.log": true,
	"math.log10": true, "math.random": true,
	"string.len": true, "string.sub": true, "string.rep": true, "string.upper": true,
	"string.lower": true, "string.format": true, "string.reverse": true, "string.char": true,
	"table.concat": true, "table.getn": true,
	"cjson.encode": true, "cjson.decode": true, "redis.sha1hex": true,
}

// Expands reports whether e, the last expression of a list, may stand for
// any number of values: a call or `...` not in parentheses (MultiValued),
// unless it is a call of a library function that returns one value
// (`tonumber(ARGV[2])` as EXPIRE's TTL is one argument).
func (m *Model) Expands(e ast.Expr) bool {
	if !MultiValued(e) {
		return false
	}
	c, ok := e.(*ast.FuncCallExpr)
	return !ok || !singleValued[m.BuiltinName(c)]
}

// LocalOf returns the local variable e names, or nil when e is not a
// name or names a global.
func (m *Model) LocalOf(e ast.Expr) *Variable {
	if id, ok := e.(*ast.IdentExpr); ok {
		return m.VarOf(id)
	}
	return nil
}

// BuiltinName is "tonumber" or "string.sub" for a call of a global
// function (a name, or a field of a global table, that no local hides), ""
// otherwise.
func (m *Model) BuiltinName(e *ast.FuncCallExpr) string {
	switch f := e.Func.(type) {
	case *ast.IdentExpr:
		if m.VarOf(f) == nil {
			return f.Value
		}
	case *ast.AttrGetExpr:
		id, ok := f.Object.(*ast.IdentExpr)
		k, ok2 := f.Key.(*ast.StringExpr)
		if ok && ok2 && m.VarOf(id) == nil {
			return id.Value + "." + k.Value
		}
	}
	return ""
}

// LoopReply returns the reply a loop walks: `for _, x in ipairs(r)`,
// `pairs(r)` or `for i = a, #r` where r holds a redis.call reply, or nil.
func (m *Model) LoopReply(l *Loop) *Call {
	var e ast.Expr
	switch s := l.Stmt.(type) {
	case *ast.GenericForStmt:
		if len(s.Exprs) == 1 {
			if c, ok := s.Exprs[0].(*ast.FuncCallExpr); ok && c.Func != nil && len(c.Args) == 1 {
				if f := m.Value(c.Func); f.Origin == Builtin && (f.Lit == "ipairs" || f.Lit == "pairs") {
					e = c.Args[0]
				}
			}
		}
	case *ast.NumberForStmt:
		if n, ok := s.Limit.(*ast.UnaryLenOpExpr); ok {
			e = n.Expr
		}
	}
	if e == nil {
		return nil
	}
	if v := m.Value(e); v.Origin == Reply {
		return v.Call
	}
	return nil
}

// ConstTruth is 1 for an expression that is always true as a condition (a
// literal other than nil and false, a table or function constructor), -1
// for one that is always false (nil, false), 0 otherwise; `not` inverts.
func ConstTruth(e ast.Expr) int {
	switch e := e.(type) {
	case *ast.TrueExpr, *ast.NumberExpr, *ast.StringExpr, *ast.TableExpr, *ast.FunctionExpr:
		return 1
	case *ast.FalseExpr, *ast.NilExpr:
		return -1
	case *ast.UnaryNotOpExpr:
		return -ConstTruth(e.Expr)
	}
	return 0
}
