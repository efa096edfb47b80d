package luapatterninjection_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofLuaPatternInjection: with an id holding a '-', the Bad example's
// pattern search misses the job that is there, and the Good example's plain
// search finds it.
func TestProofLuaPatternInjection(t *testing.T) {
	const id = "lua-pattern-injection"
	r := ruletest.Cat.ByID(id)
	if n := len(ruletest.OperandFindings(id, r.Doc.Bad)); n != 1 {
		t.Errorf("the Bad example gets %d findings, want 1", n)
	}
	if msgs := ruletest.OperandFindings(id, r.Doc.Good); len(msgs) != 0 {
		t.Errorf("the Good example is flagged: %q", msgs)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:jobs"}
		c.MustDo(t, "DEL", keys[0])
		c.MustDo(t, "RPUSH", keys[0], "job-1:payload")
		if got := c.MustEval(t, r.Doc.Bad, keys, "job-1"); !got.Nil {
			t.Errorf("Bad with id job-1 gave %s, want a miss (nil): '-' is magic in a pattern", got)
		}
		if got := c.MustEval(t, r.Doc.Good, keys, "job-1"); got.Str != "job-1:payload" {
			t.Errorf("Good with id job-1 gave %s, want the job", got)
		}
		// The escape the help gives, in parentheses, finds the id with its
		// magic characters; without them gsub's count (2 for two '-') becomes
		// find's start, and the search from byte 2 misses.
		escaped := "return string.find(ARGV[2], (ARGV[1]:gsub('%p', '%%%0'))) or false"
		bare := "return string.find(ARGV[2], ARGV[1]:gsub('%p', '%%%0')) or false"
		if got := c.MustEval(t, escaped, nil, "a-b-c", "a-b-c:x"); got.Int != 1 {
			t.Errorf("the escaped search gave %s, want a match at 1", got)
		}
		if got := c.MustEval(t, bare, nil, "a-b-c", "a-b-c:x"); !got.Nil {
			t.Errorf("the search without parentheses gave %s, want a miss", got)
		}
		c.MustDo(t, "DEL", keys[0])
	})
}

// TestProofFormatInjection: a '%' in a caller's value built into the format
// of string.format fails the script or formats another key; passed as a
// value it is kept as it is.
func TestProofFormatInjection(t *testing.T) {
	const id = "lua-pattern-injection"
	bad := "return redis.call('SET', string.format(KEYS[1] .. ':%d', tonumber(ARGV[1])), 'v')"
	bare := "return string.format(ARGV[1])"
	good := "return redis.call('SET', string.format('%s:%d', KEYS[1], tonumber(ARGV[1])), 'v')"
	for _, src := range []string{bad, bare} {
		if n := len(ruletest.OperandFindings(id, src)); n != 1 {
			t.Errorf("%q gets %d findings, want 1", src, n)
		}
	}
	if msgs := ruletest.OperandFindings(id, good); len(msgs) != 0 {
		t.Errorf("%q is flagged: %q", good, msgs)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		for _, tc := range []struct {
			src, key, arg, want string
		}{
			{bad, "rate%", "7", "invalid option '%:' to 'format'"},
			{bad, "rate:%s", "7", "bad argument #3 to 'format' (no value)"},
			{bare, "", "100%", "bad argument #2 to 'format' (no value)"},
			{bad, "rate%z", "7", "invalid option '%z' to 'format'"},
		} {
			var keys []string
			if tc.key != "" {
				keys = []string{tc.key}
			}
			got := c.MustEval(t, tc.src, keys, tc.arg)
			if got.Kind != redistest.Error || !strings.Contains(got.Str, tc.want) {
				t.Errorf("%q with %q %q gave %s, want an error containing %q", tc.src, tc.key, tc.arg, got, tc.want)
			}
		}
		// '%%' formats another key than the one the caller named.
		c.MustEval(t, bad, []string{"rate%%x"}, "7")
		if got := c.MustDo(t, "EXISTS", "rate%x:7"); got.Int != 1 {
			t.Errorf("the Bad form with key rate%%%%x wrote %s, want the key rate%%x:7", got)
		}
		if got := c.MustEval(t, good, []string{"rate%"}, "7"); got.Kind == redistest.Error {
			t.Errorf("the good form with key rate%% failed: %s", got)
		}
		if got := c.MustDo(t, "EXISTS", "rate%:7"); got.Int != 1 {
			t.Errorf("the good form did not write rate%%:7: %s", got)
		}
	})
}
