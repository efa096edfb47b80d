package model_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/model"
)

// A test of a local that holds a condition narrows what the condition
// tested, on the paths it dominates, until the local or a local the
// condition reads is assigned again.
func TestHeldConditions(t *testing.T) {
	const read = "local v = redis.call('HMGET', KEYS[1], 'a', 'b')\nlocal a, b = tonumber(v[1]), tonumber(v[2])\n"
	for _, c := range []struct {
		name, src string
		// the last read of a may be nil
		mayBeNil bool
	}{
		{"early return", read + "local ok = a ~= nil and b ~= nil\nif not ok then return end\nreturn a", false},
		{"branch", read + "local ok = a ~= nil and b ~= nil\nif ok then return a end", false},
		{"compared with false", read + "local ok = a ~= nil\nif ok == false then return end\nreturn a", false},
		{"not true", read + "local ok = a ~= nil\nif ok ~= true then return end\nreturn a", false},
		{"error", read + "local ok = a ~= nil\nif not ok then error('x') end\nreturn a", false},
		{"through another local", read + "local ha = a ~= nil\nlocal ok = ha and b ~= nil\nif not ok then return end\nreturn a", false},
		{"boolean reassigned", read + "local ok = a ~= nil\nok = ARGV[1] == 'x'\nif not ok then return end\nreturn a", true},
		{"boolean reassigned on one path", read + "local ok = a ~= nil\nif ARGV[1] then ok = true end\nif not ok then return end\nreturn a", true},
		{"local reassigned", read + "local ok = a ~= nil\na = tonumber(ARGV[2])\nif not ok then return end\nreturn a", true},
		{"other part of the and", read + "local ok = b ~= nil and a ~= nil\nb = tonumber(ARGV[2])\nif not ok then return end\nreturn a", false},
		{"other part of the or", read + "local bad = b == nil or a == nil\nb = tonumber(ARGV[2])\nif bad then return end\nreturn a", false},
		{"or", read + "local ok = a ~= nil or b ~= nil\nif not ok then return end\nreturn a", true},
		{"one branch", read + "local ok = a ~= nil\nif ARGV[1] then if not ok then return end end\nreturn a", true},
		{"wrong way", read + "local missing = a == nil\nif missing then return a end", true},
		{"captured and written", read + "local ok = a ~= nil\nlocal function f() a = nil end\nf()\nif ok then return a end", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := build(t, c.src)
			var last int
			for i := 0; findIdent(m, "a", i) != nil; i++ {
				last = i
			}
			v := m.Value(findIdent(m, "a", last))
			if got := v.Types&model.TNil != 0; got != c.mayBeNil {
				t.Errorf("a at its last read: %v, may be nil = %v, want %v", v.Types, got, c.mayBeNil)
			}
		})
	}
}

// The paths' facts about keys (PathWalk) look through a local that holds
// a condition as the flow does.
func TestHeldConditionPresence(t *testing.T) {
	for _, c := range []struct {
		src     string
		present bool
	}{
		{"local e = redis.call('EXISTS', KEYS[1]) == 1\nif not e then return end\nreturn redis.call('GET', KEYS[1])", true},
		{"local e = redis.call('EXISTS', KEYS[1]) == 1\ne = ARGV[1] == 'x'\nif not e then return end\nreturn redis.call('GET', KEYS[1])", false},
	} {
		m := build(t, c.src)
		get := m.Calls[len(m.Calls)-1]
		if got := m.PresentReplies()[get]; got != c.present {
			t.Errorf("%q: GET present = %v, want %v", c.src, got, c.present)
		}
	}
}

// Looking through conditions in locals is bounded (condBudget): a chain of
// locals that each test the one before several times would otherwise
// multiply the work with its length (3^40 here). What the first link's
// own test guards stays guarded.
func TestHeldConditionChain(t *testing.T) {
	var src strings.Builder
	src.WriteString("local x = tonumber(redis.call('GET', KEYS[1]))\nlocal b0 = x ~= nil\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&src, "local b%d = b%d and b%d and b%d\n", i, i-1, i-1, i-1)
	}
	src.WriteString("if not b0 then return end\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&src, "if not b40 then return %d end\n", i)
	}
	src.WriteString("return x + 1\n")
	m := build(t, src.String())
	var last int
	for i := 0; findIdent(m, "x", i) != nil; i++ {
		last = i
	}
	if v := m.Value(findIdent(m, "x", last)); v.Types&model.TNil != 0 {
		t.Errorf("x at its last read may be nil: %v", v.Types)
	}
	m.PresentReplies()
}
