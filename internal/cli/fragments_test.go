package cli

import (
	"slices"
	"strings"
	"testing"
)

// TestFragments: a file whose undefined globals another .lua file of its
// folder defines at its top level is a fragment a loader joins with it
// (bottleneck sends refs.lua and its headers before each script): one info
// finding for the file, naming the sibling, instead of an error per use. A
// name no sibling defines at its top level (only inside a function) stays
// an error at each use, and so does every name of a file alone in its
// folder. An assignment to a name a sibling declares local is the same: one
// info finding (global-assignment) instead of an error per assignment; one
// to a name the sibling only assigns as a global stays an error.
func TestFragments(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"joined/refs.lua":  "local settings_key = KEYS[1]\nlocal now = tonumber(ARGV[1])\n",
		"joined/tick.lua":  "local process_tick = function(n)\n  local hidden = 1\n  return redis.call('HGET', settings_key, 'x')\nend\n",
		"joined/check.lua": "local w = tonumber(ARGV[2])\nif process_tick(now) then return hidden end\nreturn redis.call('HGET', settings_key, 'y')\n",
		"alone/check.lua":  "return process_tick(now)\n",
		// An assignment to a name a header declares sets that local once
		// joined: one info finding; alone, it fails.
		"joined/count.lua": "now = now + 1\nsettings_key = KEYS[2]\nreturn now\n",
		"alone/count.lua":  "now = 1\nreturn now\n",
		// A header that only assigns the name as a global declares no local
		// for the assignment to set: both fail.
		"assigned/head.lua": "total = 0\n",
		"assigned/use.lua":  "total = total + 1\nreturn total\n",
		// A script that returns or branches at its top level is no header:
		// a name it defines does not make a sibling that uses it undefined
		// a fragment.
		"scripts/a.lua": "local start_index = tonumber(ARGV[1])\nreturn redis.call('LRANGE', KEYS[1], start_index, -1)\n",
		"scripts/c.lua": "local expireDateScore = redis.call('ZSCORE', KEYS[1], ARGV[1])\nif expireDateScore then redis.call('DEL', KEYS[2]) end\n",
		"scripts/d.lua": "if tonumber(expireDateScore) <= tonumber(ARGV[1]) then redis.call('DEL', KEYS[1]) end\n",
		"scripts/b.lua": "return redis.call('LRANGE', KEYS[1], start_index, -1)\n",
	})
	// The files alone/ and assigned/ show no Redis script (no KEYS, ARGV or
	// redis.*) and no file includes them: by default they are skipped
	// (TestMixedRepository); these runs lint them to see what a lint of
	// each says.
	for _, args := range [][]string{{"--all-lua", "--format", "json", "."}, {"--all-lua", "--format", "json", "--fix", "."}} {
		got := decode(t, in(t, dir, args...)).findings()
		want := []string{
			"alone/check.lua:1:undefined-global:error",
			"alone/check.lua:1:undefined-global:error",
			"alone/count.lua:1:global-assignment:error",
			"assigned/head.lua:1:global-assignment:error",
			"assigned/use.lua:1:global-assignment:error",
			"joined/check.lua:2:undefined-global:error",
			"joined/check.lua:2:undefined-global:info",
			"joined/count.lua:1:global-assignment:info",
			"joined/tick.lua:3:undefined-global:info",
			"scripts/b.lua:1:undefined-global:error",
			"scripts/d.lua:1:undefined-global:error",
		}
		slices.Sort(got)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%v:\ngot  %s\nwant %s", args, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
		}
	}
	for file, msg := range map[string]string{
		"joined/check.lua": "global process_tick (+2 more) is defined only by sibling tick.lua, as in a fragment",
		"joined/count.lua": "assignment to now (+1 more), declared only by sibling refs.lua, as in a fragment",
	} {
		o := decode(t, in(t, dir, "--format", "json", file))
		for _, d := range o.Diagnostics {
			if d.Severity == "info" && d.Message != msg {
				t.Errorf("%s: fragment finding %q, want %q", file, d.Message, msg)
			}
		}
	}
}
