package rules

import (
	"sort"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofUnavailableLibrary runs the Bad example (os is missing), then
// each name the rule knows: every global is a nonexistent global on Redis,
// every Lua 5.2+ field is nil, and lint-lua reports each use.
func TestProofUnavailableLibrary(t *testing.T) {
	proveBadGood(t, "unavailable-library", nil, nil, "Script attempted to access nonexistent global variable 'os'")
	c := redistest.Client(t)
	var globals, fields []string
	for g := range unavailableGlobals {
		globals = append(globals, g)
	}
	for f := range lua52Fields {
		fields = append(fields, f)
	}
	sort.Strings(globals)
	sort.Strings(fields)
	for _, g := range globals {
		src := "return type(" + g + ")"
		if got := ruleFindings("unavailable-library", src); len(got) != 1 || !strings.Contains(got[0], "nonexistent global variable '"+g+"'") {
			t.Errorf("%s: findings %q", g, got)
		}
		r := c.MustEval(t, src, nil)
		if r.Kind != redistest.Error || !strings.Contains(r.Str, "Script attempted to access nonexistent global variable '"+g+"'") {
			t.Errorf("%s on Redis gave %s", g, r)
		}
	}
	for _, f := range fields {
		src := "return type(" + f + ")"
		if got := ruleFindings("unavailable-library", src); len(got) != 1 {
			t.Errorf("%s: findings %q", f, got)
		}
		if r := c.MustEval(t, src, nil); r.Str != "nil" {
			t.Errorf("type(%s) on Redis gave %s, want nil", f, r)
		}
	}
	// The quoted errors for a call and for arithmetic on a nil field.
	for src, want := range map[string]string{
		"return table.pack(1)":       "attempt to call field 'pack' (a nil value)",
		"return math.maxinteger + 1": "attempt to perform arithmetic on field 'maxinteger' (a nil value)",
	} {
		got := ruleFindings("unavailable-library", src)
		if len(got) != 1 || !strings.Contains(got[0], want) {
			t.Errorf("%s: findings %q", src, got)
		}
		if r := c.MustEval(t, src, nil); r.Kind != redistest.Error || !strings.Contains(r.Str, want) {
			t.Errorf("%s on Redis gave %s", src, r)
		}
	}
	// The replacements the messages suggest work.
	for _, src := range []string{
		"return tonumber(redis.call('TIME')[1]) > 0",
		"redis.log(redis.LOG_NOTICE, 'x') return 1",
		"return unpack({1, 2})",
		"return struct.unpack('i4', struct.pack('i4', 7))",
		"return struct.size('i4')",
		"return bit.band(3, 1)",
		"return #{1, 2}",
		"return select('#', 1, 2)",
		"return math.floor(2.5)",
		"return type(coroutine.running())",
	} {
		if r := c.MustEval(t, src, nil); r.Kind == redistest.Error {
			t.Errorf("%s on Redis gave %s", src, r)
		}
	}
}
