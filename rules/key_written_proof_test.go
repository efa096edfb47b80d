package rules_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProofKeySetBefore: a key the script has set is there for the rest of
// the script, even with a 1 ms TTL and a 50 ms busy loop in between (Redis
// does not expire keys while a script runs), and SET NX that finds the key
// leaves it there too; so the GET after it is not null, and nil-argument
// and unguarded-nil-reply stay silent on it.
func TestProofKeySetBefore(t *testing.T) {
	src := `redis.call('SET', KEYS[1], 'v', 'PX', 1, 'NX')
local t0 = redis.call('TIME')
while true do
  local t = redis.call('TIME')
  if (t[1] - t0[1]) * 1000000 + (t[2] - t0[2]) > 50000 then break end
end
local again = redis.call('SET', KEYS[1], 'w', 'NX')
return {redis.call('GET', KEYS[1]), tostring(again), redis.call('GET', KEYS[1]) .. '!'}`
	for _, id := range []string{"nil-argument", "unguarded-nil-reply"} {
		if ruletest.Flags(t, id, src) {
			t.Errorf("%s flags a GET of the key the script just set", id)
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		r := c.MustEval(t, src, []string{"proof:frozen"})
		if r.Kind != redistest.Array || len(r.Array) != 3 || r.Array[0].Str != "v" || r.Array[1].Str != "false" || r.Array[2].Str != "v!" {
			t.Fatalf("got %s, want [v false v!]", r)
		}
	})
}
