package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestIncludes: functions defined by `--- @include` fragments are not
// undefined globals in the including script, and the globals option covers
// what a loader defines around fragments.
func TestIncludes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("includes/pushJob.lua", "--- @include \"inner\"\nlocal function pushJob(k, id) return rcall('LPUSH', k, inner(id)) end\n")
	write("includes/inner.lua", "local function inner(x) return x end\n")
	write("addJob.lua", "local rcall = redis.call\n--- @include \"includes/pushJob\"\nreturn pushJob(KEYS[1], ARGV[1]) .. inner(ARGV[2]) .. missing()\n")
	var out, errOut bytes.Buffer
	s := &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, Getenv: func(string) string { return "" }, Getwd: func() (string, error) { return dir, nil }}
	code := Run([]string{"--format", "json", "--disable", "script-too-long", filepath.Join(dir, "addJob.lua")}, s)
	if code != ExitFindings || strings.Contains(out.String(), "pushJob") || strings.Contains(out.String(), "global inner") || !strings.Contains(out.String(), "global missing") {
		t.Errorf("exit %d\n%s%s", code, out.String(), errOut.String())
	}
	write(".lint-lua.yaml", "overrides:\n  - files: [\"includes/*.lua\"]\n    rules:\n      undefined-global:\n        options: {globals: [rcall]}\n")
	out.Reset()
	code = Run([]string{"--format", "json", filepath.Join(dir, "includes")}, s)
	if code != ExitOK {
		t.Errorf("fragments with globals: [rcall]: exit %d\n%s%s", code, out.String(), errOut.String())
	}
}

// includeRE is the definition findIncludes implements.
var includeRE = regexp.MustCompile(`(?m)^\s*---\s*@include\s+["']([^"'<>*]+)["']`)

func checkFindIncludes(t *testing.T, src []byte) {
	var want [][]byte
	for _, m := range includeRE.FindAllSubmatch(src, -1) {
		want = append(want, m[1])
	}
	if got := findIncludes(src); !reflect.DeepEqual(got, want) {
		t.Fatalf("findIncludes(%q) = %q, the regular expression finds %q", src, got, want)
	}
}

var includeSamples = []string{
	"--- @include \"includes/a\"\n--- @include 'b.lua'\nlocal x = 1",
	"  \t---\t@include\t\"a\"", "\n\n--- @include \"a\"", "---\n@include\n'a'",
	"x --- @include \"a\"", "--- @include\"a\"", "--- @include \"a'", "--- @include \"a<b\"",
	"--- @include \"\"", "---- @include \"a\"", "--- @include \"a\n\" --- @include \"b\"", "--- @include \"a",
	"--- @include \"a\"--- @include \"b\"\n--- @include \"c\"", "\r--- @include \"a\"", "",
}

func TestFindIncludes(t *testing.T) {
	for _, s := range includeSamples {
		checkFindIncludes(t, []byte(s))
	}
}

func FuzzFindIncludes(f *testing.F) {
	for _, s := range includeSamples {
		f.Add([]byte(s))
	}
	f.Fuzz(checkFindIncludes)
}
