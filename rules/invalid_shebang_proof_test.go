package rules

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

// headerCase is one file header, how Redis runs it (EVAL, or FUNCTION LOAD
// for a library), what Redis answers (redisErr, "" when it runs), and the
// findings lint-lua gives (regexps, none when the header is right). Most
// findings stand on the #! line, where a fixture's want comment cannot, so
// the header forms are checked here, and on Redis by the proof below.
type headerCase struct {
	src      string
	library  bool
	redisErr string
	want     []string
}

const regF = "\nredis.register_function('f', function(keys, args) return 1 end)"

var headerCases = []headerCase{
	// EVAL scripts (facts C10).
	{src: "#!lua\nreturn 1"},
	{src: "#!lua flags=no-writes,allow-oom,allow-stale,no-cluster,allow-cross-slot-keys\nreturn 1"},
	{src: "#!lua flags=\nreturn 1"},
	{src: "#!lua  flags=no-writes\nreturn 1"},
	// Redis splits at any white space and reads quotes; not judged.
	{src: "#!lua\tflags=no-writes\nreturn 1"},
	{src: "#!lua flags=\"no-writes\"\nreturn 1"},
	{src: "#!python\nreturn 1", redisErr: "ERR Unexpected engine in script shebang: #!python",
		want: []string{`^unknown script engine python — EVAL fails with 'ERR Unexpected engine in script shebang: #!python'`}},
	{src: "#!LUA\nreturn 1", redisErr: "ERR Unexpected engine in script shebang: #!LUA",
		want: []string{`unknown script engine LUA.*case-sensitively`}},
	{src: "#!\nreturn 1", redisErr: "ERR Unexpected engine in script shebang: #!",
		want: []string{`names no engine`}},
	{src: "#! lua\nreturn 1", redisErr: "ERR Unexpected engine in script shebang: #!",
		want: []string{`names no engine`}},
	{src: "#!lua flags=bogus\nreturn 1", redisErr: "ERR Unexpected flag in script shebang: bogus",
		want: []string{`^unknown script flag bogus — .*no-writes, allow-oom, allow-stale, no-cluster, allow-cross-slot-keys`}},
	{src: "#!lua flags=no-writes,bogus\nreturn 1", redisErr: "ERR Unexpected flag in script shebang: bogus",
		want: []string{`^unknown script flag bogus`}},
	{src: "#!lua flags=NO-WRITES\nreturn 1", redisErr: "ERR Unexpected flag in script shebang: NO-WRITES",
		want: []string{`not lower case.*write no-writes`}},
	// Upstash's flag (observed refused by every Redis and Valkey): on a
	// Redis target, an error that names Upstash.
	{src: "#!lua flags=allow-key-locking\nreturn 1", redisErr: "ERR Unexpected flag in script shebang: allow-key-locking",
		want: []string{`^script flag allow-key-locking is Upstash's, and the target is the newest Redis — Redis refuses the script with 'ERR Unexpected flag in script shebang: allow-key-locking'; if it runs on Upstash, set target: upstash`}},
	{src: "#!lua flags=no-writes,allow-key-locking\nreturn 1", redisErr: "ERR Unexpected flag in script shebang: allow-key-locking",
		want: []string{`allow-key-locking is Upstash's`}},
	{src: "#!lua flags=no-writes,\nreturn 1", redisErr: "ERR Unexpected flag in script shebang: ",
		want: []string{`empty flag.*stray comma`}},
	{src: "#!lua flags\nreturn 1", redisErr: "ERR Unknown lua shebang option: flags",
		want: []string{`^unknown shebang option flags —`}},
	{src: "#!lua engine=lua\nreturn 1", redisErr: "ERR Unknown lua shebang option: engine=lua",
		want: []string{`^unknown shebang option engine=lua`}},
	// name= in a file that reads KEYS and registers nothing: an EVAL script.
	{src: "#!lua name=foo\nreturn redis.call('GET', KEYS[1])", redisErr: "ERR Unknown lua shebang option: name=foo",
		want: []string{`name=foo marks a library, but this file registers no function and reads KEYS or ARGV`}},

	// Functions libraries (facts G).
	{src: "#!lua name=mylib" + regF, library: true},
	{src: "#!LUA name=mylib" + regF, library: true},
	{src: "#!lua name=_" + regF, library: true},
	{src: "#!lua name=9ab" + regF, library: true},
	{src: "#!js name=mylib" + regF, library: true, redisErr: "ERR Engine 'js' not found",
		want: []string{`^unknown library engine js`}},
	{src: "#! name=mylib" + regF, library: true, redisErr: "ERR Engine '' not found",
		want: []string{`library header names no engine`}},
	{src: "#!lua" + regF, library: true, redisErr: "ERR Library name was not given",
		want: []string{`header has no name=.*#!lua name=<library>`}},
	{src: "#!lua flags=no-writes" + regF, library: true, redisErr: "ERR Invalid metadata value given: flags=no-writes",
		want: []string{`flags=no-writes in a library header.*redis.register_function`, `header has no name=`}},
	{src: "#!lua name=bad-lib!" + regF, library: true, redisErr: "ERR " + ruleutil.LibraryNameError,
		want: []string{`library name "bad-lib!"`}},
	{src: "#!lua name=" + regF, library: true, redisErr: "ERR " + ruleutil.LibraryNameError,
		want: []string{`library name ""`}},
	{src: "#!lua name=Über" + regF, library: true, redisErr: "ERR " + ruleutil.LibraryNameError,
		want: []string{`library name "Über"`}},
	{src: "#!lua name=x name=y" + regF, library: true, redisErr: "ERR Invalid metadata value, name argument was given multiple times",
		want: []string{`name=y names the library a second time`}},
	{src: "#!lua name=x flags=no-writes" + regF, library: true, redisErr: "ERR Invalid metadata value given: flags=no-writes",
		want: []string{`flags=no-writes in a library header`}},
	{src: "#!lua name=x engine=lua" + regF, library: true, redisErr: "ERR Invalid metadata value given: engine=lua",
		want: []string{`engine=lua in a library header.*only name=`}},
	{src: "#!lua name=x bogus" + regF, library: true, redisErr: "ERR Invalid metadata value given: bogus",
		want: []string{`bogus in a library header`}},
	{src: strings.TrimPrefix(regF, "\n"), library: true, redisErr: "ERR Missing library metadata",
		want: []string{`no '#!lua name=<library>' first line`}},
}

func TestInvalidShebangForms(t *testing.T) {
	for _, c := range headerCases {
		got := ruleFindings("invalid-shebang", c.src)
		matchFindings(t, c.src, got, c.want)
		// A message that claims an error quotes Redis's own text.
		if c.redisErr != "" && len(got) > 0 && !strings.Contains(strings.Join(got, "\n"), c.redisErr) {
			t.Errorf("%q: no finding quotes %q: %q", c.src, c.redisErr, got)
		}
	}
}

// TestInvalidShebangColumns checks that a bad flag is pointed at, not the
// whole header.
func TestInvalidShebangColumns(t *testing.T) {
	ds := lintSource("c.lua", []byte("#!lua flags=no-writes,bogus\nreturn 1"), []*lint.Rule{cat.ByID("invalid-shebang")}, nil)
	if len(ds) != 1 || ds[0].Range.Start.Column != 23 || ds[0].Range.End.Column != 28 {
		t.Errorf("got %+v, want one finding at columns 23-28", ds)
	}
}

// TestInvalidShebangTarget: shebangs and Functions need Redis 7.0.
func TestInvalidShebangTarget(t *testing.T) {
	f := luasrc.Parse("c.lua", []byte("#!lua flags=no-writes\nreturn 1"))
	ds := lint.Run(f, lint.Config{Rules: []*lint.Rule{cat.ByID("invalid-shebang")}, Target: target.MustParse("6.2")})
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "need Redis 7.0 and the target is Redis 6.2") {
		t.Errorf("target 6.2: %+v", ds)
	}
	ds = lint.Run(f, lint.Config{Rules: []*lint.Rule{cat.ByID("invalid-shebang")}, Target: target.MustParse("7.0")})
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
		for _, d := range cmdFindings("invalid-shebang", tc.src, target.MustParse(tc.target)) {
			got = append(got, wantText(d))
		}
		matchFindings(t, tc.target+": "+tc.src, got, tc.want)
	}
}

// TestProofInvalidShebang runs every header form on Redis: each one
// lint-lua reports fails with the text its message quotes, and each one it
// accepts runs (EVAL) or loads (FUNCTION LOAD).
func TestProofInvalidShebang(t *testing.T) {
	proveBadGood(t, "invalid-shebang", []string{"proof:k"}, nil, "ERR Unexpected flag in script shebang: no-write")
	onRedis(t, func(t *testing.T, c *redistest.Conn) {
		for _, hc := range headerCases {
			var r redistest.Reply
			if hc.library {
				// Each case names its function f: drop the last case's library.
				c.MustDo(t, "FUNCTION", "FLUSH")
				r = c.MustDo(t, "FUNCTION", "LOAD", hc.src)
			} else {
				r = c.MustEval(t, hc.src, nil)
			}
			if hc.redisErr == "" {
				if r.Kind == redistest.Error {
					t.Errorf("%q: Redis refused it: %s", hc.src, r)
				}
				continue
			}
			if r.Kind != redistest.Error || !strings.HasPrefix(r.Str, hc.redisErr) {
				t.Errorf("%q: Redis gave %s, want %q", hc.src, r, hc.redisErr)
			}
		}
	})
}
