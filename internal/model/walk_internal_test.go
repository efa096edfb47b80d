package model

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/yuin/gopher-lua/ast"
)

// TestWalkServesEveryBlock checks that the walk the resolver records
// serves every statement list of the tree from its arrays (a list it did
// not record would still be walked right, by the recursive fallback,
// only slower), with events whose ends and kinds fit their nodes.
func TestWalkServesEveryBlock(t *testing.T) {
	paths, _ := filepath.Glob("../../rules/*/testdata/*.lua")
	more, _ := filepath.Glob("../../examples/*.lua")
	paths = append(paths, more...)
	if len(paths) < 50 {
		t.Fatalf("only %d .lua files found", len(paths))
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f := luasrc.Parse(p, src)
		if f.Chunk == nil {
			continue
		}
		m := Build(f)
		w := m.walk()
		if w.deep {
			continue
		}
		for i, ev := range w.events {
			if ev.end <= int32(i) || int(ev.end) > len(w.events) || KindOf(w.nodes[i]) != 1<<ev.kind || ev.sub&(1<<ev.kind) == 0 {
				t.Fatalf("%s: event %d (%T) is %+v", p, i, w.nodes[i], ev)
			}
		}
		Inspect(f.Chunk, func(n any) bool {
			lists := NodeBlocks(n)
			for _, l := range lists {
				if _, _, ok := w.span(m, l); !ok {
					t.Errorf("%s: a %d-statement block under %T (line %d) is not in the walk", p, len(l), n, n.(ast.PositionHolder).Line())
				}
			}
			return true
		})
		if t.Failed() {
			return
		}
	}
}

// refFuncOf lists, recursively, the function of every node the resolver
// counts as met inside a function body: every statement and expression,
// but not the target of an assignment or a function statement (its
// subexpressions count) nor a function statement's function.
type refFuncOf struct {
	m   *Model
	fn  *Function
	out map[any]*Function
}

func (r *refFuncOf) note(n any) {
	if r.fn != r.m.Main {
		r.out[n] = r.fn
	}
}

func (r *refFuncOf) stmts(ss []ast.Stmt) {
	for _, s := range ss {
		r.note(s)
		switch s := s.(type) {
		case *ast.AssignStmt:
			r.exprs(s.Rhs)
			for _, e := range s.Lhs {
				r.target(e)
			}
		case *ast.LocalAssignStmt:
			r.exprs(s.Exprs)
		case *ast.FuncCallStmt:
			r.expr(s.Expr)
		case *ast.DoBlockStmt:
			r.stmts(s.Stmts)
		case *ast.WhileStmt:
			r.expr(s.Condition)
			r.stmts(s.Stmts)
		case *ast.RepeatStmt:
			r.stmts(s.Stmts)
			r.expr(s.Condition)
		case *ast.IfStmt:
			r.expr(s.Condition)
			r.stmts(s.Then)
			r.stmts(s.Else)
		case *ast.NumberForStmt:
			r.exprs([]ast.Expr{s.Init, s.Limit, s.Step})
			r.stmts(s.Stmts)
		case *ast.GenericForStmt:
			r.exprs(s.Exprs)
			r.stmts(s.Stmts)
		case *ast.FuncDefStmt:
			if s.Name.Func != nil {
				r.target(s.Name.Func)
			} else {
				r.expr(s.Name.Receiver)
			}
			r.body(s.Func)
		case *ast.ReturnStmt:
			r.exprs(s.Exprs)
		}
	}
}

func (r *refFuncOf) target(e ast.Expr) {
	switch e := e.(type) {
	case *ast.IdentExpr:
	case *ast.AttrGetExpr:
		r.expr(e.Object)
		r.expr(e.Key)
	default:
		r.expr(e)
	}
}

func (r *refFuncOf) body(fe *ast.FunctionExpr) {
	outer := r.fn
	r.fn = r.m.FunctionFor(fe)
	r.stmts(fe.Stmts)
	r.fn = outer
}

func (r *refFuncOf) exprs(es []ast.Expr) {
	for _, e := range es {
		r.expr(e)
	}
}

func (r *refFuncOf) expr(e ast.Expr) {
	if e == nil {
		return
	}
	r.note(e)
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		r.expr(e.Object)
		r.expr(e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			r.expr(f.Key)
			r.expr(f.Value)
		}
	case *ast.FuncCallExpr:
		r.expr(e.Func)
		r.expr(e.Receiver)
		r.exprs(e.Args)
	case *ast.LogicalOpExpr:
		r.exprs([]ast.Expr{e.Lhs, e.Rhs})
	case *ast.RelationalOpExpr:
		r.exprs([]ast.Expr{e.Lhs, e.Rhs})
	case *ast.StringConcatOpExpr:
		r.exprs([]ast.Expr{e.Lhs, e.Rhs})
	case *ast.ArithmeticOpExpr:
		r.exprs([]ast.Expr{e.Lhs, e.Rhs})
	case *ast.UnaryMinusOpExpr:
		r.expr(e.Expr)
	case *ast.UnaryNotOpExpr:
		r.expr(e.Expr)
	case *ast.UnaryLenOpExpr:
		r.expr(e.Expr)
	case *ast.FunctionExpr:
		r.body(e)
	}
}

// TestFuncOfFromWalk checks FuncOf, which reads the walk, against a
// recursive reference, on the repository's scripts and on a tree deeper
// than the walk (whose deep nodes the resolver lists apart).
func TestFuncOfFromWalk(t *testing.T) {
	paths, _ := filepath.Glob("../../rules/*/testdata/*.lua")
	more, _ := filepath.Glob("../../examples/*.lua")
	paths = append(paths, more...)
	var models []*Model
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if f := luasrc.Parse(p, src); f.Chunk != nil {
			models = append(models, Build(f))
		}
	}
	src := "local a = 1\nlocal function f()\n  local x = a\n  a, x = x, a\n  function a.b() end\n  return x\nend\n"
	f := luasrc.Parse("deep.lua", []byte(src))
	decl := f.Chunk[1].(*ast.LocalAssignStmt).Exprs[0].(*ast.FunctionExpr).Stmts[0].(*ast.LocalAssignStmt)
	var e ast.Expr = decl.Exprs[0]
	for range 1100 {
		e = &ast.ArithmeticOpExpr{Operator: "+", Lhs: e, Rhs: &ast.FunctionExpr{ParList: &ast.ParList{}, Stmts: []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{&ast.IdentExpr{Value: "a"}}, Rhs: []ast.Expr{&ast.IdentExpr{Value: "a"}}}}}}
	}
	decl.Exprs[0] = e
	deep := Build(f)
	if !deep.walk().deep {
		t.Fatal("the deep tree is not deeper than the walk")
	}
	models = append(models, deep)
	for _, m := range models {
		ref := &refFuncOf{m: m, fn: m.Main, out: map[any]*Function{}}
		ref.stmts(m.File.Chunk)
		if m.funcNodeCount != len(ref.out) {
			t.Errorf("%s: %d nodes in functions, want %d", m.File.Name, m.funcNodeCount, len(ref.out))
		}
		for n, fn := range ref.out {
			if got := m.FuncOf(n); got != fn {
				t.Errorf("%s: FuncOf(%T at line %d) differs", m.File.Name, n, n.(ast.PositionHolder).Line())
			}
		}
		if m.funcOfBuilt && int(m.funcOf.Len()) != len(ref.out) {
			t.Errorf("%s: FuncOf knows %d nodes, want %d", m.File.Name, m.funcOf.Len(), len(ref.out))
		}
		Inspect(m.File.Chunk, func(n any) bool {
			if _, in := ref.out[n]; !in && m.FuncOf(n) != m.Main {
				t.Errorf("%s: FuncOf(%T) is not the main chunk", m.File.Name, n)
			}
			return true
		})
	}
}
