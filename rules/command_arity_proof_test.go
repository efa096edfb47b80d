package rules

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
)

func TestProofCommandArity(t *testing.T) {
	const id = "command-arity"
	r := ByID(id)
	proveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		wrongArgs := serverText(t, tg, target.ErrWrongArity)
		noArgs := serverText(t, tg, target.ErrNoArgs)
		cmdProve(t, c, id, r.Doc.Bad, tg, wrongArgs, "'"+wrongArgs+"'", "k")
		cmdProve(t, c, id, r.Doc.Good, tg, "", "", "k")
		for _, src := range []string{
			"return redis.call('GET')",
			"return redis.call('GET', KEYS[1], KEYS[1])",
			"return redis.call('HSET', KEYS[1], 'f')",
			"return redis.call('CONFIG')",
			"return redis.call('OBJECT')",
			"return redis.call('OBJECT', 'ENCODING')",
			"return redis.call('CONFIG', 'GET')",
			"return redis.call('GET', KEYS[1], KEYS[1], unpack({'a'}))",
		} {
			cmdProve(t, c, id, src, tg, wrongArgs, "'"+wrongArgs+"'", "k")
		}
		for _, src := range []string{"return redis.call()", "return redis.pcall()"} {
			cmdProve(t, c, id, src, tg, noArgs, "'"+noArgs+"'")
		}
		if c != nil {
			if got := c.MustEval(t, "return redis.pcall().err", nil); got.Str != noArgs {
				t.Errorf("redis.pcall().err = %s, want %q", got, noArgs)
			}
		}
		for _, src := range []string{
			"return redis.call('GET', KEYS[1])",
			"return redis.call('DEL', unpack(KEYS))",
			"return redis.call('MGET', KEYS[1], unpack({'a', 'b'}))",
			"return redis.call('OBJECT', 'ENCODING', 'missing')",
		} {
			cmdProve(t, c, id, src, tg, "", "", "k")
		}
	})
}
