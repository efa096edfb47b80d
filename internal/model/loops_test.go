package model_test

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// TestLoopSteps: the locals a loop moves the same way on every round that
// goes on, and those it does not.
func TestLoopSteps(t *testing.T) {
	for _, tc := range []struct {
		src, want string
	}{
		{"local i = 0 while true do i = i + 10 if i > 100 then break end end", "i:add+10"},
		{"local i = 0 while true do i = 1 + i end", "i:add+1"},
		{"local w = 0 while true do w = w - 1 end", "w:add-1"},
		{"local k = 0 while true do k = k + -2 end", "k:add-2"},
		{"local o = 0 while true do local p = redis.call('LRANGE', KEYS[1], o, o + 9) o = o + #p end", "o:add+"},
		{"local o = 0 while true do local p = redis.call('ZRANGE', KEYS[1], o, o + 9, 'WITHSCORES') o = o + #p / 2 end", "o:add+"},
		{"local s = 999 while true do if pcall(f, s) then s = s * 2 else return s end end", "s:mul+"},
		{"local c = '0' repeat local r = redis.call('SCAN', c) c = r[1] until c == '0'", "c:cursor"},
		// Splitting a string: find's positions are never below its start.
		{"local pos = 1 while true do local s, e = string.find(ARGV[1], ',', pos, true) if not s then break end pos = e + 1 end", "pos:add+"},
		{"local pos = 1 while true do local s, e = ARGV[1]:find(',', pos, true) if not s then break end pos = e + 1 end", "pos:add+"},
		{"local pos = 1 while true do local s, e = string.find(ARGV[1], ',', 1, true) if not s then break end pos = e + 1 end", ""},
		// Not every round, or not always the same way, or not a step.
		{"local c = 0 while true do if x then c = c + 1 end end", ""},
		{"local r = 0 while true do r = r + 1 if x then r = 0 end end", ""},
		{"local r = 0 while true do r = r + 1 r = r - 1 end", ""},
		{"local d = 0 while true do d = d + x end", ""},
		{"local m = 1 while true do m = m * 1 end", ""},
		{"while true do local fresh = 0 fresh = fresh + 1 end", ""},
		// A step inside a nested loop may run zero times.
		{"local n = 0 while true do for j = 1, x do n = n + 1 end end", ""},
		// A branch that leaves needs no step.
		{"local n = 0 while true do if x then break end n = n + 1 end", "n:add+1"},
		{"local n = 0 while true do if x then n = n + 1 else return end end", "n:add+1"},
	} {
		m := build(t, tc.src)
		loops := m.Loops()
		if len(loops) == 0 {
			t.Fatalf("%s: no loop", tc.src)
		}
		var got []string
		for v, s := range m.LoopSteps(loops[0]) {
			var b strings.Builder
			b.WriteString(v.Name + ":")
			switch s.Kind {
			case model.StepAdd:
				b.WriteString("add")
			case model.StepMul:
				b.WriteString("mul")
			case model.StepCursor:
				b.WriteString("cursor")
			}
			if s.Dir > 0 {
				b.WriteString("+")
			} else if s.Dir < 0 {
				b.WriteString("-")
			}
			if s.Lit != 0 {
				b.WriteString(strconv.FormatFloat(s.Lit, 'g', -1, 64))
			}
			got = append(got, b.String())
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s:\n got  %q\n want %q", tc.src, g, tc.want)
		}
	}
}

// TestConsumes: pops and removals consume; a list moved onto itself does
// not.
func TestConsumes(t *testing.T) {
	m := build(t, `
redis.call('LPOP', KEYS[1])
redis.call('ZPOPMIN', KEYS[1])
redis.call('ZREM', KEYS[1], 'a')
redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
redis.call('RPOPLPUSH', KEYS[1], KEYS[1])
redis.call('LINDEX', KEYS[1], 0)
redis.call('LPUSH', KEYS[1], 'x')
`)
	want := []bool{true, true, true, true, false, false, false}
	for i, c := range m.Calls {
		if got := m.Consumes(c); got != want[i] {
			t.Errorf("%s: Consumes = %v, want %v", c.Name, got, want[i])
		}
	}
}

// TestOnEveryRound: a node met on every path of a round that goes on.
func TestOnEveryRound(t *testing.T) {
	isPop := func(m *model.Model) func(n any) bool {
		return func(n any) bool {
			fc, ok := n.(*ast.FuncCallExpr)
			if !ok {
				return false
			}
			c := m.CallAt(fc)
			return c != nil && c.Name == "LPOP"
		}
	}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"while true do local v = redis.call('LPOP', KEYS[1]) if not v then break end end", true},
		{"while redis.call('LPOP', KEYS[1]) do end", true},
		{"repeat until not redis.call('LPOP', KEYS[1])", true},
		{"while true do if x then redis.call('LPOP', KEYS[1]) else break end end", true},
		{"while true do if x then redis.call('LPOP', KEYS[1]) end end", false},
		{"while true do local v = x and redis.call('LPOP', KEYS[1]) end", false},
		{"while true do for i = 1, 3 do redis.call('LPOP', KEYS[1]) end end", false},
		{"while true do local f = function() redis.call('LPOP', KEYS[1]) end end", false},
		{"while true do if x then error('stop') end redis.call('LPOP', KEYS[1]) end", true},
	} {
		m := build(t, tc.src)
		if got := m.OnEveryRound(m.Loops()[0], isPop(m)); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.src, got, tc.want)
		}
	}
}
