package cli

import (
	"testing"
)

// TestSuppressRanges: ignore-start ... ignore-end works in a host
// language's comments as in Lua's, and require_reason: true makes an
// ignore without a reason an invalid-ignore.
func TestSuppressRanges(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"app.py": "import redis\nr = redis.Redis()\n" +
			"# lint-lua: ignore-start undeclared-key -- one node\n" +
			"r.eval(\"return redis.call('GET', 'a')\", 0)\n" +
			"r.eval(\"return redis.call('GET', 'b')\", 0)\n" +
			"# lint-lua: ignore-end undeclared-key\n" +
			"r.eval(\"return redis.call('GET', 'c')\", 0)\n",
		"s.lua": "redis.call('GET', 'k') -- lint-lua: ignore undeclared-key\n" +
			"redis.call('GET', 'k') -- lint-lua: ignore undeclared-key -- one node\n",
	})
	r := in(t, dir, "--format", "json", "--only", "undeclared-key,invalid-ignore", ".")
	if got, want := decode(t, r).findings(), []string{"app.py:7:undeclared-key:warning"}; !equal(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
	tree(t, dir, map[string]string{".lint-lua.yaml": "require_reason: true\n"})
	r = in(t, dir, "--format", "json", "--only", "undeclared-key,invalid-ignore", ".")
	if got, want := decode(t, r).findings(), []string{"app.py:7:undeclared-key:warning", "s.lua:1:invalid-ignore:warning"}; !equal(got, want) {
		t.Errorf("with require_reason: findings %v, want %v", got, want)
	}
}
