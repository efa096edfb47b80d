package model_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

func build(t *testing.T, src string) *model.Model {
	t.Helper()
	f := luasrc.Parse("t.lua", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("parse: %v", f.Errors)
	}
	return model.Build(f)
}

// findIdent returns the n-th (0-based) read of the identifier name.
func findIdent(m *model.Model, name string, n int) *ast.IdentExpr {
	var found []*ast.IdentExpr
	model.Inspect(m.File.Chunk, func(node any) bool {
		if id, ok := node.(*ast.IdentExpr); ok && id.Value == name {
			found = append(found, id)
		}
		return true
	})
	if n < len(found) {
		return found[n]
	}
	return nil
}

func TestScopes(t *testing.T) {
	m := build(t, `
local x = 1
local function f(a)
  local x = a
  return x + y
end
do local x = 2 end
z = f(x)
`)
	var locals []string
	shadows := 0
	for _, v := range m.Vars {
		locals = append(locals, v.Name)
		if v.Shadows != nil {
			shadows++
		}
	}
	if len(locals) != 5 { // x, f, a, x, x
		t.Errorf("vars %v", locals)
	}
	if shadows != 2 {
		t.Errorf("shadowing declarations = %d, want 2", shadows)
	}
	var globals []string
	for _, g := range m.Globals {
		w := ""
		if g.Write {
			w = "="
		}
		globals = append(globals, w+g.Name)
	}
	if len(globals) != 2 || globals[0] != "y" || globals[1] != "=z" {
		t.Errorf("globals %v", globals)
	}
	// The last x read (in f(x)) is the outer one.
	if v := m.VarOf(findIdent(m, "x", 1)); v == nil || v.Scope.Parent != nil {
		t.Errorf("f(x) resolves to %+v", v)
	}
}

func TestUpvalue(t *testing.T) {
	m := build(t, "local n = 0\nlocal function inc() n = n + 1 end\ninc()")
	for _, v := range m.Vars {
		if v.Name == "n" && !v.Captured {
			t.Error("n is an upvalue of inc")
		}
	}
}

func TestCallClassification(t *testing.T) {
	m := build(t, `
local k = KEYS[2]
local call = redis.call
local v = call('get', k)
redis.pcall('CONFIG', 'GET', 'maxmemory')
redis.call('SET', 'lit', ARGV[1] .. 'x', 'EX', v)
redis.call('XINFO', 'STREAM', KEYS[1])
`)
	if len(m.Calls) != 4 {
		t.Fatalf("calls %d", len(m.Calls))
	}
	get := m.Calls[0]
	if get.Name != "GET" || get.Command == nil || get.Args[1].Value.Origin != model.Keys || get.Args[1].Value.Index != 2 || !get.IsKey(1) {
		t.Errorf("GET through alias and local: %+v", get.Args[1].Value)
	}
	cfg := m.Calls[1]
	if cfg.Name != "CONFIG GET" || !cfg.Protected || cfg.Command == nil {
		t.Errorf("CONFIG GET: %q protected=%v", cfg.Name, cfg.Protected)
	}
	set := m.Calls[2]
	if set.Args[1].Value.Origin != model.Literal || set.Args[2].Value.Origin != model.Concat || set.Args[4].Value.FromReply() != get {
		t.Errorf("SET args: %+v", set.Args)
	}
	if !set.HasToken("ex") || set.IsKey(2) || !set.IsKey(1) {
		t.Errorf("SET tokens/keys: %v", set.Keys)
	}
	xinfo := m.Calls[3]
	if xinfo.Name != "XINFO STREAM" || !xinfo.IsKey(2) {
		t.Errorf("XINFO STREAM: %q keys %v", xinfo.Name, xinfo.Keys)
	}
}

func TestReplyTypesAndGuards(t *testing.T) {
	m := build(t, `
local s = redis.call('GET', KEYS[1])
local a = s
if not s then return 0 end
local b = s
local n = tonumber(redis.call('GET', KEYS[1]))
local c = n
local d = tonumber(redis.call('GET', KEYS[1]) or 0)
local e = redis.call('INCR', KEYS[1])
local f = redis.call('SET', KEYS[1], 1)
local g = redis.call('SET', KEYS[1], 1, 'NX')
local h = tonumber(ARGV[1])
return {a, b, c, d, e, f, g, h, n and n + 1}
`)
	cases := []struct {
		name string
		n    int
		want model.TypeSet
	}{
		{"a", 0, model.TFalse | model.TString},
		{"b", 0, model.TString},
		{"c", 0, model.TNumber | model.TNil},
		{"d", 0, model.TNumber | model.TNil},
		{"e", 0, model.TNumber},
		{"f", 0, model.TTable},
		{"g", 0, model.TTable | model.TFalse},
	}
	for _, c := range cases {
		id := findIdent(m, c.name, c.n)
		if id == nil {
			t.Fatalf("no read %d of %s", c.n, c.name)
		}
		if got := m.Value(id).Types; got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	// tonumber of a reply that may be false comes from that reply.
	if m.Value(findIdent(m, "c", 0)).FromReply() == nil {
		t.Error("c does not come from a reply")
	}
	if m.Value(findIdent(m, "h", 0)).FromReply() != nil {
		t.Error("tonumber(ARGV[1]) is not a reply")
	}
	// In `n and n + 1`, n is narrowed on the right.
	if got := m.Value(findIdent(m, "n", 2)).Types; got != model.TNumber {
		t.Errorf("n in `n and n + 1`: %v", got)
	}
}

func TestLibraryContext(t *testing.T) {
	m := build(t, `#!lua name=lib
local function get(keys, args) return redis.call('GET', keys[1], args[1]) end
redis.register_function{function_name='get', callback=get, flags={'no-writes'}}
`)
	if m.Context != model.Library || len(m.Registrations) != 1 {
		t.Fatalf("context %v registrations %d", m.Context, len(m.Registrations))
	}
	r := m.Registrations[0]
	if r.Name != "get" || len(r.Flags) != 1 || r.Flags[0] != "no-writes" || r.Callback == nil {
		t.Errorf("registration %+v", r)
	}
	c := m.Calls[0]
	if c.Args[1].Value.Origin != model.Keys || c.Args[2].Value.Origin != model.Argv || c.Func.Registration != r {
		t.Errorf("keys/args params: %+v", c.Args)
	}
}

func TestSetResp3(t *testing.T) {
	m := build(t, "redis.setresp(3)\nlocal v = redis.call('GET', KEYS[1])\nreturn v")
	if !m.SetResp3 || m.Value(findIdent(m, "v", 0)).Types != model.TNil|model.TString {
		t.Errorf("resp3: %v %v", m.SetResp3, m.Value(findIdent(m, "v", 0)).Types)
	}
}
