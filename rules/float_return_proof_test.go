package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
)

// TestProofFloatReturn: a returned Lua number is truncated toward zero, and
// inf, NaN and out-of-range numbers become INT64_MIN (facts A4).
func TestProofFloatReturn(t *testing.T) {
	const id = "float-return"
	r := cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	keys := []string{"proof:used"}
	cases := []replyRuleCase{
		// 10 / 4 is 2.5: Bad replies 2, Good "2.5".
		{src: r.Doc.Bad, keys: keys, args: []string{"10"}, want: "(integer) 2", flagged: true},
		{src: r.Doc.Good, keys: keys, args: []string{"10"}, want: `"2.5"`},
		{src: "return 3.99", want: "(integer) 3", flagged: true},
		{src: "return -3.99", want: "(integer) -3", flagged: true},
		{src: "return {1, 2.5, 'a'}", want: "1) (integer) 1\n2) (integer) 2\n3) \"a\"", flagged: true},
		{src: "return {1, {7.5}}", want: "1) (integer) 1\n2) 1) (integer) 7", flagged: true},
		{src: "return 1 / 0", want: "(integer) -9223372036854775808", flagged: true},
		{src: "return 1e20", want: "(integer) -9223372036854775808", flagged: true},
		{src: "local avg = tonumber(ARGV[1]) / 3\nreturn avg", args: []string{"10"}, want: "(integer) 3", flagged: true},
		{src: "return tonumber(ARGV[1]) * 1.5", args: []string{"5"}, want: "(integer) 7", flagged: true},
		// The right forms.
		{src: "return tostring(3.99)", want: `"3.99"`},
		{src: "return math.floor(tonumber(ARGV[1]) / 4)", args: []string{"10"}, want: "(integer) 2"},
		{src: "return {double = 2.5}", want: `"2.5"`},
		{src: "return 10 / 2", want: "(integer) 5"},
		{src: "local n = tonumber(ARGV[1])\nreturn (n - n % 4) / 4", args: []string{"10"}, want: "(integer) 2"},
		// A helper's return reaches Redis only when the script returns it.
		{src: "local function half(x) return x / 2 end\nreturn half(5)", want: "(integer) 2", flagged: true},
		{src: "local function half(x) return x / 2 end\nreturn tostring(half(5))", want: `"2.5"`},
	}
	// A registered function's return is truncated the same way.
	lib := "#!lua name=proofstats\nredis.register_function('ratio', function(keys, args)\n  return tonumber(args[1]) / tonumber(args[2])\nend)"
	lintReplyRuleCases(t, id, cases)
	if !flaggedBy(id, lib) {
		t.Errorf("%q is not flagged", lib)
	}
	onRedis(t, func(t *testing.T, c *redistest.Conn) {
		runReplyRuleCases(t, c, cases)
		c.MustDo(t, "FLUSHALL")
		if got := c.MustDo(t, "FUNCTION", "LOAD", lib); got.Str != "proofstats" {
			t.Fatalf("FUNCTION LOAD gave %s", got)
		}
		if got := c.MustDo(t, "FCALL", "ratio", "0", "7", "2"); got.String() != "(integer) 3" {
			t.Errorf("FCALL ratio 0 7 2 gave %s, want (integer) 3", got)
		}
	})
}
