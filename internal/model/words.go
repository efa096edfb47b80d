package model

import (
	"strings"
	"unicode"

	"github.com/yuin/gopher-lua/ast"
)

// Words splits a name or a key's text into lower-case words: at every
// character that is not a letter or a digit (`lock:{%s}`, `lock_key`) and
// where a lower-case letter or digit meets an upper-case one (`lockKey`,
// `LockName`). A rule that asks what a script calls something reads these
// words rather than substrings, so that `block` and `clock` are not `lock`.
func Words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}

// ValueNames returns the names a script gives a value: the text of each
// literal it is built from and the name of each local it was read through,
// the whole's and its parts' (`local lock_key = 'lock:' .. KEYS[1]` gives
// lock_key and lock:). What a key is for is often said nowhere else.
func (m *Model) ValueNames(v Value) []string {
	var out []string
	var walk func(v *Value, d int)
	walk = func(v *Value, d int) {
		if d > 16 {
			return
		}
		if v.Var != nil {
			out = append(out, v.Var.Name)
			if len(v.Var.Writes) == 0 && v.Origin == Unknown && v.Var.Init != nil {
				// A parameter's value is unknown, but a local whose
				// declaration the flow did not follow may still be a
				// literal text.
				if s, ok := v.Var.Init.(*ast.StringExpr); ok {
					out = append(out, s.Value)
				}
			}
		}
		switch v.Origin {
		case Literal:
			if v.Types&(TString|TNumber) != 0 {
				out = append(out, v.Lit)
			}
		case Concat, Arith:
			for i := range v.Parts {
				walk(&v.Parts[i], d+1)
			}
		case Tonumber:
			if v.Of != nil {
				walk(v.Of, d+1)
			}
		}
	}
	walk(&v, 0)
	return out
}

// FuncName returns the name a function is known by: the local it is
// declared as (`local function try_lock`, `local acquire = function`), the
// field or method of a `function M.f` / `function M:f` statement or an
// assignment `M.f = function`, or the name of the function a Functions
// library registers it as; "" for the main chunk and anonymous functions.
func (m *Model) FuncName(fn *Function) string {
	if fn == nil || fn.Expr == nil {
		return ""
	}
	if fn.Registration != nil && fn.Registration.NameKnown {
		return fn.Registration.Name
	}
	names := Get(m, funcNamesFact, func() map[*ast.FunctionExpr]string { return m.computeFuncNames() })
	return names[fn.Expr]
}

var funcNamesFact = NewFact[map[*ast.FunctionExpr]string]("funcNames")

func (m *Model) computeFuncNames() map[*ast.FunctionExpr]string {
	out := map[*ast.FunctionExpr]string{}
	for _, v := range m.Vars {
		if fe, ok := v.Init.(*ast.FunctionExpr); ok {
			out[fe] = v.Name
		}
	}
	fieldName := func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.IdentExpr:
			return e.Value
		case *ast.AttrGetExpr:
			if k, ok := e.Key.(*ast.StringExpr); ok {
				return k.Value
			}
		}
		return ""
	}
	if m.File.Chunk == nil {
		return out
	}
	m.InspectKinds(m.File.Chunk, KFuncDefStmt|KAssignStmt|KTableExpr, func(n any) bool {
		switch s := n.(type) {
		case *ast.FuncDefStmt:
			if s.Name == nil || s.Func == nil {
				break
			}
			if s.Name.Func != nil {
				if name := fieldName(s.Name.Func); name != "" {
					out[s.Func] = name
				}
			} else if s.Name.Method != "" {
				out[s.Func] = s.Name.Method
			}
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				if i >= len(s.Rhs) {
					break
				}
				if fe, ok := s.Rhs[i].(*ast.FunctionExpr); ok {
					if name := fieldName(l); name != "" {
						out[fe] = name
					}
				}
			}
		case *ast.TableExpr:
			for _, f := range s.Fields {
				if fe, ok := f.Value.(*ast.FunctionExpr); ok {
					if k, ok := f.Key.(*ast.StringExpr); ok {
						out[fe] = k.Value
					}
				}
			}
		}
		return true
	})
	return out
}
