package checkthenact_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofCheckThenAct runs the documented examples with 1 in stock and a
// quantity of 5 (facts F(c)): Bad passes its guard and leaves -4, Good
// refuses and leaves the stock at 1.
func TestProofCheckThenAct(t *testing.T) {
	r := ruletest.Cat.ByID("check-then-act")
	if !ruletest.FlaggedBy(r.ID, r.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if ruletest.FlaggedBy(r.ID, r.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"stock"}

		c.MustDo(t, "SET", "stock", "1")
		if got := c.MustEval(t, r.Doc.Bad, keys, "5"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Errorf("Bad with stock 1 and quantity 5 gave %s, want 1 (accepted)", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "-4" {
			t.Errorf("after Bad the stock is %s, want -4", got)
		}

		c.MustDo(t, "SET", "stock", "1")
		if got := c.MustEval(t, r.Doc.Good, keys, "5"); got.Kind != redistest.Integer || got.Int != 0 {
			t.Errorf("Good with stock 1 and quantity 5 gave %s, want 0 (refused)", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "1" {
			t.Errorf("after Good the stock is %s, want 1", got)
		}
		// Good still sells what is there.
		c.MustDo(t, "SET", "stock", "5")
		if got := c.MustEval(t, r.Doc.Good, keys, "5"); got.Kind != redistest.Integer || got.Int != 1 {
			t.Errorf("Good with stock 5 and quantity 5 gave %s, want 1", got)
		}
		if got := c.MustDo(t, "GET", "stock"); got.Str != "0" {
			t.Errorf("after Good the stock is %s, want 0", got)
		}
	})
}

// TestProofCheckThenActDifference: xiao-y-learn's decrStock.lua guards the
// decrement by num through count = tonumber(store - num), and subtracts
// the stock read itself when the order is larger: on Redis the stock ends
// at 0 or above for every amount, and the rule says nothing of it.
func TestProofCheckThenActDifference(t *testing.T) {
	src := "local key = KEYS[1]\nlocal num = tonumber(ARGV[1])\nlocal mode = tonumber(ARGV[2])\n" +
		"local store = tonumber(redis.call('get', key))\nlocal count = tonumber(store - num)\n" +
		"if (num <= 0 or store <= 0) then\n  return 0\nelseif (count < 0) then\n  if (mode == 1) then\n" +
		"    redis.call('incrby', key, -store)\n    return store\n  end\n  return 0\nelseif (count >= 0) then\n" +
		"  redis.call('incrby', key, -num)\n  return num\nend\nreturn -99"
	if ruletest.FlaggedBy("check-then-act", src) {
		t.Error("decrStock is flagged")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		for _, tc := range []struct{ stock, num, mode, left string }{
			{"3", "5", "1", "0"}, {"3", "2", "0", "1"}, {"3", "5", "0", "3"}, {"1", "5", "1", "0"}, {"5", "5", "0", "0"},
		} {
			c.MustDo(t, "SET", "proof:stock", tc.stock)
			c.MustEval(t, src, []string{"proof:stock"}, tc.num, tc.mode)
			if got := c.MustDo(t, "GET", "proof:stock"); got.Str != tc.left {
				t.Errorf("stock %s, num %s, mode %s left %s, want %s", tc.stock, tc.num, tc.mode, got, tc.left)
			}
		}
		c.MustDo(t, "DEL", "proof:stock")
	})
}
