package floatreturn_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofFloatReturn: a returned Lua number is truncated toward zero, and
// inf, NaN and out-of-range numbers become INT64_MIN (facts A4).
func TestProofFloatReturn(t *testing.T) {
	const id = "float-return"
	r := ruletest.Cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:used"}
	cases := []ruletest.ReplyRuleCase{
		// 10 / 4 is 2.5: Bad replies 2, Good "2.5".
		{Src: r.Doc.Bad, Keys: keys, Args: []string{"10"}, Want: "(integer) 2", Flagged: true},
		{Src: r.Doc.Good, Keys: keys, Args: []string{"10"}, Want: `"2.5"`},
		{Src: "return 3.99", Want: "(integer) 3", Flagged: true},
		{Src: "return -3.99", Want: "(integer) -3", Flagged: true},
		{Src: "return {1, 2.5, 'a'}", Want: "1) (integer) 1\n2) (integer) 2\n3) \"a\"", Flagged: true},
		{Src: "return {1, {7.5}}", Want: "1) (integer) 1\n2) 1) (integer) 7", Flagged: true},
		{Src: "return 1 / 0", Want: "(integer) -9223372036854775808", Flagged: true},
		{Src: "return 1e20", Want: "(integer) -9223372036854775808", Flagged: true},
		{Src: "local avg = tonumber(ARGV[1]) / 3\nreturn avg", Args: []string{"10"}, Want: "(integer) 3", Flagged: true},
		{Src: "return tonumber(ARGV[1]) * 1.5", Args: []string{"5"}, Want: "(integer) 7", Flagged: true},
		// The right forms.
		{Src: "return tostring(3.99)", Want: `"3.99"`},
		{Src: "return math.floor(tonumber(ARGV[1]) / 4)", Args: []string{"10"}, Want: "(integer) 2"},
		{Src: "return {double = 2.5}", Want: `"2.5"`},
		{Src: "return 10 / 2", Want: "(integer) 5"},
		{Src: "local n = tonumber(ARGV[1])\nreturn (n - n % 4) / 4", Args: []string{"10"}, Want: "(integer) 2"},
		// A helper's return reaches Redis only when the script returns it.
		{Src: "local function half(x) return x / 2 end\nreturn half(5)", Want: "(integer) 2", Flagged: true},
		{Src: "local function half(x) return x / 2 end\nreturn tostring(half(5))", Want: `"2.5"`},
	}
	// A registered function's return is truncated the same way.
	lib := "#!lua name=proofstats\nredis.register_function('ratio', function(keys, args)\n  return tonumber(args[1]) / tonumber(args[2])\nend)"
	ruletest.LintReplyRuleCases(t, id, cases)
	if !ruletest.FlaggedBy(id, lib) {
		t.Errorf("%q is not flagged", lib)
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		ruletest.RunReplyRuleCases(t, c, cases)
		c.MustDo(t, "FLUSHALL")
		if got := c.MustDo(t, "FUNCTION", "LOAD", lib); got.Str != "proofstats" {
			t.Fatalf("FUNCTION LOAD gave %s", got)
		}
		if got := c.MustDo(t, "FCALL", "ratio", "0", "7", "2"); got.String() != "(integer) 3" {
			t.Errorf("FCALL ratio 0 7 2 gave %s, want (integer) 3", got)
		}
	})
}
