package analyzer

import (
	"go/ast"
	"go/types"
)

// One of a few constants chosen at run time:
//
//	call := `redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])`
//	if ttl == 0 {
//		call = `redis.call('set', KEYS[1], ARGV[1])`
//	}
//	rdb.Eval(ctx, fmt.Sprintf(tmpl, call), keys, ...)
//
// is two scripts, each known: not one built at run time. A variable
// written only by plain assignments of one value each has those values as
// its alternatives (a package variable declared bare and set once in
// init has one); when a source is not known, each combination of the
// alternatives of the variables it reads is tried, and if every one gives
// a known text, each text is a script.

// maxAlternatives bounds the scripts one source may be: the combinations
// of its variables' values. Real code chooses between two or three.
const maxAlternatives = 8

// alternatives returns the texts src may have, each known, or nil.
func (e *evaluator) alternatives(src ast.Expr) []*text {
	var vars []*types.Var
	seen := map[*types.Var]bool{}
	var visit func(x ast.Node, depth int)
	visit = func(x ast.Node, depth int) {
		if depth > maxEvalDepth {
			return
		}
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := e.pass.TypesInfo.Uses[id].(*types.Var)
			if !ok || seen[v.Origin()] {
				return true
			}
			v = v.Origin()
			seen[v] = true
			if val, ok := e.once(v); ok {
				visit(val, depth+1)
			} else if vals := e.choices(v); vals != nil && isStringish(v.Type()) {
				vars = append(vars, v)
				for _, a := range vals {
					visit(a, depth+1)
				}
			}
			return true
		})
	}
	visit(src, 0)
	if len(vars) == 0 {
		return nil
	}
	n := 1
	for _, v := range vars {
		n *= len(e.choices(v))
		if n > maxAlternatives {
			return nil
		}
	}
	e.chosen = map[*types.Var]int{}
	defer func() { e.chosen = nil }()
	var out []*text
	seenText := map[string]bool{}
	for i := range n {
		k := i
		for _, v := range vars {
			e.chosen[v] = k % len(e.choices(v))
			k /= len(e.choices(v))
		}
		t := e.eval(src)
		if t == nil || t.big {
			return nil
		}
		if !seenText[t.s] {
			seenText[t.s] = true
			out = append(out, t)
		}
	}
	return out
}
