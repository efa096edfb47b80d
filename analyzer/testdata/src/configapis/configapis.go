// Package configapis runs its scripts through APIs .lint-lua.yaml names
// (script_apis:): each call's script argument is a script, linted where it
// is written, and its numkeys or keys argument is checked against the
// KEYS the script reads.
package configapis

import "context"

// runner is the package's own client: nothing shows its methods reach
// Redis but the configuration.
type runner interface {
	RunLua(ctx context.Context, src string, numkeys int, keysAndArgs ...interface{}) (interface{}, error)
	RunPython(src string) error
}

type conn struct{}

func evalKeys(ctx context.Context, c *conn, src string, keys []string, args ...interface{}) error {
	return nil
}

func use(ctx context.Context, r runner, c *conn) {
	r.RunLua(ctx, "return redis.call('GETT', KEYS[1])", 1, "k") // want `"GETT" is not a known command`
	r.RunLua(ctx, "return redis.call('GET', KEYS[2])", 1, "k")  // want `the script reads KEYS\[2\] on line 24 but RunLua passes 1 key \(keys-count-mismatch\)`
	r.RunLua(ctx, "return redis.call('GET', KEYS[1])", 1, "k")
	evalKeys(ctx, c, "return redis.call('MGET', KEYS[1], KEYS[2])", []string{"{a}1"}) // want `the script reads KEYS\[2\] on line 26 but evalKeys passes 1 key \(keys-count-mismatch\)`
	evalKeys(ctx, c, "return redis.call('MGET', KEYS[1], KEYS[2])", []string{"{a}1", "{a}2"})
	// An entry for Python only: not a Go script API.
	r.RunPython("return redis.call('GETT', KEYS[1])")
}

// get hands its parameter to RunLua: its callers' arguments are scripts.
func get(ctx context.Context, r runner, src string) { // want get:"script source parameter 2 reaches RunLua"
	r.RunLua(ctx, src, 1, "k")
}

func viaHelper(ctx context.Context, r runner) {
	get(ctx, r, "return redis.call('HGETT', KEYS[1], 'f')") // want `"HGETT" is not a known command`
}
