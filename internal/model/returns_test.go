package model_test

import (
	"strings"
	"testing"

	"github.com/yuin/gopher-lua/ast"
)

// TestCallee: the file's own functions are found behind local names,
// table fields and methods; sandbox libraries, names defined twice or
// assigned other values, and methods of an unknown object with several
// definitions are not.
func TestCallee(t *testing.T) {
	m := build(t, `local function f() return 1 end
local M = {}
function M.a() return 2 end
function M:b() return 3 end
M.c = function() return 4 end
local L = {d = function() return 5 end}
local A, B = {}, {}
function A:e() return 6 end
function B:e() return 7 end
function A.g() return 8 end
A.g = 9
local function cjsonlike() end
local x = f() + M.a() + M:b() + M.c() + L.d() + A:e() + B:e() + ARGV:e() + A.g() + cjson.decode('1') + ARGV:b()
`)
	got := map[string]string{}
	m.Inspect(m.File.Chunk, func(n any) bool {
		if call, ok := n.(*ast.FuncCallExpr); ok && m.CallAt(call) == nil {
			callee := "-"
			if fe := m.Callee(call); fe != nil {
				callee = m.Text(fe.Stmts[0])
			}
			got[m.Text(call)] = callee
		}
		return true
	})
	want := map[string]string{
		"f()": "return 1", "M.a()": "return 2", "M:b()": "return 3", "M.c()": "return 4", "L.d()": "return 5",
		"A:e()": "return 6", "B:e()": "return 7", "ARGV:e()": "-", "A.g()": "-", "cjson.decode('1')": "-",
		"ARGV:b()": "return 3",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: callee %q, want %q", k, got[k], w)
		}
	}
}

// TestFieldValue: a field of a local table, set once where every path to
// the read passes, holds what was stored.
func TestFieldValue(t *testing.T) {
	m := build(t, `local r = {}
r.a = redis.call('EXISTS', KEYS[1])
local s = {b = redis.call('LLEN', KEYS[1])}
local u = {}
if ARGV[1] then u.c = redis.call('SCARD', KEYS[1]) end
local w = {d = 1}
w.d = 2
local y = {}
y.e = redis.call('EXISTS', KEYS[1])
local function touch(t) t.e = 0 end
touch(y)
return {r.a, s.b, u.c, w.d, y.e, cjson.encode(r)}
`)
	var got []string
	m.Inspect(m.File.Chunk, func(n any) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		for _, f := range ret.Exprs[0].(*ast.TableExpr).Fields {
			a, ok := f.Value.(*ast.AttrGetExpr)
			if !ok {
				continue
			}
			v := m.FieldValue(a)
			s := m.Text(a) + ":" + v.Origin.String()
			if c := v.FromReply(); c != nil {
				s += " " + c.Name
			}
			got = append(got, s)
		}
		return true
	})
	want := "r.a:reply EXISTS|s.b:reply LLEN|u.c:unknown|w.d:unknown|y.e:unknown"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("got %s\nwant %s", g, want)
	}
}
