package source

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAssembleMatchesLoader compares lint-lua's assembly of every bullmq
// and bull command with the script their own loader generated at build
// time (dist/cjs/scripts/*.js, lib/scripts/*.js), blank lines aside (the
// loader drops them). It needs the corpus from scripts/fetch-corpus.sh.
func TestAssembleMatchesLoader(t *testing.T) {
	corpus := filepath.Join("..", "..", "..", "testdata", "corpus")
	for _, dir := range []string{filepath.Join(corpus, "bullmq", "dist", "cjs"), filepath.Join(corpus, "bull", "lib")} {
		t.Run(dir, func(t *testing.T) { assembleMatches(t, dir) })
	}
}

func assembleMatches(t *testing.T, dir string) {
	luas, _ := filepath.Glob(filepath.Join(dir, "commands", "*.lua"))
	if len(luas) == 0 {
		t.Skip("no corpus: run scripts/fetch-corpus.sh")
	}
	a := newAssembler(1 << 20)
	for _, p := range luas {
		base := strings.TrimSuffix(filepath.Base(p), ".lua")
		js, err := os.ReadFile(filepath.Join(dir, "scripts", base+".js"))
		if err != nil {
			t.Fatal(err)
		}
		start := strings.Index(string(js), "const content = `") + len("const content = `")
		end := strings.Index(string(js), "`;\n")
		want := string(js[start:end])
		want = strings.NewReplacer("\\`", "`", "\\\\", "\\", "\\$", "$").Replace(want)
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		as, err := a.assemble(a.add(p, p, src))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(want) < 100 {
			t.Fatalf("%s: no script content found in %s.js", base, base)
		}
		if got, w := nonBlank(string(as.src)), nonBlank(want); got != w {
			gl, wl := strings.Split(got, "\n"), strings.Split(w, "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Errorf("%s: line %d of %d: got %q, loader wrote %q", base, i+1, len(wl), gl[i], wl[i])
					break
				}
			}
			if len(gl) != len(wl) {
				t.Errorf("%s: %d non-blank lines, loader wrote %d", base, len(gl), len(wl))
			}
		}
	}
	t.Logf("%d scripts assembled as bullmq's loader did", len(luas))
}

func nonBlank(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
