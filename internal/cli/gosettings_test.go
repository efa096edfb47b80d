package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/slowtest"
)

// goNewer has a global assignment (line 11) and GETDEL, a 6.2 command
// (line 14).
const goNewer = "package main\n\n" +
	"import (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
	"var incr = redis.NewScript(`\n" +
	"local n = redis.call('INCR', KEYS[1])\n" +
	"x = n\n" +
	"return n`)\n\n" +
	"var pop = redis.NewScript(`return redis.call('GETDEL', KEYS[1])`)\n\n" +
	"func main() {\n" +
	"\trdb := redis.NewClient(&redis.Options{})\n" +
	"\tincr.Run(context.Background(), rdb, []string{\"counter\"})\n" +
	"\tpop.Run(context.Background(), rdb, []string{\"token\"})\n" +
	"}\n"

// TestGoSettings checks that `lint-lua go` gives the analyzer the Redis
// version and the rules from its flags and from the configuration file,
// the flags winning.
func TestGoSettings(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	dir := goModule(t, goNewer)
	findings := func(args ...string) []string {
		t.Helper()
		r := in(t, dir, append([]string{"go", "--format", "json"}, append(args, "./...")...)...)
		if r.code != ExitFindings && r.code != ExitOK {
			t.Fatalf("%q: exit %d\n%s", args, r.code, r.errOut)
		}
		var o goJSON
		if err := json.Unmarshal([]byte(r.out), &o); err != nil {
			t.Fatalf("%q: output is not JSON: %v\n%s", args, err, r.out)
		}
		var out []string
		for _, d := range o.Diagnostics {
			out = append(out, strings.Join([]string{d.File, strconv.Itoa(d.Line), strconv.Itoa(d.Column), d.Rule, d.Severity}, ":"))
		}
		return out
	}
	const (
		global = "main.go:11:1:global-assignment:error"
		getdel = "main.go:14:46:unknown-command:error"
	)
	check := func(what string, got []string, want ...string) {
		t.Helper()
		if !equal(got, want) {
			t.Errorf("%s: got %q, want %q", what, got, want)
		}
	}
	check("default", findings(), global)
	check("--redis-version 6.0", findings("--redis-version", "6.0"), global, getdel)
	check("--redis-version 6.0 --disable global-assignment", findings("--redis-version", "6.0", "--disable", "global-assignment"), getdel)
	check("--target redis-6.0", findings("--target", "redis-6.0"), global, getdel)

	if err := os.WriteFile(filepath.Join(dir, ".lint-lua.yaml"), []byte("redis_version: 6.0\nrules:\n  global-assignment:\n    severity: warning\n  unused-ignore:\n    enabled: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("configuration", findings(), "main.go:11:1:global-assignment:warning", getdel)
	check("--redis-version wins", findings("--redis-version", "7.0"), "main.go:11:1:global-assignment:warning")
	if err := os.WriteFile(filepath.Join(dir, ".lint-lua.yaml"), []byte("target: redis-6.0\nmodules: [json]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("configuration target", findings(), global, getdel)
	check("--target wins", findings("--target", "valkey-8.0"), global)
	if err := os.WriteFile(filepath.Join(dir, ".lint-lua.yaml"), []byte("rules:\n  global-assignment:\n    enabled: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("configuration disables", findings())
	check("--enable wins", findings("--enable", "global-assignment"), global)

	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--redis-version", "banana"}, []string{"--redis-version", `"banana"`}},
		{[]string{"--target", "keydb"}, []string{"--target", `"keydb"`}},
		{[]string{"--target", "redis", "--redis-version", "7.0"}, []string{"--target and --redis-version are both set"}},
		{[]string{"--disable", "nope"}, []string{"--disable", `unknown rule "nope"`}},
		{[]string{"--config", "missing.yaml"}, []string{"missing.yaml"}},
	} {
		r := in(t, dir, append([]string{"go"}, append(tc.args, "./...")...)...)
		wantCode(t, r, ExitError)
		wantErr(t, r, tc.want...)
		if r.out != "" {
			t.Errorf("%q printed a report:\n%s", tc.args, r.out)
		}
	}
}

// TestGoConfigPerPackage: `lint-lua go` lints each package with the
// .lint-lua.yaml nearest above its directory, as go vet does and as
// lint-lua lints each file; --config names one for all, --no-config none.
func TestGoConfigPerPackage(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	dir := goModule(t, goNewer)
	tree(t, dir, map[string]string{
		".lint-lua.yaml":     "rules:\n  global-assignment: off\n",
		"sub/.lint-lua.yaml": "rules:\n  global-assignment: info\n",
		"sub/sub.go":         strings.Replace(strings.Replace(goNewer, "package main", "package sub", 1), "func main()", "func Main()", 1),
	})
	findings := func(args ...string) []string {
		t.Helper()
		r := in(t, dir, append([]string{"go", "--format", "json"}, append(args, "./...")...)...)
		var o goJSON
		if err := json.Unmarshal([]byte(r.out), &o); err != nil {
			t.Fatalf("%q: output is not JSON: %v\n%s\n%s", args, err, r.out, r.errOut)
		}
		var out []string
		for _, d := range o.Diagnostics {
			if d.Rule == "global-assignment" {
				out = append(out, d.File+":"+d.Severity)
			}
		}
		return out
	}
	if got := findings(); !equal(got, []string{"sub/sub.go:info"}) {
		t.Errorf("nearest configuration: %v", got)
	}
	if got := findings("--no-config"); !equal(got, []string{"main.go:error", "sub/sub.go:error"}) {
		t.Errorf("--no-config: %v", got)
	}
	if got := findings("--config", "sub/.lint-lua.yaml"); !equal(got, []string{"main.go:info", "sub/sub.go:info"}) {
		t.Errorf("--config sub/.lint-lua.yaml: %v", got)
	}
}
