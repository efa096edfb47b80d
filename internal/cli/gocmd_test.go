package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/slowtest"
)

// goModule writes a module that uses a stub of go-redis (the analyzer's
// test stub, through a replace directive: no network) with main.go as
// given, and returns its directory.
func goModule(t *testing.T, mainGo string) string {
	t.Helper()
	dir := t.TempDir()
	stub := filepath.Join(dir, "stub")
	if err := os.CopyFS(stub, os.DirFS(filepath.Join("..", "..", "analyzer", "testdata", "src", "github.com", "redis", "go-redis", "v9"))); err != nil {
		t.Fatal(err)
	}
	return tree(t, dir, map[string]string{
		"stub/go.mod": "module github.com/redis/go-redis/v9\n\ngo 1.21\n",
		"app/go.mod": "module example.com/app\n\ngo 1.21\n\nrequire github.com/redis/go-redis/v9 v9.0.0\n\n" +
			"replace github.com/redis/go-redis/v9 => ../stub\n",
		"app/main.go": mainGo,
	}) + "/app"
}

const goBad = "package main\n\n" +
	"import (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
	"var incr = redis.NewScript(`\n" +
	"local n = redis.call('INCR', KEYS[1])\n" +
	"x = n\n" +
	"return n`)\n\n" +
	"func main() {\n" +
	"\trdb := redis.NewClient(&redis.Options{})\n" +
	"\tincr.Run(context.Background(), rdb, []string{\"counter\"})\n" +
	"}\n"

const goClean = "package main\n\n" +
	"import (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
	"var incr = redis.NewScript(`return redis.call('INCR', KEYS[1])`)\n\n" +
	"func main() {\n" +
	"\trdb := redis.NewClient(&redis.Options{})\n" +
	"\tincr.Run(context.Background(), rdb, []string{\"counter\"})\n" +
	"}\n"

type goJSON struct {
	Files       int `json:"files"`
	Diagnostics []struct {
		File     string `json:"file"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Rule     string `json:"rule"`
		Severity string `json:"severity"`
		Message  string `json:"message"`
		Help     string `json:"help"`
	} `json:"diagnostics"`
}

func TestGoCommand(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	dir := goModule(t, goBad)
	r := in(t, dir, "go", "--format", "json", "./...")
	if r.code != ExitFindings {
		t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, ExitFindings, r.out, r.errOut)
	}
	var o goJSON
	if err := json.Unmarshal([]byte(r.out), &o); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, r.out)
	}
	if o.Files != 1 || len(o.Diagnostics) != 1 {
		t.Fatalf("got %+v, want one finding in one file", o)
	}
	d := o.Diagnostics[0]
	// `x = n` is the script's third line, the Go file's eleventh.
	if d.File != "main.go" || d.Line != 11 || d.Column != 1 || d.Rule != "global-assignment" || d.Severity != "error" ||
		!strings.HasPrefix(d.Message, "assignment to global x") || strings.HasSuffix(d.Message, "(global-assignment)") {
		t.Errorf("got %+v", d)
	}

	// The text format, with the excerpt of the Go line.
	if r := in(t, dir, "go", "--fail-on", "error", "--format", "text", "."); r.code != ExitFindings || !strings.Contains(r.out, "main.go:11:1: error: assignment to global x") {
		t.Errorf("text: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	if r := in(t, goModule(t, goClean), "go"); r.code != ExitOK {
		t.Errorf("clean module: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
}

func TestGoCommandErrors(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	dir := goModule(t, "package main\n\nfunc main() { undefined() }\n")
	if r := in(t, dir, "go", "./..."); r.code != ExitError || !strings.Contains(r.errOut, "undefined") {
		t.Errorf("type error: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	if r := in(t, dir, "go", "--format", "nope"); r.code != ExitError {
		t.Errorf("bad format: exit %d", r.code)
	}
	if r := in(t, dir, "go", "./nothing/..."); r.code != ExitError {
		t.Errorf("no packages: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
}

// TestGoCommandLoweredSeverity: a finding a rule reports below its default
// severity (a returned quotient, float-return's info) keeps that severity
// through the analyzer, which carries none of its own.
func TestGoCommandLoweredSeverity(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	src := strings.Replace(goClean, "`return redis.call('INCR', KEYS[1])`", "`return redis.call('INCR', KEYS[1]) / 4`", 1)
	r := in(t, goModule(t, src), "go", "--format", "json", "./...")
	var o goJSON
	if err := json.Unmarshal([]byte(r.out), &o); err != nil {
		t.Fatalf("output is not JSON: %v\n%s%s", err, r.out, r.errOut)
	}
	if r.code != ExitOK || len(o.Diagnostics) != 1 {
		t.Fatalf("exit %d, got %+v", r.code, o)
	}
	if d := o.Diagnostics[0]; d.Rule != "float-return" || d.Severity != "info" || !strings.HasSuffix(d.Help, "which may be what is meant)") {
		t.Errorf("got %+v", d)
	}
}

// TestGoListScripts: --list-scripts lists every script the packages hand
// to Redis, linted or not, at its text (the Go string, the embedded file)
// or at the expression that gives it, instead of the findings.
func TestGoListScripts(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	src := strings.Replace(goBad, "func main() {\n", "func main() {\n\tdyn := redis.NewScript(\"return \" + os.Args[1])\n\t_ = dyn\n", 1)
	src = strings.Replace(src, "\t\"context\"\n", "\t\"context\"\n\t\"os\"\n", 1)
	r := in(t, goModule(t, src), "go", "--list-scripts", "./...")
	want := "main.go:10:29: known script of 4 lines, via NewScript\n" +
		"main.go:16:25: script built at run time, not linted, via NewScript\n"
	if r.code != ExitOK || r.out != want {
		t.Errorf("exit %d, got:\n%s%s\nwant:\n%s", r.code, r.out, r.errOut, want)
	}
}

// TestGoImportDoesNotTypeCheck: a package that does not type-check
// because a package it imports does not is not analysed; lint-lua go and
// lint-lua go --list-scripts both say which package failed and why, and
// exit 2 (--list-scripts printed nothing and exited 0, issue 29).
func TestGoImportDoesNotTypeCheck(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	src := strings.Replace(goClean, "\t\"context\"\n", "\t\"context\"\n\n\t\"example.com/app/bad\"\n", 1) + "\nvar n = bad.F()\n"
	dir := goModule(t, src)
	tree(t, dir, map[string]string{"bad/bad.go": "package bad\n\nfunc F() int { return \"x\" }\n"})
	want := `example.com/app: not analysed: the package it imports, example.com/app/bad, does not type-check: bad/bad.go:3:23: cannot use "x"`
	for _, args := range [][]string{{"go", "--list-scripts", "."}, {"go", "."}} {
		r := in(t, dir, args...)
		if r.code != ExitError || !strings.Contains(r.errOut, want) {
			t.Errorf("%s: exit %d, want %d and on stderr\n%s\ngot:\n%s%s", strings.Join(args, " "), r.code, ExitError, want, r.out, r.errOut)
		}
	}
}

// TestGoCommandTooLarge is issue 19 item 11 on the Go side: a script past
// --max-file-size (a //go:embed file of 1 MiB and a line) is an input error, as a .lua
// file that large is, and the others are still linted; and a long line of
// Go (a one-line string holding a script with a finding every few dozen
// bytes) is not quoted under each finding in the text output.
func TestGoCommandTooLarge(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	// Past 1 MiB with comments, which lint fast, and one finding.
	big := strings.Repeat("-- a comment line\n", 1<<20/18) + "redis.call('GETT', KEYS[1])\n"
	src := strings.Replace(goBad, "import (\n", "import (\n\t_ \"embed\"\n", 1) +
		"\n//go:embed big.lua\nvar big string\n\nfunc other(rdb *redis.Client) { rdb.Eval(context.Background(), big, nil) }\n"
	dir := goModule(t, src)
	if err := os.WriteFile(filepath.Join(dir, "big.lua"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	r := in(t, dir, "go", "--format", "json", "./...")
	if want := fmt.Sprintf("main.go:23:64: the script is %d bytes, more than the max-file-size limit of 1048576: not linted", len(big)); r.code != ExitError || !strings.Contains(r.errOut, want) {
		t.Fatalf("exit %d, want %d and the size on stderr\nstderr: %s", r.code, ExitError, r.errOut)
	}
	var o goJSON
	if err := json.Unmarshal([]byte(r.out), &o); err != nil || len(o.Diagnostics) != 1 || o.Diagnostics[0].Rule != "global-assignment" {
		t.Errorf("the other script's finding: %v %+v", err, o)
	}
	r = in(t, dir, "go", "--max-file-size", "2MiB", "--format", "json", "./...")
	if err := json.Unmarshal([]byte(r.out), &o); err != nil || r.code != ExitFindings || !strings.Contains(r.out, `"GETT\" is not a known command`) {
		t.Errorf("--max-file-size 2MiB: exit %d, want big.lua linted\n%s%s", r.code, r.out, r.errOut)
	}

	long := strings.Repeat(`redis.call('GETT', KEYS[1]) `, 3000) // 84 KB on one line
	dir = goModule(t, strings.Replace(goClean, "`return redis.call('INCR', KEYS[1])`", "`"+long+"`", 1))
	r = in(t, dir, "go", "--format", "json", "./...")
	if err := json.Unmarshal([]byte(r.out), &o); err != nil || r.code != ExitFindings || len(o.Diagnostics) != 3000 {
		t.Errorf("long line, json: exit %d, %d findings, want 3000 (%v)", r.code, len(o.Diagnostics), err)
	}
	r = in(t, dir, "go", "--format", "text", "./...")
	if r.code != ExitFindings || strings.Count(r.out, "(unknown-command)") != report.MaxPerFile || len(r.out) > 1<<20 {
		t.Errorf("long line, text: exit %d, %d findings in %d bytes of output, want %d in under 1 MiB", r.code, strings.Count(r.out, "(unknown-command)"), len(r.out), report.MaxPerFile)
	}
}

// goFixable's script tests a nullable reply with == nil, which --fix
// rewrites inside the Go literal.
const goFixable = "package main\n\n" +
	"import (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
	"var get = redis.NewScript(`\n" +
	"local v = redis.call('HGET', KEYS[1], 'count')\n" +
	"if v == nil then\n" +
	"  return 'missing'\n" +
	"end\n" +
	"return v`)\n\n" +
	"func main() {\n" +
	"\trdb := redis.NewClient(&redis.Options{})\n" +
	"\tget.Run(context.Background(), rdb, []string{\"h\"})\n" +
	"}\n"

// TestGoCommandFix: lint-lua go --diff prints the fix inside the Go
// literal and writes nothing (exit status from the findings as they are);
// --fix writes it, reports what is left and keeps the rest of the file;
// --unsafe-fixes is refused, as go/analysis carries only safe fixes.
func TestGoCommandFix(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "loads packages with the go command")
	dir := goModule(t, goFixable)
	main := filepath.Join(dir, "main.go")
	fixed := strings.Replace(goFixable, "if v == nil then", "if not v then", 1)

	r := in(t, dir, "go", "--diff", "./...")
	if r.code != ExitFindings || !strings.Contains(r.out, "-if v == nil then\n+if not v then\n") || !strings.HasPrefix(r.out, "--- a/main.go\n+++ b/main.go\n") {
		t.Errorf("--diff: exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.errOut)
	}
	if b, _ := os.ReadFile(main); string(b) != goFixable {
		t.Fatalf("--diff wrote the file:\n%s", b)
	}

	r = in(t, dir, "go", "--fix", "./...")
	if r.code != ExitOK || !strings.Contains(r.errOut, "applied 1 fix in 1 file") || !strings.Contains(r.out, "no problems") {
		t.Errorf("--fix: exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.errOut)
	}
	if b, _ := os.ReadFile(main); string(b) != fixed {
		t.Errorf("--fix wrote:\n%s\nwant:\n%s", b, fixed)
	}
	if r := in(t, dir, "go", "--diff", "./..."); r.code != ExitOK || r.out != "" {
		t.Errorf("--diff after the fix: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	if r := in(t, dir, "go", "--fix", "--unsafe-fixes", "./..."); r.code != ExitError || !strings.Contains(r.errOut, "safe fixes only") {
		t.Errorf("--unsafe-fixes: exit %d\n%s", r.code, r.errOut)
	}
}
