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
	paths, _ := filepath.Glob("../../testdata/rules/*/*.lua")
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
			var lists [][]ast.Stmt
			switch n := n.(type) {
			case *ast.FunctionExpr:
				lists = append(lists, n.Stmts)
			case *ast.DoBlockStmt:
				lists = append(lists, n.Stmts)
			case *ast.WhileStmt:
				lists = append(lists, n.Stmts)
			case *ast.RepeatStmt:
				lists = append(lists, n.Stmts)
			case *ast.NumberForStmt:
				lists = append(lists, n.Stmts)
			case *ast.GenericForStmt:
				lists = append(lists, n.Stmts)
			case *ast.IfStmt:
				lists = append(lists, n.Then, n.Else)
			}
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
