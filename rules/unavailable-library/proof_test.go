package unavailablelibrary_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/lint-lua/lint-lua/rules/unavailable-library"
)

// TestProofUnavailableLibrary runs the Bad example (os is missing, or from
// Redis 7.4 and Valkey 8.0 holds only clock), then each name the rule
// knows, linting for the test server's target: a global the target lacks
// is a nonexistent global on the server and reported, one it may have
// (getfenv on a build from source) is not reported, every Lua 5.2+ field
// is nil and reported.
func TestProofUnavailableLibrary(t *testing.T) {
	ruletest.ProveBadGoodFor(t, "unavailable-library", nil, nil, func(tg target.Target) string {
		if tg.Global("os") == target.Present {
			return "attempt to call field 'time' (a nil value)"
		}
		return "Script attempted to access nonexistent global variable 'os'"
	})
	ruletest.ProveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		var globals, fields []string
		for g := range ruleutil.UnavailableGlobals {
			globals = append(globals, g)
		}
		for f := range unavailablelibrary.Lua52Fields {
			fields = append(fields, f)
		}
		sort.Strings(globals)
		sort.Strings(fields)
		for _, g := range globals {
			src := "return type(" + g + ")"
			got := ruletest.CmdMessagesFor("unavailable-library", src, tg)
			var r redistest.Reply
			if c != nil {
				r = c.MustEval(t, src, nil)
			}
			missing := r.Kind == redistest.Error && strings.Contains(r.Str, "Script attempted to access nonexistent global variable '"+g+"'")
			switch tg.Global(g) {
			case target.Absent:
				if len(got) != 1 || !strings.Contains(got[0], "nonexistent global variable '"+g+"'") {
					t.Errorf("%s: findings %q", g, got)
				}
				if c != nil && !missing {
					t.Errorf("%s on %s gave %s", g, tg, r)
				}
			case target.Present:
				if len(got) != 0 || missing {
					t.Errorf("%s on %s: findings %q, the server: %s", g, tg, got, r)
				}
			default:
				if len(got) != 0 {
					t.Errorf("%s (unsure on %s): findings %q", g, tg, got)
				}
				if c != nil {
					t.Logf("%s (unsure on %s): %s", g, tg, r)
				}
			}
		}
		// os from Redis 7.4 and Valkey 8.0: only clock.
		if tg.Global("os") == target.Present {
			for _, src := range []string{"return os.time()", "return os.getenv('HOME')"} {
				if got := ruletest.CmdMessagesFor("unavailable-library", src, tg); len(got) != 1 || !strings.Contains(got[0], "holds only os.clock") {
					t.Errorf("%s: findings %q", src, got)
				}
				if c != nil {
					if r := c.MustEval(t, src, nil); r.Kind != redistest.Error || !strings.Contains(r.Str, "(a nil value)") {
						t.Errorf("%s on %s gave %s", src, tg, r)
					}
				}
			}
			if got := ruletest.CmdMessagesFor("unavailable-library", "return type(os.clock())", tg); len(got) != 0 {
				t.Errorf("os.clock: findings %q", got)
			}
		}
		// A fallback for Lua 5.1 runs and is not reported.
		fallback := "return (table.unpack or unpack)({1, 2})"
		if got := ruletest.CmdMessagesFor("unavailable-library", fallback, tg); len(got) != 0 {
			t.Errorf("%s: findings %q", fallback, got)
		}
		if c != nil {
			if r := c.MustEval(t, fallback, nil); r.Kind != redistest.Integer || r.Int != 1 {
				t.Errorf("%s on %s gave %s", fallback, tg, r)
			}
		}
		for _, f := range []string{"SERVER_VERSION", "SERVER_VERSION_NUM"} {
			src := "return type(redis." + f + ")"
			if got := ruletest.CmdMessagesFor("unavailable-library", src, tg); len(got) != 1 {
				t.Errorf("%s: findings %q", src, got)
			}
			if c != nil {
				if r := c.MustEval(t, src, nil); r.Str != "nil" {
					t.Errorf("%s on %s gave %s", src, tg, r)
				}
			}
		}
		for _, f := range fields {
			src := "return type(" + f + ")"
			if got := ruletest.CmdMessagesFor("unavailable-library", src, tg); len(got) != 1 {
				t.Errorf("%s: findings %q", f, got)
			}
			if c != nil {
				if r := c.MustEval(t, src, nil); r.Str != "nil" {
					t.Errorf("type(%s) on Redis gave %s, want nil", f, r)
				}
			}
		}
		// The quoted errors for a call and for arithmetic on a nil field.
		for src, want := range map[string]string{
			"return table.pack(1)":       "attempt to call field 'pack' (a nil value)",
			"return math.maxinteger + 1": "attempt to perform arithmetic on field 'maxinteger' (a nil value)",
		} {
			got := ruletest.RuleFindings("unavailable-library", src)
			if len(got) != 1 || !strings.Contains(got[0], want) {
				t.Errorf("%s: findings %q", src, got)
			}
			if c != nil {
				if r := c.MustEval(t, src, nil); r.Kind != redistest.Error || !strings.Contains(r.Str, want) {
					t.Errorf("%s on Redis gave %s", src, r)
				}
			}
		}
		// The replacements the messages suggest work.
		if c == nil {
			return
		}
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
	})
}
