package model_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// TestExprFacts checks the small facts about expressions that several
// rules ask for: the builtin a call names, the local a name is, whether an
// expression may expand to several values, and the reply a loop walks.
func TestExprFacts(t *testing.T) {
	m := build(t, `
local tostring = function(x) return x end
local r = redis.call('SMEMBERS', KEYS[1])
for _, v in ipairs(r) do
  tonumber(v)
  string.sub(v, 1)
  tostring(v)
end
return unpack(r), (unpack(r))
`)
	var calls []*ast.FuncCallExpr
	model.Inspect(m.File.Chunk, func(n any) bool {
		if c, ok := n.(*ast.FuncCallExpr); ok {
			calls = append(calls, c)
		}
		return true
	})
	names := map[string]bool{}
	for _, c := range calls {
		if n := m.BuiltinName(c); n != "" {
			names[n] = true
		}
	}
	for _, want := range []string{"ipairs", "tonumber", "string.sub", "unpack"} {
		if !names[want] {
			t.Errorf("BuiltinName: %s not found among %v", want, names)
		}
	}
	if names["tostring"] {
		t.Errorf("BuiltinName: tostring is a local here")
	}
	if v := m.LocalOf(findIdent(m, "r", 0)); v == nil || v.Name != "r" {
		t.Errorf("LocalOf(r) = %v", v)
	}
	if v := m.LocalOf(findIdent(m, "KEYS", 0)); v != nil {
		t.Errorf("LocalOf(KEYS) = %v, want nil", v)
	}
	loops := m.Loops()
	if len(loops) != 1 {
		t.Fatalf("%d loops", len(loops))
	}
	if c := m.LoopReply(loops[0]); c == nil || c.Name != "SMEMBERS" {
		t.Errorf("LoopReply = %v, want the SMEMBERS call", c)
	}
	ret := m.File.Chunk[len(m.File.Chunk)-1].(*ast.ReturnStmt)
	if !model.MultiValued(ret.Exprs[0]) {
		t.Errorf("MultiValued(unpack(r)) = false")
	}
	if model.MultiValued(ret.Exprs[1]) {
		t.Errorf("MultiValued((unpack(r))) = true for a parenthesized call")
	}
}

// TestExpands: a call of a library function that returns one value adds
// one argument as the last of a list; other calls, `...` and a local that
// hides the library name may add any number.
func TestExpands(t *testing.T) {
	src := "local function f() return 1, 2 end\n" +
		"local r = redis.call('SMEMBERS', KEYS[1])\n" +
		"local function g(...)\n" +
		"  return tonumber(ARGV[1]), math.floor(1.5), string.find('a', 'a'), unpack(r), f(), ...\n" +
		"end\n" +
		"local tostring = unpack\n" +
		"return tostring(r)\n"
	m := model.Build(luasrc.Parse("t.lua", []byte(src)))
	var ret *ast.ReturnStmt
	m.Inspect(m.File.Chunk, func(n any) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Exprs) == 6 {
			ret = r
		}
		return true
	})
	if ret == nil {
		t.Fatal("no return of six expressions")
	}
	for i, want := range []bool{false, false, true, true, true, true} {
		if got := m.Expands(ret.Exprs[i]); got != want {
			t.Errorf("Expands(expression %d of g's return) = %v, want %v", i+1, got, want)
		}
	}
	last := m.File.Chunk[len(m.File.Chunk)-1].(*ast.ReturnStmt)
	if !m.Expands(last.Exprs[0]) {
		t.Errorf("Expands(tostring(r)) = false where tostring is a local holding unpack")
	}
}
