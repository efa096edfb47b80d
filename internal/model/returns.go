package model

import (
	"slices"

	"github.com/yuin/gopher-lua/ast"
)

// ReturnValue is what a call of a script's own function may return as its
// first value: the join of the first values of the function's return
// statements, with nil added when the end of its body may be reached. It is
// AnyValue when the callee is not one of the file's functions (Callee). The
// values are those the function's body saw where it was defined; the
// call's arguments are not followed into the parameters.
func (m *Model) ReturnValue(call *ast.FuncCallExpr) Value {
	fe := m.Callee(call)
	if fe == nil {
		return AnyValue
	}
	var out Value
	m.InspectKinds(fe.Stmts, KFunctionExpr|KReturnStmt, func(n any) bool {
		switch n := n.(type) {
		case *ast.FunctionExpr:
			return false
		case *ast.ReturnStmt:
			rv := Value{Types: TNil, Origin: Literal, Lit: "nil"}
			if len(n.Exprs) > 0 {
				rv = m.Value(n.Exprs[0])
				rv.Var = nil
			}
			out = Join(out, rv)
		}
		return true
	})
	if mayFallThrough(m, fe.Stmts) {
		out = Join(out, Value{Types: TNil})
	}
	if out.Types == 0 {
		return AnyValue
	}
	return out
}

// Callee returns the function of the file a call calls, or nil:
//   - a local that holds one function: declared with it and never
//     reassigned (`local function f`), or declared empty and assigned it
//     once (`local f; f = function ... end`, the form a recursive helper
//     takes);
//   - a field or method of a table, `T.f(...)` or `T:f(...)`, defined once
//     in the file (`function T.f`, `function T:f`, `T.f = function`, or a
//     field `f = function` of T's constructor) and assigned nowhere else;
//   - a method called on any object (`self:f()`, `job:f()`) when the file
//     defines exactly one field or method named f, of any table, and
//     assigns no other.
//
// A function of a library the sandbox provides (cjson.decode, string.sub)
// is never one of the file's.
func (m *Model) Callee(call *ast.FuncCallExpr) *ast.FunctionExpr {
	if call == nil {
		return nil
	}
	if call.Receiver != nil {
		return m.fieldFunc(call.Receiver, call.Method, true)
	}
	switch f := call.Func.(type) {
	case *ast.IdentExpr:
		if v := m.VarOf(f); v != nil {
			return m.localFuncs()[v]
		}
	case *ast.AttrGetExpr:
		if k, ok := f.Key.(*ast.StringExpr); ok {
			return m.fieldFunc(f.Object, k.Value, false)
		}
	}
	return nil
}

var localFuncsFact = NewFact[map[*Variable]*ast.FunctionExpr]("localFuncs")

// localFuncs maps the locals that hold one function to it (see Callee).
func (m *Model) localFuncs() map[*Variable]*ast.FunctionExpr {
	return Get(m, localFuncsFact, func() map[*Variable]*ast.FunctionExpr {
		out := map[*Variable]*ast.FunctionExpr{}
		for _, v := range m.Vars {
			if f, ok := v.Init.(*ast.FunctionExpr); ok && len(v.Writes) == 0 {
				out[v] = f
			}
		}
		m.Preorder(KAssignStmt, func(x any) {
			a := x.(*ast.AssignStmt)
			if len(a.Lhs) != len(a.Rhs) {
				return
			}
			for i, t := range a.Lhs {
				f, ok := a.Rhs[i].(*ast.FunctionExpr)
				v := m.LocalOf(t)
				if ok && v != nil && v.Init == nil && len(v.Writes) == 1 {
					out[v] = f
				}
			}
		})
		return out
	})
}

// fieldDefs are the file's definitions of table fields by field name:
// the functions assigned to a field of that name, each with the name of
// the table it was assigned on ("" when that is not a plain name), and
// whether a field of that name is ever assigned anything else.
type fieldDefs struct {
	funcs map[string][]fieldFunc
	other map[string]bool
}

type fieldFunc struct {
	table string
	fe    *ast.FunctionExpr
}

var fieldDefsFact = NewFact[*fieldDefs]("fieldDefs")

func (m *Model) fields() *fieldDefs {
	return Get(m, fieldDefsFact, func() *fieldDefs { return m.computeFields() })
}

func (m *Model) computeFields() *fieldDefs {
	d := &fieldDefs{funcs: map[string][]fieldFunc{}, other: map[string]bool{}}
	if m.File.Chunk == nil {
		return d
	}
	tableName := func(e ast.Expr) string {
		if id, ok := e.(*ast.IdentExpr); ok {
			return id.Value
		}
		return ""
	}
	add := func(table, name string, value ast.Expr) {
		if fe, ok := value.(*ast.FunctionExpr); ok {
			d.funcs[name] = append(d.funcs[name], fieldFunc{table, fe})
			return
		}
		d.other[name] = true
	}
	m.InspectKinds(m.File.Chunk, KFuncDefStmt|KAssignStmt|KLocalAssignStmt, func(n any) bool {
		switch s := n.(type) {
		case *ast.FuncDefStmt:
			if s.Name == nil || s.Func == nil {
				break
			}
			if a, ok := s.Name.Func.(*ast.AttrGetExpr); ok {
				if k, ok := a.Key.(*ast.StringExpr); ok {
					add(tableName(a.Object), k.Value, s.Func)
				}
			} else if s.Name.Func == nil && s.Name.Method != "" {
				add(tableName(s.Name.Receiver), s.Name.Method, s.Func)
			}
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				a, ok := l.(*ast.AttrGetExpr)
				if !ok {
					continue
				}
				k, ok := a.Key.(*ast.StringExpr)
				if !ok {
					continue
				}
				var rhs ast.Expr
				if i < len(s.Rhs) {
					rhs = s.Rhs[i]
				}
				add(tableName(a.Object), k.Value, rhs)
			}
		case *ast.LocalAssignStmt:
			for i, name := range s.Names {
				if i >= len(s.Exprs) {
					break
				}
				if t, ok := s.Exprs[i].(*ast.TableExpr); ok {
					for _, f := range t.Fields {
						if k, ok := f.Key.(*ast.StringExpr); ok {
							add(name, k.Value, f.Value)
						}
					}
				}
			}
		}
		return true
	})
	return d
}

// sandboxTables are the library tables a script gets from Redis: their
// fields are never the file's functions.
var sandboxTables = map[string]bool{
	"redis": true, "cjson": true, "cmsgpack": true, "struct": true, "bit": true,
	"string": true, "table": true, "math": true, "os": true, "server": true,
}

// fieldFunc resolves T.f (method false) or T:f / obj:f (method true).
func (m *Model) fieldFunc(obj ast.Expr, name string, method bool) *ast.FunctionExpr {
	d := m.fields()
	defs := d.funcs[name]
	if len(defs) == 0 || d.other[name] {
		return nil
	}
	if id, ok := obj.(*ast.IdentExpr); ok {
		if m.VarOf(id) == nil && sandboxTables[id.Value] {
			return nil
		}
		var match []*ast.FunctionExpr
		for _, f := range defs {
			if f.table == id.Value {
				match = append(match, f.fe)
			}
		}
		if len(match) == 1 {
			return match[0]
		}
		if len(match) > 1 {
			return nil
		}
	}
	if method && len(defs) == 1 {
		return defs[0].fe
	}
	return nil
}

// FieldValue is what `t.f` may hold where it is read, when t is a local
// table the script builds itself (declared with a table constructor and
// never reassigned) and the field f is given a value exactly once before
// the read, in t's constructor or by a statement `t.f = x` of the read's
// function body (not inside a branch or a loop): the value x had there.
// t must not be handed to a function of the file, which could change it.
// It is AnyValue otherwise.
func (m *Model) FieldValue(e *ast.AttrGetExpr) Value {
	id, ok := e.Object.(*ast.IdentExpr)
	if !ok {
		return AnyValue
	}
	k, ok := e.Key.(*ast.StringExpr)
	if !ok {
		return AnyValue
	}
	v := m.VarOf(id)
	if v == nil || len(v.Writes) > 0 {
		return AnyValue
	}
	ctor, ok := v.Init.(*ast.TableExpr)
	if !ok {
		return AnyValue
	}
	var value ast.Expr
	n := 0
	for _, f := range ctor.Fields {
		if fk, ok := f.Key.(*ast.StringExpr); ok && fk.Value == k.Value {
			value, n = f.Value, n+1
		}
	}
	at := m.Range(e).Start
	escapes := false
	for _, r := range v.Reads {
		if r == id {
			continue
		}
		p, isField := m.readParent(r)
		if isField {
			if a, ok := p.(*ast.AttrGetExpr); ok {
				if ak, ok := a.Key.(*ast.StringExpr); ok && ak.Value == k.Value {
					if rhs, stmt, assigned := m.assignedTo(a); assigned {
						// The assignment must run on every path to the
						// read: a statement of the read's function body
						// itself, before it.
						if !m.Range(a).Start.Less(at) || !slices.Contains(m.Body(m.FuncOf(e)), ast.Stmt(stmt)) {
							return AnyValue
						}
						value, n = rhs, n+1
					}
				} else if _, ok := a.Key.(*ast.StringExpr); !ok {
					escapes = true // t[x]: any field
				}
			}
			continue
		}
		if call, ok := p.(*ast.FuncCallExpr); ok && m.BuiltinName(call) != "" {
			continue
		}
		if _, ok := p.(*ast.ReturnStmt); ok {
			continue
		}
		escapes = true
	}
	if escapes || n != 1 || value == nil {
		return AnyValue
	}
	out := m.Value(value)
	out.Var = nil
	return out
}

// mayFallThrough reports whether the end of stmts may be reached: it may,
// unless they end with a return, an error() call, or an if whose every
// branch ends so.
func mayFallThrough(m *Model, stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return true
	}
	switch s := stmts[len(stmts)-1].(type) {
	case *ast.ReturnStmt:
		return false
	case *ast.FuncCallStmt:
		return !isErrorCall(m, s.Expr)
	case *ast.DoBlockStmt:
		return mayFallThrough(m, s.Stmts)
	case *ast.IfStmt:
		return len(s.Else) == 0 || mayFallThrough(m, s.Then) || mayFallThrough(m, s.Else)
	}
	return true
}

// ReplyReturn is a return statement whose values become the reply Redis
// sends: one of the main chunk of a script, or of a registered function's
// body (a nested function's return stays in Lua).
type ReplyReturn struct {
	Stmt *ast.ReturnStmt
	// Registration is the function it returns from, nil for a script.
	Registration *Registration
}

// ReplyReturns lists the file's ReplyReturns in source order, those of each
// registered function after the script's.
func (m *Model) ReplyReturns() []ReplyReturn {
	var out []ReplyReturn
	collect := func(stmts []ast.Stmt, r *Registration) {
		m.InspectKinds(stmts, KFunctionExpr|KReturnStmt, func(n any) bool {
			switch n := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.ReturnStmt:
				out = append(out, ReplyReturn{Stmt: n, Registration: r})
			}
			return true
		})
	}
	if m.Context == Script && m.File.Chunk != nil {
		collect(m.File.Chunk, nil)
	}
	for _, r := range m.Registrations {
		if r.Callback != nil {
			collect(r.Callback.Stmts, r)
		}
	}
	return out
}

// tableUses indexes what FieldValue asks of an identifier read: the node
// that uses it (the AttrGetExpr it is the object of, the call it is an
// argument or receiver of, the return statement that returns it), and for
// each field expression that is assigned to, the value assigned.
type tableUses struct {
	parent   map[*ast.IdentExpr]any
	field    map[*ast.IdentExpr]bool
	assigned map[*ast.AttrGetExpr]fieldAssign
}

type fieldAssign struct {
	rhs  ast.Expr
	stmt *ast.AssignStmt
}

var tableUsesFact = NewFact[*tableUses]("tableUses")

func (m *Model) tableUses() *tableUses {
	return Get(m, tableUsesFact, func() *tableUses {
		u := &tableUses{parent: map[*ast.IdentExpr]any{}, field: map[*ast.IdentExpr]bool{}, assigned: map[*ast.AttrGetExpr]fieldAssign{}}
		if m.File.Chunk == nil {
			return u
		}
		m.InspectKinds(m.File.Chunk, KAttrGetExpr|KFuncCallExpr|KReturnStmt|KAssignStmt, func(n any) bool {
			switch n := n.(type) {
			case *ast.AttrGetExpr:
				if id, ok := n.Object.(*ast.IdentExpr); ok {
					u.parent[id], u.field[id] = n, true
				}
			case *ast.FuncCallExpr:
				if id, ok := n.Receiver.(*ast.IdentExpr); ok {
					u.parent[id] = n
				}
				for _, a := range n.Args {
					if id, ok := a.(*ast.IdentExpr); ok {
						u.parent[id] = n
					}
				}
			case *ast.ReturnStmt:
				for _, e := range n.Exprs {
					if id, ok := e.(*ast.IdentExpr); ok {
						u.parent[id] = n
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if a, ok := l.(*ast.AttrGetExpr); ok {
						var rhs ast.Expr
						if i < len(n.Rhs) {
							rhs = n.Rhs[i]
						}
						u.assigned[a] = fieldAssign{rhs, n}
					}
				}
			}
			return true
		})
		return u
	})
}

// readParent returns the node that uses an identifier read, as tableUses
// knows it, and whether the read is the object of a field expression.
func (m *Model) readParent(id *ast.IdentExpr) (any, bool) {
	u := m.tableUses()
	return u.parent[id], u.field[id]
}

// assignedTo reports whether a field expression is assigned to, and the
// value (nil when it is a call's extra result) and statement.
func (m *Model) assignedTo(a *ast.AttrGetExpr) (ast.Expr, *ast.AssignStmt, bool) {
	f, ok := m.tableUses().assigned[a]
	return f.rhs, f.stmt, ok
}
