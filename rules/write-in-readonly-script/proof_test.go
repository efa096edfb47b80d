package writeinreadonlyscript_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

const readonlyErr = "ERR Write commands are not allowed from read-only scripts"

func TestProofWriteInReadonlyScript(t *testing.T) {
	const id = "write-in-readonly-script"
	r := ruletest.Cat.ByID(id)
	ruletest.ProveForTargets(t, func(t *testing.T, tg target.Target, c *redistest.Conn) {
		if c != nil {
			c.MustDo(t, "SET", "k", "5")
		}
		ruletest.CmdProve(t, c, id, r.Doc.Bad, tg, readonlyErr, "'"+ruletest.ServerText(t, tg, target.ErrReadOnlyWrite)+"'", "k")
		if c != nil {
			if got := c.MustDo(t, "GET", "k"); got.Str != "5" {
				t.Errorf("k = %s after the refused INCR, want \"5\"", got)
			}
		}
		ruletest.CmdProve(t, c, id, r.Doc.Good, tg, "", "", "k")
		for _, src := range []string{
			"#!lua flags=no-writes\nreturn redis.call('SET', KEYS[1], 'x')",
			"#!lua flags=no-writes\nreturn redis.call('PUBLISH', 'ch', 'm')",
			"#!lua flags=no-writes\nreturn redis.call('PFCOUNT', KEYS[1])",
			"#!lua flags=no-writes\nreturn redis.call('SORT', KEYS[1])",
			"#!lua flags=no-writes,allow-stale\nlocal function bump(k) return redis.call('EXPIRE', k, 10) end\nreturn bump(KEYS[1])",
		} {
			ruletest.CmdProve(t, c, id, src, tg, readonlyErr, "", "k")
		}
		for _, src := range []string{
			"#!lua flags=no-writes\nreturn redis.call('SORT_RO', 'nolist')",
			"#!lua flags=allow-oom\nreturn redis.call('PUBLISH', 'ch', 'm')",
			"return redis.call('SET', KEYS[1], 'x')",
		} {
			ruletest.CmdProve(t, c, id, src, tg, "", "", "k")
		}
	})
}

// TestProofWriteInReadonlyFunction loads a library whose no-writes function
// writes directly, through a closure and through a helper it shares with a
// writable function.
func TestProofWriteInReadonlyFunction(t *testing.T) {
	const id = "write-in-readonly-script"
	const lib = `#!lua name=rolib
local function touch(k)
  redis.call('HSET', k, 'seen', 1)
  return redis.call('HGET', k, 'seen')
end
redis.register_function{function_name = 'ro_direct', flags = {'no-writes'},
  callback = function(keys, args) return redis.call('SET', keys[1], 'x') end}
redis.register_function{function_name = 'ro_helper', flags = {'no-writes'},
  callback = function(keys, args) return touch(keys[1]) end}
redis.register_function{function_name = 'ro_closure', flags = {'no-writes'},
  callback = function(keys, args)
    local inner = function() return redis.call('DEL', keys[1]) end
    return inner()
  end}
redis.register_function{function_name = 'ro_read', flags = {'no-writes'},
  callback = function(keys, args) return redis.call('GET', keys[1]) end}
redis.register_function('rw_helper', function(keys, args) return touch(keys[1]) end)
`
	msgs := ruletest.CmdMessages(id, lib, "")
	if len(msgs) != 3 {
		t.Fatalf("lint gives %d findings on the library, want 3 (SET, HSET through touch, DEL): %q", len(msgs), msgs)
	}
	for i, want := range []string{"HSET writes in helper touch, called from function \"ro_helper\"", "SET writes in function \"ro_direct\"", "DEL writes in function \"ro_closure\""} {
		if !strings.Contains(msgs[i], want) {
			t.Errorf("finding %d = %q, want it to contain %q", i, msgs[i], want)
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		if got := c.MustDo(t, "FUNCTION", "LOAD", lib); got.Kind != redistest.Bulk || got.Str != "rolib" {
			t.Fatalf("FUNCTION LOAD gave %s", got)
		}
		for _, fn := range []string{"ro_direct", "ro_helper", "ro_closure"} {
			if got := c.MustDo(t, "FCALL", fn, "1", "fk"); got.Kind != redistest.Error || !strings.Contains(got.Str, readonlyErr) {
				t.Errorf("FCALL %s gave %s, want %q", fn, got, readonlyErr)
			}
		}
		for _, fn := range []string{"ro_read", "rw_helper"} {
			if got := c.MustDo(t, "FCALL", fn, "1", "fk"); got.Kind == redistest.Error {
				t.Errorf("FCALL %s failed: %s", fn, got)
			}
		}
	})
}
