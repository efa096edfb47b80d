package luasrc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/yuin/gopher-lua/ast"
)

// topLevel describes what a chunk declares at its top level: each
// statement's type and the plain names it assigns or declares.
func topLevel(stmts []ast.Stmt) string {
	var b strings.Builder
	for _, s := range stmts {
		fmt.Fprintf(&b, "%T", s)
		switch s := s.(type) {
		case *ast.LocalAssignStmt:
			fmt.Fprintf(&b, " %v", s.Names)
		case *ast.FuncDefStmt:
			if id, ok := s.Name.Func.(*ast.IdentExpr); ok {
				fmt.Fprintf(&b, " %s", id.Value)
			}
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.IdentExpr); ok {
					fmt.Fprintf(&b, " %s", id.Value)
				}
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestParseDeclarationsMatchesParse checks on every bundled and corpus
// script that skipping function bodies keeps the top level whole, and that
// a script that parses still parses.
func TestParseDeclarationsMatchesParse(t *testing.T) {
	sets, err := benchdata.Sets()
	if err != nil {
		t.Fatal(err)
	}
	extra := []benchdata.File{
		{Name: "nested.lua", Src: []byte("local function f()\n  if a then repeat local g = function() end until x end\n  while y do end for i = 1, 2 do end\n  do end\nend\nlocal z = 1\nfunction h(...) return function() end end\nq = 2\n")},
		{Name: "unclosed.lua", Src: []byte("local function f()\n  if a then\nend\n")},
	}
	n := 0
	for _, set := range append(sets, benchdata.Set{Name: "extra", Files: extra}) {
		for _, in := range set.Files {
			full := Parse(in.Name, in.Src)
			decl := ParseDeclarations(in.Name, in.Src)
			if len(full.Errors) > 0 {
				if len(decl.Errors) == 0 && in.Name == "unclosed.lua" {
					t.Errorf("%s: a body that is not closed must still be an error", in.Name)
				}
				continue
			}
			n++
			if len(decl.Errors) > 0 {
				t.Errorf("%s: parses, but ParseDeclarations says %v", in.Name, decl.Errors)
				continue
			}
			if got, want := topLevel(decl.Chunk), topLevel(full.Chunk); got != want {
				t.Errorf("%s: top level differs:\n got %s\nwant %s", in.Name, got, want)
			}
		}
	}
	f := ParseDeclarations("nested.lua", extra[0].Src)
	if fn := f.Chunk[0].(*ast.LocalAssignStmt).Exprs[0].(*ast.FunctionExpr); len(fn.Stmts) != 0 {
		t.Errorf("nested.lua: the body of f was parsed (%d statements), not skipped", len(fn.Stmts))
	}
	if n < 10 {
		t.Fatalf("only %d scripts compared", n)
	}
}
