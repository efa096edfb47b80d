package analyzer

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestVetFix proves the commands that apply the analyzer's suggested
// fixes: `go vet -vettool=$(which lint-lua-vet) -fix ./...` (Go 1.26; add
// -diff to print them instead) on a small module, fixing a raw string, an
// interpreted string and an embedded .lua file; go vet is clean after.
// `go fix -fixtool=$(which lint-lua-vet) ./...` applies the same fixes.
// vetRuleRE finds the rule of each finding go vet prints.
var vetRuleRE = regexp.MustCompile(`(?m)\(([a-z]+(?:-[a-z]+)+)(?:, [a-z]+)?\)(?: — .*)?$`)

func TestVetFix(t *testing.T) {
	t.Parallel()
	const (
		mainGo = "package main\n\nimport (\n\t\"context\"\n\t_ \"embed\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
			"var exists = redis.NewScript(`if redis.call('EXISTS', KEYS[1]) then return 1 end return 0`)\n\n" +
			"//go:embed lock.lua\nvar lock string\n\n" +
			"func main() {\n\tctx := context.Background()\n\trdb := redis.NewClient(&redis.Options{})\n" +
			"\texists.Run(ctx, rdb, []string{\"k\"})\n" +
			"\trdb.Eval(ctx, lock, []string{\"lock\"}, \"me\", \"10\")\n" +
			"\trdb.Eval(ctx, \"local v = redis.call('GET', KEYS[1])\\nif v == nil then return 'missing' end\\nreturn v\", []string{\"k\"})\n}\n"
		lockLua = "if tonumber(ARGV[2]) < 1000 then return 0 end\nif redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n  redis.call('EXPIRE', KEYS[1], ARGV[2] / 1000)\n  return 1\nend\nreturn 0\n"
	)
	fixedGo := strings.NewReplacer(
		"KEYS[1]) then return 1", "KEYS[1]) == 1 then return 1",
		`\nif v == nil then`, `\nif not v then`,
	).Replace(mainGo)
	fixedLua := "if tonumber(ARGV[2]) < 1000 then return 0 end\nif redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2] / 1000) then\n  return 1\nend\nreturn 0\n"
	goBin, tool, app := vetApp(t, map[string]string{"main.go": mainGo, "lock.lua": lockLua})
	vet := func(args ...string) (string, int) {
		cmd := exec.Command(goBin, append([]string{"vet", "-vettool=" + tool}, append(args, "./...")...)...)
		cmd.Dir = app
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return string(out), ee.ExitCode()
		}
		if err != nil {
			t.Fatalf("go vet: %v", err)
		}
		return string(out), 0
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(app, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	// -fix -diff prints the fixes and writes nothing.
	out, code := vet("-fix", "-diff")
	if code == 0 {
		t.Errorf("go vet -fix -diff: exit 0, want non-zero for a non-empty diff\n%s", out)
	}
	for _, want := range []string{
		"-var exists = redis.NewScript(`if redis.call('EXISTS', KEYS[1]) then",
		"+var exists = redis.NewScript(`if redis.call('EXISTS', KEYS[1]) == 1 then",
		`+	rdb.Eval(ctx, "local v = redis.call('GET', KEYS[1])\nif not v then`,
		"+if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2] / 1000) then",
		"-  redis.call('EXPIRE', KEYS[1], ARGV[2] / 1000)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("go vet -fix -diff output lacks %q:\n%s", want, out)
		}
	}
	if read("main.go") != mainGo || read("lock.lua") != lockLua {
		t.Fatal("go vet -fix -diff wrote files")
	}

	// -fix applies them, in the Go file and in the embedded script.
	if out, code := vet("-fix"); code != 0 {
		t.Fatalf("go vet -fix: exit %d\n%s", code, out)
	}
	if got := read("main.go"); got != fixedGo {
		t.Errorf("main.go after go vet -fix:\n%s\nwant:\n%s", got, fixedGo)
	}
	if got := read("lock.lua"); got != fixedLua {
		t.Errorf("lock.lua after go vet -fix:\n%s\nwant:\n%s", got, fixedLua)
	}
	// What is left is the TTL the lock divides, which no fix can round
	// (up or down is the author's choice): fractional-expire-time alone.
	out, _ = vet()
	rules := vetRuleRE.FindAllStringSubmatch(out, -1)
	if len(rules) == 0 {
		t.Errorf("go vet after fixing: no fractional-expire-time finding\n%s", out)
	}
	for _, r := range rules {
		if r[1] != "fractional-expire-time" {
			t.Errorf("go vet after fixing still reports %s\n%s", r[1], out)
		}
	}

	// go fix -fixtool runs the same tool and applies the same fixes.
	for name, src := range map[string]string{"main.go": mainGo, "lock.lua": lockLua} {
		if err := os.WriteFile(filepath.Join(app, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fix := exec.Command(goBin, "fix", "-fixtool="+tool, "./...")
	fix.Dir = app
	if out, err := fix.CombinedOutput(); err != nil {
		t.Fatalf("go fix -fixtool: %v\n%s", err, out)
	}
	if read("main.go") != fixedGo || read("lock.lua") != fixedLua {
		t.Errorf("after go fix -fixtool:\n%s\n%s", read("main.go"), read("lock.lua"))
	}
}
