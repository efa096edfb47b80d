package commandarity_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

func TestProofCommandArity(t *testing.T) {
	const id = "command-arity"
	r := ruletest.Cat.ByID(id)
	ruletest.ProveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		wrongArgs := ruletest.ServerText(t, tg, target.ErrWrongArity)
		noArgs := ruletest.ServerText(t, tg, target.ErrNoArgs)
		ruletest.CmdProve(t, c, id, r.Doc.Bad, tg, wrongArgs, "'"+wrongArgs+"'", "k")
		ruletest.CmdProve(t, c, id, r.Doc.Good, tg, "", "", "k")
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
			ruletest.CmdProve(t, c, id, src, tg, wrongArgs, "'"+wrongArgs+"'", "k")
		}
		// unpack of a table that is empty as a command's only values: an
		// empty reply, a table filled from one, and the caller's ARGV.
		for _, src := range []string{
			"local t = redis.call('LRANGE', KEYS[1], 0, -1)\nreturn redis.call('RPUSH', KEYS[2], unpack(t))",
			"local ids = {}\nfor _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do table.insert(ids, 'job:' .. id) end\nreturn redis.call('DEL', unpack(ids))",
			"return redis.call('ZADD', KEYS[2], unpack(redis.call('ZRANGE', KEYS[1], 0, 9, 'WITHSCORES')))",
			"local t = redis.call('SPOP', KEYS[1], 5)\nreturn redis.call('SADD', KEYS[2], unpack(t))",
			"return redis.call('SADD', KEYS[2], unpack(ARGV))",
			"return redis.call('HSET', KEYS[2], unpack(redis.call('HGETALL', KEYS[1])))",
		} {
			ruletest.CmdProve(t, c, id, src, tg, wrongArgs, "'"+wrongArgs+"'", "empty:src", "empty:dst")
		}
		for _, src := range []string{
			"local t = redis.call('LRANGE', KEYS[1], 0, -1)\nif #t == 0 then return 0 end\nreturn redis.call('RPUSH', KEYS[2], unpack(t))",
			"local t = redis.call('SMEMBERS', KEYS[1])\nif next(t) then redis.call('SADD', KEYS[2], unpack(t)) end\nreturn 1",
			"local t = redis.call('LRANGE', KEYS[1], 0, -1)\nreturn redis.call('RPUSH', KEYS[2], 'marker', unpack(t))",
			"redis.call('RPUSH', KEYS[1], 'a')\nlocal t = redis.call('LRANGE', KEYS[1], 0, -1)\nreturn redis.call('RPUSH', KEYS[2], unpack(t))",
		} {
			ruletest.CmdProve(t, c, id, src, tg, "", "", "empty:src", "empty:dst")
		}
		for _, src := range []string{"return redis.call()", "return redis.pcall()"} {
			ruletest.CmdProve(t, c, id, src, tg, noArgs, "'"+noArgs+"'")
		}
		if c != nil {
			if got := c.MustEval(t, "return redis.pcall().err", nil); got.Str != noArgs {
				t.Errorf("redis.pcall().err = %s, want %q", got, noArgs)
			}
		}
		for _, src := range []string{
			"return redis.call('GET', KEYS[1])",
			"if #KEYS == 0 then return 0 end return redis.call('DEL', unpack(KEYS))",
			"return redis.call('MGET', KEYS[1], unpack({'a', 'b'}))",
			"return redis.call('OBJECT', 'ENCODING', 'missing')",
		} {
			ruletest.CmdProve(t, c, id, src, tg, "", "", "k")
		}
	})
}
