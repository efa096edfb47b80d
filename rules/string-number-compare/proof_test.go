package stringnumbercompare_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

func TestProofStringNumberCompare(t *testing.T) {
	const id = "string-number-compare"
	r := ruletest.Cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	if msgs := ruletest.OperandFindings(id, r.Doc.Good); len(msgs) != 0 {
		t.Errorf("the Good example is flagged: %q", msgs)
	}
	const badErr = "attempt to compare string with number"
	ruletest.OperandQuotes(t, id, r.Doc.Bad, badErr)
	// Example 07's first line: the key exists, the comparison always fails.
	ex07 := "if tonumber(ARGV[1]) < redis.call('GET', KEYS[1]) then return 0 end\nreturn 1"
	const ex07Err = "attempt to compare number with string"
	ruletest.OperandQuotes(t, id, ex07, ex07Err)
	if msgs := ruletest.OperandFindings("unguarded-nil-reply", ex07); len(msgs) != 0 {
		t.Errorf("example 07 is also flagged by unguarded-nil-reply: %q", msgs)
	}
	// Both argument orders, a bulk reply, and the exact message order.
	failing := []struct{ src, err string }{
		{"return ARGV[1] < 10", "attempt to compare string with number"},
		{"return ARGV[1] > 10", "attempt to compare number with string"},
		{"return 10 <= ARGV[1]", "attempt to compare number with string"},
		{"return redis.call('GET', KEYS[1]) > 0", "attempt to compare number with string"},
		{"return redis.call('GET', KEYS[1]) < 10", "attempt to compare string with number"},
		{"return redis.call('INCRBYFLOAT', KEYS[1], '0.5') >= 1", "attempt to compare number with string"},
	}
	for _, tc := range failing {
		ruletest.OperandQuotes(t, id, tc.src, tc.err)
	}
	// String with string and number with number compare without error:
	// silent.
	silent := []string{
		"return ARGV[1] < ARGV[2]",
		"return ARGV[1] < '10'",
		"return tonumber(ARGV[1]) > 0",
		"return #ARGV > 0",
		"return redis.call('GET', KEYS[1]) == 5",
	}
	for _, src := range silent {
		if msgs := ruletest.OperandFindings(id, src); len(msgs) != 0 {
			t.Errorf("%q is flagged: %q", src, msgs)
		}
	}

	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:count"}
		// Bad fails on the first call, whatever the limit.
		for _, limit := range []string{"5", "0", "abc"} {
			ruletest.OperandEvalError(t, c, r.Doc.Bad, keys, []string{limit}, badErr)
		}
		// Good counts up to the limit.
		c.MustDo(t, "DEL", keys[0])
		for i, want := range []int64{1, 1, 0} {
			if got := c.MustEval(t, r.Doc.Good, keys, "2"); got.Kind != redistest.Integer || got.Int != want {
				t.Errorf("Good call %d with limit 2 gave %s, want %d", i+1, got, want)
			}
		}
		c.MustDo(t, "SET", "proof:start", "100")
		for _, arg := range []string{"50", "500"} {
			ruletest.OperandEvalError(t, c, ex07, []string{"proof:start"}, []string{arg}, ex07Err)
		}
		c.MustDo(t, "SET", "proof:n", "5")
		for _, tc := range failing {
			ruletest.OperandEvalError(t, c, tc.src, []string{"proof:n"}, []string{"5"}, tc.err)
		}
		for _, src := range silent {
			if got := c.MustEval(t, src, []string{"proof:n"}, "9", "10"); got.Kind == redistest.Error {
				t.Errorf("%q failed: %s", src, got)
			}
		}
		// Two numeric strings ordered as text (imi's worker limiter): with
		// a limit of 10 the third INCR is refused at a count of 2; the
		// converted comparison admits ten.
		const asText = "local num = redis.call('GET', KEYS[1])\nif num and num >= ARGV[1] then return 0 end\nredis.call('INCR', KEYS[1])\nreturn 1"
		const asNumbers = "local num = redis.call('GET', KEYS[1])\nif num and tonumber(num) >= tonumber(ARGV[1]) then return 0 end\nredis.call('INCR', KEYS[1])\nreturn 1"
		if msgs := ruletest.OperandFindings(id, asText); len(msgs) != 1 {
			t.Errorf("the text comparison gives %q, want one finding", msgs)
		}
		if msgs := ruletest.OperandFindings(id, asNumbers); len(msgs) != 0 {
			t.Errorf("the converted comparison is flagged: %q", msgs)
		}
		for _, tc := range []struct {
			src     string
			granted int
		}{{asText, 2}, {asNumbers, 10}} {
			c.MustDo(t, "DEL", keys[0])
			granted := 0
			for range 12 {
				if got := c.MustEval(t, tc.src, keys, "10"); got.Kind == redistest.Integer && got.Int == 1 {
					granted++
				}
			}
			if granted != tc.granted {
				t.Errorf("%q with limit 10 granted %d of 12, want %d", tc.src, granted, tc.granted)
			}
		}
		// An argument compared by == with a number (litestar's
		// maxlen_approx == 1): never equal, the branch never runs; the
		// converted and the string comparisons take it.
		const eqNumber = "if ARGV[1] == 1 then return 'approx' end\nreturn 'exact'"
		if msgs := ruletest.OperandFindings(id, eqNumber); len(msgs) != 1 {
			t.Errorf("the equality with a number gives %q, want one finding", msgs)
		}
		for _, src := range []string{eqNumber, "if tonumber(ARGV[1]) == 1 then return 'approx' end\nreturn 'exact'", "if ARGV[1] == '1' then return 'approx' end\nreturn 'exact'"} {
			want := "approx"
			if src == eqNumber {
				want = "exact"
			} else if msgs := ruletest.OperandFindings(id, src); len(msgs) != 0 {
				t.Errorf("%q is flagged: %q", src, msgs)
			}
			if got := c.MustEval(t, src, nil, "1"); got.Str != want {
				t.Errorf("%q with ARGV[1] '1' gave %s, want %s", src, got, want)
			}
		}
	})
}
