package model_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// findString returns the last string literal with the given value.
func findString(m *model.Model, s string) *ast.StringExpr {
	var found *ast.StringExpr
	model.Inspect(m.File.Chunk, func(n any) bool {
		if x, ok := n.(*ast.StringExpr); ok && x.Value == s {
			found = x
		}
		return true
	})
	return found
}

// Literals are not recorded by the flow; Model.Value makes their value,
// except for literals the flow never reached, which stay AnyValue.
func TestLiteralValues(t *testing.T) {
	var deep strings.Builder
	for range 55 {
		deep.WriteString("local f = function() local s = 'deep'\n")
	}
	deep.WriteString(strings.Repeat("end\n", 55))
	m := build(t, `
local x = KEYS[1]
redis.call('SET', x, 'reached')
repeat return 1 until x == 'unreached'
`+deep.String())
	if v := m.Value(findString(m, "reached")); v.Origin != model.Literal || !v.IsString || v.Lit != "reached" || v.Types != model.TString {
		t.Errorf("reached literal = %+v", v)
	}
	if args := m.Calls[0].Args; args[2].Value.Lit != "reached" {
		t.Errorf("call argument = %+v", args[2].Value)
	}
	for _, s := range []string{"unreached", "deep"} {
		if v := m.Value(findString(m, s)); v.Types != model.TAny || v.Origin != model.Unknown {
			t.Errorf("%s: literal never evaluated = %+v, want AnyValue", s, v)
		}
	}
}

// A local's slot is reused by a later local of another scope; values must
// not leak from one to the other, and an inner local must not hide the outer
// one past its scope.
func TestEnvSlots(t *testing.T) {
	m := build(t, `
local x = 1
do local y = 'inner'; local x = 'shadow' end
for i = 1, 2 do local z = i end
local w
return x, w
`)
	if v := m.Value(findIdent(m, "x", 0)); v.Origin != model.Literal || v.Lit != "1" {
		t.Errorf("x after the block = %+v, want the literal 1", v)
	}
	if v := m.Value(findIdent(m, "w", 0)); v.Types != model.TNil {
		t.Errorf("w = %+v, want nil (not the value of a local whose slot it reuses)", v)
	}
}

// A loop body runs again while it changes what its start sees, so values
// assigned late in the body reach reads early in it.
func TestLoopFeedsBack(t *testing.T) {
	m := build(t, `
local a, b = nil, nil
for i = 1, 3 do
  b = a
  a = redis.call('GET', KEYS[1])
end
return b
`)
	v := m.Value(findIdent(m, "b", 1)) // the one returned
	if v.Types != model.TNil|model.TFalse|model.TString {
		t.Errorf("b after the loop = %v, want nil or the GET reply", v.Types)
	}
}
