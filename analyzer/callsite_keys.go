package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// keyIdentity tells when two Go expressions name the same Redis key: the
// same constant value, the same variable, the same field of the same
// variable (of the receiver, in any method of its type), or the same
// function (fmt.Sprintf, a key helper) of the same such arguments. Anything
// else (a method call, an index expression) has no identity and matches
// nothing.
type keyIdentity struct {
	info *types.Info
	// recvs maps each method receiver variable to its type's name, so
	// that `l.key` is one key in every method of l's type.
	recvs map[*types.Var]string
}

func newKeyIdentity(pass *analysis.Pass) *keyIdentity {
	k := &keyIdentity{info: pass.TypesInfo, recvs: map[*types.Var]string{}}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
				continue
			}
			if v, ok := pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var); ok {
				k.recvs[v] = receiverTypeName(v.Type())
			}
		}
	}
	return k
}

// receiverTypeName is the name of a receiver's named type, pointer or not.
func receiverTypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return t.String()
}

// id returns e's identity, or "" when it has none.
func (k *keyIdentity) id(e ast.Expr) string {
	return k.idDepth(e, 0)
}

func (k *keyIdentity) idDepth(e ast.Expr, depth int) string {
	if e == nil || depth > 16 {
		return ""
	}
	e = ast.Unparen(e)
	if tv, ok := k.info.Types[e]; ok && tv.Value != nil {
		return "c:" + tv.Value.ExactString()
	}
	switch x := e.(type) {
	case *ast.Ident:
		return k.objID(k.info.Uses[x])
	case *ast.SelectorExpr:
		if sel, ok := k.info.Selections[x]; ok {
			if sel.Kind() != types.FieldVal {
				return ""
			}
			base := k.idDepth(x.X, depth+1)
			if base == "" {
				return ""
			}
			return fmt.Sprintf("%s.%p", base, sel.Obj())
		}
		// A qualified identifier: pkg.Var.
		return k.objID(k.info.Uses[x.Sel])
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return ""
		}
		l, r := k.idDepth(x.X, depth+1), k.idDepth(x.Y, depth+1)
		if l == "" || r == "" {
			return ""
		}
		return "(" + l + "+" + r + ")"
	case *ast.CallExpr:
		if tv, ok := k.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return k.idDepth(x.Args[0], depth+1) // string(b), MyKey(s)
		}
		fn := calleeFunc(k.info, x)
		if fn == nil || fn.Type().(*types.Signature).Recv() != nil || len(x.Args) == 0 || x.Ellipsis.IsValid() {
			return ""
		}
		parts := make([]string, len(x.Args))
		for i, a := range x.Args {
			if parts[i] = k.idDepth(a, depth+1); parts[i] == "" {
				return ""
			}
		}
		return fmt.Sprintf("f:%p(%s)", fn, strings.Join(parts, ","))
	}
	return ""
}

// objID is the identity of a variable: its receiver type for a method
// receiver, the variable itself otherwise.
func (k *keyIdentity) objID(obj types.Object) string {
	v, ok := obj.(*types.Var)
	if !ok {
		return ""
	}
	if t, ok := k.recvs[v]; ok {
		return "recv:" + t
	}
	return fmt.Sprintf("v:%p", v)
}
