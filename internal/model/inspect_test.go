package model_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// refInspect is the reference the flat walk's visiting order is checked
// against: the recursive walker (model.Inspect) it replaced for rules.
func refInspect(stmts []ast.Stmt, visit func(n any) bool) { model.Inspect(stmts, visit) }

// prunes are the visit policies the walks are compared under: none, at
// function bodies, at ifs and loops, and at every third node.
var prunes = map[string]func(n any, i int) bool{
	"none":      func(any, int) bool { return true },
	"functions": func(n any, _ int) bool { _, ok := n.(*ast.FunctionExpr); return !ok },
	"control": func(n any, _ int) bool {
		return model.KindOf(n)&(model.KIfStmt|model.KLoops) == 0
	},
	"third": func(_ any, i int) bool { return i%3 != 0 },
}

// blocks returns every statement list of the tree: the chunk, function
// bodies, loop bodies and if branches, plus a prefix and a copy of each
// (which the array cannot index and walks recursively).
func blocks(chunk []ast.Stmt) [][]ast.Stmt {
	out := [][]ast.Stmt{chunk}
	refInspect(chunk, func(n any) bool {
		out = append(out, model.NodeBlocks(n)...)
		return true
	})
	for _, b := range out[:len(out):len(out)] {
		if len(b) > 1 {
			out = append(out, b[:len(b)-1], b[1:], append([]ast.Stmt(nil), b...))
		}
	}
	return out
}

// sameWalks checks every walk of the model against the reference.
func sameWalks(t *testing.T, name string, m *model.Model) {
	t.Helper()
	for _, b := range blocks(m.File.Chunk) {
		for pname, prune := range prunes {
			var want, got []any
			i := 0
			refInspect(b, func(n any) bool { want = append(want, n); i++; return prune(n, i) })
			i = 0
			m.Inspect(b, func(n any) bool { got = append(got, n); i++; return prune(n, i) })
			if err := sameSeq(want, got); err != nil {
				t.Fatalf("%s: Inspect of a %d-statement block, prune %s: %v", name, len(b), pname, err)
			}
			for _, kinds := range []model.Kinds{model.KFuncCallExpr, model.KRelationalOpExpr | model.KIfStmt, model.KLoops | model.KFunctionExpr, model.KExprs, model.KStmts} {
				want, got = nil, nil
				i = 0
				refInspect(b, func(n any) bool {
					if model.KindOf(n)&kinds == 0 {
						return true
					}
					want = append(want, n)
					i++
					return prune(n, i)
				})
				i = 0
				m.InspectKinds(b, kinds, func(n any) bool { got = append(got, n); i++; return prune(n, i) })
				if err := sameSeq(want, got); err != nil {
					t.Fatalf("%s: InspectKinds(%b) of a %d-statement block, prune %s: %v", name, kinds, len(b), pname, err)
				}
			}
		}
	}
	preorders := []model.Kinds{model.KExprs, model.KLoops | model.KReturnStmt}
	for k := model.KAssignStmt; k <= model.KFunctionExpr; k <<= 1 {
		preorders = append(preorders, k) // each kind alone
	}
	for _, kinds := range preorders {
		var want, got []any
		refInspect(m.File.Chunk, func(n any) bool {
			if model.KindOf(n)&kinds != 0 {
				want = append(want, n)
			}
			return true
		})
		m.Preorder(kinds, func(n any) { got = append(got, n) })
		if err := sameSeq(want, got); err != nil {
			t.Fatalf("%s: Preorder(%b): %v", name, kinds, err)
		}
	}
}

func sameSeq(want, got []any) error {
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			return fmt.Errorf("node %d is %T, want %T", i, got[i], want[i])
		}
	}
	if len(want) != len(got) {
		return fmt.Errorf("%d nodes, want %d", len(got), len(want))
	}
	return nil
}

// TestInspectSameAsRecursive checks that the flattened walks visit exactly
// the nodes the recursive walker visits, in its order and with its
// prunes, on every Lua file of the repository (and of the corpus when
// fetched).
func TestInspectSameAsRecursive(t *testing.T) {
	var paths []string
	for _, root := range []string{"../../testdata/", "../../testdata/corpus/", "../../examples/", "../../rules/"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) {
					return filepath.SkipAll
				}
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".lua") {
				paths = append(paths, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
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
		sameWalks(t, p, model.Build(f))
	}
	t.Logf("%d files", len(paths))
}

// TestInspectDeep checks the walks on trees deeper than the walkers'
// depth bound (the parser refuses such source, so the tree is grown by
// hand): the whole chunk is cut where the recursive walk cuts, and a walk
// of a nested block sees as deep as the recursive walk from there.
func TestInspectDeep(t *testing.T) {
	for _, n := range []int{990, 996, 997, 1100} {
		src := "local a = 1\nif a then\n  local function f()\n    local x = a\n    return x\n  end\n  return f()\nend\n"
		f := luasrc.Parse("deep.lua", []byte(src))
		if len(f.Errors) > 0 {
			t.Fatal(f.Errors)
		}
		// chunk[1] is the if, Then[0] the local function, its body's
		// first statement `local x = a`: its a becomes a+a+...+a.
		fe := f.Chunk[1].(*ast.IfStmt).Then[0].(*ast.LocalAssignStmt).Exprs[0].(*ast.FunctionExpr)
		decl := fe.Stmts[0].(*ast.LocalAssignStmt)
		var e ast.Expr = decl.Exprs[0]
		for range n {
			e = &ast.ArithmeticOpExpr{Operator: "+", Lhs: e, Rhs: &ast.IdentExpr{Value: "a"}}
		}
		decl.Exprs[0] = e
		m := model.Build(f)
		sameWalks(t, fmt.Sprintf("deep %d", n), m)
		// The chunk's walk stops at the bound where a block's walk
		// still sees nodes: the case the array cannot serve.
		seen := map[any]bool{}
		refInspect(m.File.Chunk, func(n any) bool { seen[n] = true; return true })
		cut := false
		for _, b := range blocks(m.File.Chunk) {
			refInspect(b, func(n any) bool { cut = cut || !seen[n]; return true })
		}
		if cut != (n > 996) {
			t.Errorf("deep %d: chunk walk cut is %v", n, cut)
		}
	}
}
