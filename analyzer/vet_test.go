package analyzer

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/lint-lua/lint-lua/internal/slowtest"
)

// TestVetTool builds lint-lua-vet and runs `go vet -vettool` on a small
// module that uses a stub of go-redis (through a replace directive: no
// network): a script in a raw string and one embedded from a .lua file.
func TestVetTool(t *testing.T) {
	t.Parallel()
	goBin, tool, app := vetApp(t, map[string]string{
		"main.go": "package main\n\n" +
			"import (\n\t\"context\"\n\t_ \"embed\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
			"var incr = redis.NewScript(`\n" +
			"local n = redis.call('INCR', KEYS[1])\n" +
			"x = n\n" + // line 12, column 1
			"return n`)\n\n" +
			"var pop = redis.NewScript(`return redis.call('GETDEL', KEYS[1])`)\n\n" + // line 15: GETDEL came in 6.2
			"//go:embed get.lua\n" +
			"var get string\n\n" +
			"func main() {\n" +
			"\trdb := redis.NewClient(&redis.Options{})\n" +
			"\tincr.Run(context.Background(), rdb, []string{\"counter\"})\n" +
			"\trdb.Eval(context.Background(), get, []string{\"k\"})\n" +
			"}\n",
		"get.lua": "-- get a key\nreturn redis.call('GETT', KEYS[1])\n",
	})
	vet := exec.Command(goBin, "vet", "-vettool="+tool, "./...")
	vet.Dir = app
	out, err := vet.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() == 0 {
		t.Fatalf("go vet: %v, want a failing exit status\n%s", err, out)
	}
	for _, want := range []string{
		"main.go:12:1: assignment to global x",
		"get.lua:2:19: \"GETT\" is not a known command",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(string(out), "(unknown-command"); n != 1 {
		t.Errorf("%d unknown-command findings, want 1:\n%s", n, out)
	}

	// The analyzer's flags, which go vet takes prefixed by its name.
	vet = exec.Command(goBin, "vet", "-vettool="+tool, "-lintlua.redis-version=6.0", "-lintlua.disable=global-assignment", "./...")
	vet.Dir = app
	out, err = vet.CombinedOutput()
	if !errors.As(err, &ee) || ee.ExitCode() == 0 {
		t.Fatalf("go vet with flags: %v, want a failing exit status\n%s", err, out)
	}
	if want := "main.go:15:46: GETDEL was added in Redis 6.2.0, after the target Redis 6.0"; !strings.Contains(string(out), want) {
		t.Errorf("go vet -lintlua.redis-version=6.0: output lacks %q:\n%s", want, out)
	}
	if strings.Contains(string(out), "(global-assignment)") {
		t.Errorf("go vet -lintlua.disable=global-assignment still reports it:\n%s", out)
	}
	vet = exec.Command(goBin, "vet", "-vettool="+tool, "-lintlua.redis-version=seven", "./...")
	vet.Dir = app
	out, err = vet.CombinedOutput()
	if err == nil || !strings.Contains(string(out), `"seven"`) {
		t.Errorf("go vet -lintlua.redis-version=seven: %v, want an error naming the value\n%s", err, out)
	}
}

var (
	vetToolOnce sync.Once
	vetToolDir  string
	vetToolPath string
	vetToolErr  error
)

// TestMain removes the lint-lua-vet binary the go vet tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	if vetToolDir != "" {
		os.RemoveAll(vetToolDir)
	}
	os.Exit(code)
}

// vetApp builds lint-lua-vet (once per test binary) and lays out, in a
// temporary folder, a stub of go-redis and a module app holding files (name
// to content) that requires it through a replace directive: no network. It
// returns the go command, the tool and the app's folder.
func vetApp(t *testing.T, files map[string]string) (goBin, tool, app string) {
	t.Helper()
	slowtest.Gate(t, "builds lint-lua-vet and runs go vet")
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	vetToolOnce.Do(func() {
		if vetToolDir, vetToolErr = os.MkdirTemp("", "lint-lua-vet"); vetToolErr != nil {
			return
		}
		vetToolPath = filepath.Join(vetToolDir, "lint-lua-vet")
		if out, err := exec.Command(goBin, "build", "-o", vetToolPath, "../cmd/lint-lua-vet").CombinedOutput(); err != nil {
			vetToolErr = fmt.Errorf("build lint-lua-vet: %v\n%s", err, out)
		}
	})
	if vetToolErr != nil {
		t.Fatal(vetToolErr)
	}
	tmp := t.TempDir()
	if err := os.CopyFS(filepath.Join(tmp, "stub"), os.DirFS(filepath.Join("testdata", "src", "github.com", "redis", "go-redis", "v9"))); err != nil {
		t.Fatal(err)
	}
	all := map[string]string{
		"stub/go.mod": "module github.com/redis/go-redis/v9\n\ngo 1.21\n",
		"app/go.mod": "module example.com/app\n\ngo 1.21\n\nrequire github.com/redis/go-redis/v9 v9.0.0\n\n" +
			"replace github.com/redis/go-redis/v9 => ../stub\n",
	}
	for name, src := range files {
		all["app/"+name] = src
	}
	for name, src := range all {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return goBin, vetToolPath, filepath.Join(tmp, "app")
}

// TestVetConfigCache checks that an edit of .lint-lua.yaml takes effect
// under go vet, whose cache key holds the vet tool's -V=full answer and
// not the configuration: lint-lua-vet's answer hashes the configuration
// files (Main), so the analyzer runs again when one is added, changed or
// deleted, and go vet replays its cached result when none was.
func TestVetConfigCache(t *testing.T) {
	t.Parallel()
	goBin, tool, app := vetApp(t, map[string]string{
		"main.go": "package main\n\n" +
			"import (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
			"var incr = redis.NewScript(`x = redis.call('INCR', KEYS[1]) return x`)\n\n" +
			"func main() { incr.Run(context.Background(), redis.NewClient(&redis.Options{}), []string{\"n\"}) }\n",
	})
	vet := func() string {
		t.Helper()
		cmd := exec.Command(goBin, "vet", "-vettool="+tool, "./...")
		cmd.Dir = app
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("go vet: %v\n%s", err, out)
		}
		return string(out)
	}
	const finding = "(global-assignment)"
	config := filepath.Join(app, ".lint-lua.yaml")
	steps := []struct {
		what   string
		config string // "" removes it
		want   bool
	}{
		{"without a configuration", "", true},
		{"with the rule turned off", "rules:\n  global-assignment: off\n", false},
		{"again, unchanged (from the cache)", "rules:\n  global-assignment: off\n", false},
		{"with the rule turned back on", "rules:\n  global-assignment: error\n", true},
		{"with the configuration deleted", "", true},
		{"with the rule turned off in a .lint-lua.yml", "-", false},
	}
	for _, s := range steps {
		switch s.config {
		case "":
			os.Remove(config)
			os.Remove(filepath.Join(app, ".lint-lua.yml"))
		case "-":
			os.Remove(config)
			if err := os.WriteFile(filepath.Join(app, ".lint-lua.yml"), []byte("rules:\n  global-assignment: off\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		default:
			if err := os.WriteFile(config, []byte(s.config), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if out := vet(); strings.Contains(out, finding) != s.want {
			t.Errorf("%s: go vet reports global-assignment: %v, want %v\n%s", s.what, !s.want, s.want, out)
		}
	}
}
