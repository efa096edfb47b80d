package invalidshebang_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruletest"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

const regF = "\nredis.register_function('f', function(keys, args) return 1 end)"

var headerCases = []ruletest.HeaderCase{
	// EVAL scripts (facts C10).
	{Src: "#!lua\nreturn 1"},
	{Src: "#!lua flags=no-writes,allow-oom,allow-stale,no-cluster,allow-cross-slot-keys\nreturn 1"},
	{Src: "#!lua flags=\nreturn 1"},
	{Src: "#!lua  flags=no-writes\nreturn 1"},
	// Redis splits at any white space and reads quotes; not judged.
	{Src: "#!lua\tflags=no-writes\nreturn 1"},
	{Src: "#!lua flags=\"no-writes\"\nreturn 1"},
	{Src: "#!python\nreturn 1", RedisErr: "ERR Unexpected engine in script shebang: #!python",
		Want: []string{`^unknown script engine python — EVAL fails with 'ERR Unexpected engine in script shebang: #!python'`}},
	{Src: "#!LUA\nreturn 1", RedisErr: "ERR Unexpected engine in script shebang: #!LUA",
		Want: []string{`unknown script engine LUA.*case-sensitively`}},
	{Src: "#!\nreturn 1", RedisErr: "ERR Unexpected engine in script shebang: #!",
		Want: []string{`names no engine`}},
	{Src: "#! lua\nreturn 1", RedisErr: "ERR Unexpected engine in script shebang: #!",
		Want: []string{`names no engine`}},
	{Src: "#!lua flags=bogus\nreturn 1", RedisErr: "ERR Unexpected flag in script shebang: bogus",
		Want: []string{`^unknown script flag bogus — .*no-writes, allow-oom, allow-stale, no-cluster, allow-cross-slot-keys`}},
	{Src: "#!lua flags=no-writes,bogus\nreturn 1", RedisErr: "ERR Unexpected flag in script shebang: bogus",
		Want: []string{`^unknown script flag bogus`}},
	{Src: "#!lua flags=NO-WRITES\nreturn 1", RedisErr: "ERR Unexpected flag in script shebang: NO-WRITES",
		Want: []string{`not lower case.*write no-writes`}},
	// Upstash's flag (observed refused by every Redis and Valkey): on a
	// Redis target, an error that names Upstash.
	{Src: "#!lua flags=allow-key-locking\nreturn 1", RedisErr: "ERR Unexpected flag in script shebang: allow-key-locking",
		Want: []string{`^script flag allow-key-locking is Upstash's, and the target is the newest Redis — Redis refuses the script with 'ERR Unexpected flag in script shebang: allow-key-locking'; if it runs on Upstash, set target: upstash`}},
	{Src: "#!lua flags=no-writes,allow-key-locking\nreturn 1", RedisErr: "ERR Unexpected flag in script shebang: allow-key-locking",
		Want: []string{`allow-key-locking is Upstash's`}},
	{Src: "#!lua flags=no-writes,\nreturn 1", RedisErr: "ERR Unexpected flag in script shebang: ",
		Want: []string{`empty flag.*stray comma`}},
	{Src: "#!lua flags\nreturn 1", RedisErr: "ERR Unknown lua shebang option: flags",
		Want: []string{`^unknown shebang option flags —`}},
	{Src: "#!lua engine=lua\nreturn 1", RedisErr: "ERR Unknown lua shebang option: engine=lua",
		Want: []string{`^unknown shebang option engine=lua`}},
	// name= in a file that reads KEYS and registers nothing: an EVAL script.
	{Src: "#!lua name=foo\nreturn redis.call('GET', KEYS[1])", RedisErr: "ERR Unknown lua shebang option: name=foo",
		Want: []string{`name=foo marks a library, but this file registers no function and reads KEYS or ARGV`}},

	// Functions libraries (facts G).
	{Src: "#!lua name=mylib" + regF, Library: true},
	{Src: "#!LUA name=mylib" + regF, Library: true},
	{Src: "#!lua name=_" + regF, Library: true},
	{Src: "#!lua name=9ab" + regF, Library: true},
	{Src: "#!js name=mylib" + regF, Library: true, RedisErr: "ERR Engine 'js' not found",
		Want: []string{`^unknown library engine js`}},
	{Src: "#! name=mylib" + regF, Library: true, RedisErr: "ERR Engine '' not found",
		Want: []string{`library header names no engine`}},
	{Src: "#!lua" + regF, Library: true, RedisErr: "ERR Library name was not given",
		Want: []string{`header has no name=.*#!lua name=<library>`}},
	{Src: "#!lua flags=no-writes" + regF, Library: true, RedisErr: "ERR Invalid metadata value given: flags=no-writes",
		Want: []string{`flags=no-writes in a library header.*redis.register_function`, `header has no name=`}},
	{Src: "#!lua name=bad-lib!" + regF, Library: true, RedisErr: "ERR " + ruleutil.LibraryNameError,
		Want: []string{`library name "bad-lib!"`}},
	{Src: "#!lua name=" + regF, Library: true, RedisErr: "ERR " + ruleutil.LibraryNameError,
		Want: []string{`library name ""`}},
	{Src: "#!lua name=Über" + regF, Library: true, RedisErr: "ERR " + ruleutil.LibraryNameError,
		Want: []string{`library name "Über"`}},
	{Src: "#!lua name=x name=y" + regF, Library: true, RedisErr: "ERR Invalid metadata value, name argument was given multiple times",
		Want: []string{`name=y names the library a second time`}},
	{Src: "#!lua name=x flags=no-writes" + regF, Library: true, RedisErr: "ERR Invalid metadata value given: flags=no-writes",
		Want: []string{`flags=no-writes in a library header`}},
	{Src: "#!lua name=x engine=lua" + regF, Library: true, RedisErr: "ERR Invalid metadata value given: engine=lua",
		Want: []string{`engine=lua in a library header.*only name=`}},
	{Src: "#!lua name=x bogus" + regF, Library: true, RedisErr: "ERR Invalid metadata value given: bogus",
		Want: []string{`bogus in a library header`}},
	{Src: strings.TrimPrefix(regF, "\n"), Library: true, RedisErr: "ERR Missing library metadata",
		Want: []string{`no '#!lua name=<library>' first line`}},
}

func TestInvalidShebangForms(t *testing.T) {
	for _, c := range headerCases {
		got := ruletest.RuleFindings("invalid-shebang", c.Src)
		ruletest.MatchFindings(t, c.Src, got, c.Want)
		// A message that claims an error quotes Redis's own text.
		if c.RedisErr != "" && len(got) > 0 && !strings.Contains(strings.Join(got, "\n"), c.RedisErr) {
			t.Errorf("%q: no finding quotes %q: %q", c.Src, c.RedisErr, got)
		}
	}
}

// TestInvalidShebangColumns checks that a bad flag is pointed at, not the
// whole header.
func TestInvalidShebangColumns(t *testing.T) {
	ds := ruletest.LintSource("c.lua", []byte("#!lua flags=no-writes,bogus\nreturn 1"), []*lint.Rule{ruletest.Cat.ByID("invalid-shebang")}, nil)
	if len(ds) != 1 || ds[0].Range.Start.Column != 23 || ds[0].Range.End.Column != 28 {
		t.Errorf("got %+v, want one finding at columns 23-28", ds)
	}
}

// TestInvalidShebangTarget: shebangs and Functions need Redis 7.0.
func TestInvalidShebangTarget(t *testing.T) {
	f := luasrc.Parse("c.lua", []byte("#!lua flags=no-writes\nreturn 1"))
	ds := lint.Run(f, lint.Config{Rules: []*lint.Rule{ruletest.Cat.ByID("invalid-shebang")}, Target: target.MustParse("6.2")})
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "need Redis 7.0 and the target is Redis 6.2") {
		t.Errorf("target 6.2: %+v", ds)
	}
	ds = lint.Run(f, lint.Config{Rules: []*lint.Rule{ruletest.Cat.ByID("invalid-shebang")}, Target: target.MustParse("7.0")})
	if len(ds) != 0 {
		t.Errorf("target 7.0: %+v", ds)
	}
}

// TestInvalidShebangUpstash: the upstash target takes allow-key-locking
// (Upstash's EVAL documentation, docs/facts-observed.md O6), alone or with
// the other flags; Valkey refuses it as Redis does.
func TestInvalidShebangUpstash(t *testing.T) {
	for _, tc := range []struct {
		target, src string
		want        []string
	}{
		{"upstash", "#!lua flags=allow-key-locking\nreturn redis.call('GET', KEYS[1])", nil},
		{"upstash", "#!lua flags=no-writes,allow-key-locking\nreturn redis.call('GET', KEYS[1])", nil},
		{"upstash", "#!lua flags=bogus\nreturn 1", []string{`unknown script flag bogus — .*no-writes, allow-oom, allow-stale, no-cluster, allow-cross-slot-keys, allow-key-locking`}},
		{"upstash", "#!lua flags=Allow-Key-Locking\nreturn 1", []string{`not lower case.*write allow-key-locking`}},
		{"valkey-8.0", "#!lua flags=allow-key-locking\nreturn 1", []string{`^script flag allow-key-locking is Upstash's, and the target is Valkey 8.0 — Valkey refuses`}},
		{"redis-7.2", "#!lua flags=allow-key-locking\nreturn 1", []string{`and the target is Redis 7.2 — Redis refuses`}},
	} {
		var got []string
		for _, d := range ruletest.CmdFindings("invalid-shebang", tc.src, target.MustParse(tc.target)) {
			got = append(got, ruletest.WantText(d))
		}
		ruletest.MatchFindings(t, tc.target+": "+tc.src, got, tc.want)
	}
}

// TestProofInvalidShebang runs every header form on Redis: each one
// lint-lua reports fails with the text its message quotes, and each one it
// accepts runs (EVAL) or loads (FUNCTION LOAD).
func TestProofInvalidShebang(t *testing.T) {
	ruletest.ProveBadGood(t, "invalid-shebang", []string{"proof:k"}, nil, "ERR Unexpected flag in script shebang: no-write")
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		for _, hc := range headerCases {
			var r redistest.Reply
			if hc.Library {
				// Each case names its function f: drop the last case's library.
				c.MustDo(t, "FUNCTION", "FLUSH")
				r = c.MustDo(t, "FUNCTION", "LOAD", hc.Src)
			} else {
				r = c.MustEval(t, hc.Src, nil)
			}
			if hc.RedisErr == "" {
				if r.Kind == redistest.Error {
					t.Errorf("%q: Redis refused it: %s", hc.Src, r)
				}
				continue
			}
			if r.Kind != redistest.Error || !strings.HasPrefix(r.Str, hc.RedisErr) {
				t.Errorf("%q: Redis gave %s, want %q", hc.Src, r, hc.RedisErr)
			}
		}
	})
}
