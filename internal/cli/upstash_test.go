package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"github.com/lint-lua/lint-lua/internal/redistest"
)

// The pinned @upstash/ratelimit release that scripts/fetch-hostpkg.sh
// fetches (issue 15): its cached fixed-window script compares the INCRBY
// reply with ARGV[2], so the key's expiry is never set.
const upstashDir = "../../testdata/hostpkg/upstash-ratelimit"

// upstashPackage returns the package's folder, or skips the test when it
// was not fetched (and fails it in CI, whose .ci/run fetches it).
func upstashPackage(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(upstashDir, "dist", "index.mjs")); err != nil {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			t.Fatalf("%s is missing, but CI is set: .ci/run fetches it with scripts/fetch-hostpkg.sh", upstashDir)
		}
		t.Skipf("@upstash/ratelimit is not fetched: run scripts/fetch-hostpkg.sh to lint it (%v)", err)
	}
	dir, err := filepath.Abs(upstashDir)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestUpstashRatelimit lints the package's built JavaScript as a user
// would, and asserts the INCRBY comparison at its host line and column in
// both builds, with no other error once the target is Upstash's (whose
// shebang flag allow-key-locking Redis refuses: invalid-shebang on the
// default target, one per script).
func TestUpstashRatelimit(t *testing.T) {
	t.Parallel()
	dir := upstashPackage(t)
	errorsOf := func(args ...string) []jsonFinding {
		t.Helper()
		r := in(t, dir, append([]string{"--format", "json"}, args...)...)
		wantCode(t, r, 1)
		var errs []jsonFinding
		for _, d := range jsonFindings(t, r.out, r.errOut) {
			if d.Severity == "error" {
				errs = append(errs, d)
			}
		}
		return errs
	}
	const (
		head = "r (the INCRBY reply) is an integer reply compared with a string"
		help = "it is a Lua number, and == never converts a number to a string: r == incrementBy is always false; " +
			"compare with a number: r == tonumber(incrementBy)"
	)
	// `  if r == incrementBy then`, line 367 of index.mjs and 390 of
	// index.js: the comparison, columns 6 to 22.
	want := []jsonFinding{
		{File: "dist/index.js", Line: 390, Column: 6, EndLine: 390, EndColumn: 22, Rule: "reply-type-compare", Severity: "error", Message: head, Help: help},
		{File: "dist/index.mjs", Line: 367, Column: 6, EndLine: 367, EndColumn: 22, Rule: "reply-type-compare", Severity: "error", Message: head, Help: help},
	}
	if got := errorsOf("--target", "upstash", "dist"); !slices.Equal(got, want) {
		t.Errorf("errors on target upstash:\n got %+v\nwant %+v", got, want)
	}
	var compares []jsonFinding
	shebangs := 0
	for _, d := range errorsOf("dist/index.mjs", "dist/index.js") {
		switch d.Rule {
		case "reply-type-compare":
			compares = append(compares, d)
		case "invalid-shebang":
			shebangs++
		default:
			t.Errorf("unexpected error on the default target: %+v", d)
		}
	}
	if !slices.Equal(compares, want) {
		t.Errorf("reply-type-compare on the default target:\n got %+v\nwant %+v", compares, want)
	}
	if shebangs != 24 {
		t.Errorf("invalid-shebang on the default target: %d, want 24 (12 scripts in each build)", shebangs)
	}
}

// TestUpstashRatelimitOnRedis runs the package's cached fixed-window
// script, as lint-lua extracts it from index.mjs, on a real Redis with the
// arguments the library passes ([key], [windowDuration, incrementBy]), and
// shows the key never expires: INCRBY replies an integer, ARGV[2] is a
// string, and `r == incrementBy` is false even on the first call, so
// PEXPIRE never runs. Redis refuses the script's own shebang flag, so it
// runs with `#!lua` (the rest of the text byte for byte); the fix the
// finding's help gives (`tonumber(incrementBy)`) sets the expiry.
func TestUpstashRatelimitOnRedis(t *testing.T) {
	t.Parallel()
	dir := upstashPackage(t)
	src, err := os.ReadFile(filepath.Join(dir, "dist", "index.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	hf, err := hostlang.Extract(langs.JavaScript, src, langs.DefaultAPIs())
	if err != nil {
		t.Fatal(err)
	}
	script := ""
	for _, s := range hf.Scripts {
		if strings.Contains(s.Text, "if r == incrementBy then") {
			script = s.Text
		}
	}
	const shebang = "#!lua flags=allow-key-locking\n"
	if !strings.HasPrefix(script, shebang) {
		t.Fatalf("no cached fixed-window script starting %q in index.mjs:\n%s", shebang, script)
	}
	c := redistest.Client(t)
	key, window := "ratelimit:user1:1234", "10000"
	if r := c.MustEval(t, script, []string{key}, window, "1"); r.Kind != redistest.Error || !strings.Contains(r.Str, "Unexpected flag in script shebang") {
		t.Errorf("the script as shipped: %s, want Redis to refuse its shebang flag", r)
	}
	bad := "#!lua\n" + strings.TrimPrefix(script, shebang)
	for i := int64(1); i <= 2; i++ {
		if r := c.MustEval(t, bad, []string{key}, window, "1"); r.Kind != redistest.Integer || r.Int != i {
			t.Fatalf("call %d: %s, want (integer) %d", i, r, i)
		}
		if r := c.MustDo(t, "PTTL", key); r.Kind != redistest.Integer || r.Int != -1 {
			t.Errorf("after call %d: PTTL %s, want -1 (a key without expiry)", i, r)
		}
	}
	good := strings.Replace(bad, "if r == incrementBy then", "if r == tonumber(incrementBy) then", 1)
	key2 := key + ":fixed"
	if r := c.MustEval(t, good, []string{key2}, window, "1"); r.Kind != redistest.Integer || r.Int != 1 {
		t.Fatalf("fixed script: %s, want (integer) 1", r)
	}
	if r := c.MustDo(t, "PTTL", key2); r.Kind != redistest.Integer || r.Int <= 0 || r.Int > 10000 {
		t.Errorf("fixed script: PTTL %s, want 1 to 10000", r)
	}
	t.Logf("PTTL %s after two calls of the shipped script, %s with the fix", c.MustDo(t, "PTTL", key), c.MustDo(t, "PTTL", key2))
}
