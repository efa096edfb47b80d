package redistest

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/target"
)

// ServerTarget is the target that names the test server, so that a proof
// lints for the server it runs on and holds on any Redis or Valkey: its
// Valkey version when redis.VALKEY_VERSION is set (redis-facts.md H4), its
// Redis version otherwise, and the modules it loads (none: a proof fails
// on a server with modules, whose commands it does not expect).
func ServerTarget(t testing.TB, c *Conn) target.Target {
	t.Helper()
	r := c.MustEval(t, "return {redis.REDIS_VERSION, redis.VALKEY_VERSION}", nil)
	if r.Kind != Array || len(r.Array) == 0 {
		t.Fatalf("version fields: %s", r)
	}
	name := "redis-" + r.Array[0].Str
	if len(r.Array) == 2 {
		name = "valkey-" + r.Array[1].Str
	}
	tg, err := target.Parse(name)
	if err != nil {
		t.Fatalf("the server's target %q: %v", name, err)
	}
	if m := c.MustDo(t, "MODULE", "LIST"); m.Kind != Array || len(m.Array) != 0 {
		t.Fatalf("the server loads modules (%s): the proofs need a server without them", m)
	}
	return tg.WithModules(nil)
}
