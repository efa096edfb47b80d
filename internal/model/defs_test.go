package model_test

import (
	"fmt"
	"strings"
	"testing"
)

func TestLocalDefs(t *testing.T) {
	m := build(t, `local a, b = 1
local c, d = redis.call('MGET', KEYS[1], KEYS[2])
local e
if ARGV[1] then
  e = ARGV[1]
  a, e = 2
end
local function f() e = 3 end
for i = 1, 2 do end
`)
	defs := m.LocalDefs()
	got := map[string][]string{}
	for _, v := range m.Vars {
		for _, d := range defs[v] {
			s := fmt.Sprintf("%d:", d.Range.Start.Line)
			switch {
			case d.Nil():
				s += "nil"
			case d.Extra:
				s += "extra"
			default:
				s += m.Text(d.Expr)
			}
			got[v.Name] = append(got[v.Name], s)
		}
	}
	want := map[string]string{
		"a": "1:1 6:2",
		"b": "1:nil",
		"c": "2:redis.call('MGET', KEYS[1], KEYS[2])",
		"d": "2:extra",
		"e": "3:nil 5:ARGV[1] 6:nil 8:3",
		"f": "8:local function f() e = 3 end",
		"i": "",
	}
	for name, w := range want {
		if g := strings.Join(got[name], " "); g != w {
			t.Errorf("%s: got %q, want %q", name, g, w)
		}
	}
}
