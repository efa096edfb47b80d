package source

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// readSimple is siblingDefs.read as it was first written: every file
// parsed for its declarations, its locals searched as a list.
func readSimple(t *testing.T, dir string) map[string][]siblingDef {
	out := map[string][]siblingDef{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".lua") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		src, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		f := luasrc.ParseDeclarations(n, src)
		if f.Chunk == nil || !luasrc.Header(f.Chunk) {
			continue
		}
		locals := luasrc.TopLevelLocals(f.Chunk)
		for _, name := range luasrc.TopLevelNames(f.Chunk) {
			fs := out[name]
			switch {
			case len(fs) == 0 || fs[len(fs)-1].file != n:
				out[name] = append(fs, siblingDef{file: n, local: slices.Contains(locals, name)})
			case slices.Contains(locals, name):
				fs[len(fs)-1].local = true
			}
		}
	}
	return out
}

// TestSiblingsMatchSimple checks that every folder of .lua files in the
// repository (fixtures, examples, the fetched corpus when present) gives
// the sibling definitions the simple version gives, and that the folders
// hold headers to compare.
func TestSiblingsMatchSimple(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	dirs := map[string]bool{}
	for _, top := range []string{"examples", "testdata", "rules"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".lua") {
				dirs[filepath.Dir(p)] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	d := &siblingDefs{limit: 1 << 20}
	defs := 0
	for dir := range dirs {
		got, want := d.scan(dir).defs, readSimple(t, dir)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: sibling definitions differ from the simple version's:\n got %v\nwant %v", dir, got, want)
		}
		defs += len(want)
	}
	if defs < 20 {
		t.Fatalf("only %d definitions compared over %d folders", defs, len(dirs))
	}
}

// TestSiblingHeaderOfManyNames checks that a neighbour whose one statement
// declares a great many locals is read for all of them (its cost is
// linear in its size: the locals were once searched as a list, which made
// a one-line script beside a 850 KB header take a minute).
func TestSiblingHeaderOfManyNames(t *testing.T) {
	dir := t.TempDir()
	const n = 60000
	var b strings.Builder
	b.WriteString("local ")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("v")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteString("\nfunction g() end\n")
	write(t, filepath.Join(dir, "big.lua"), b.String())
	write(t, filepath.Join(dir, "tiny.lua"), "return helper()\n")
	s := &Files{Limit: 4 << 20}
	got := s.siblings().of(filepath.Join(dir, "tiny.lua"))()
	if len(got) != n+1 {
		t.Fatalf("%d names, want %d", len(got), n+1)
	}
	for _, name := range []string{"v0", "vxx59999", "g"} {
		want := lint.Sibling{Script: "sibling big.lua", Local: name != "g"}
		if got[name] != want {
			t.Errorf("%s: %+v, want %+v", name, got[name], want)
		}
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestQuotedTextsMatchRegexp checks quotedTexts against the regular
// expression it replaces, on edge cases and on random texts made of quotes,
// newlines and letters (runs near the 200-byte bound included).
func TestQuotedTextsMatchRegexp(t *testing.T) {
	re := regexp.MustCompile(`["']([^"'\n]{1,200})["']`)
	texts := []string{
		``, `"`, `""`, `"a"`, `'a"`, `"a`, "\"a\nb\"", `x"ab"'cd'e`, `"'"'`,
		`"` + strings.Repeat("a", 200) + `"`, `"` + strings.Repeat("a", 201) + `" "b"`,
		`"` + strings.Repeat("a", 300) + `" x "b"`, `require("./x.lua") load('y.lua')`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("\"'\na")
	for range 3000 {
		b := make([]byte, rng.IntN(600))
		for i := range b {
			if rng.IntN(40) == 0 {
				b[i] = alphabet[rng.IntN(3)]
			} else {
				b[i] = alphabet[3]
			}
		}
		texts = append(texts, string(b))
	}
	matched := 0
	for _, s := range texts {
		var want, got []string
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			want = append(want, m[1])
		}
		quotedTexts([]byte(s), func(q []byte) { got = append(got, string(q)) })
		if !slices.Equal(got, want) {
			t.Fatalf("quotedTexts(%q) = %q, the regexp finds %q", s, got, want)
		}
		matched += len(want)
	}
	if matched < 1000 {
		t.Fatalf("only %d quoted texts compared", matched)
	}
}
