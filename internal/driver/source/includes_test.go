package source

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
)

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

// TestIncludeOfferMatchesLoad: what a file linted whole gives the include
// cache (offer) is what reading it for its names gives (load), on every
// corpus, example and fixture file that offer keeps; and a fragment offered
// is not read again.
func TestIncludeOfferMatchesLoad(t *testing.T) {
	kept := 0
	// The corpus (scripts/fetch-corpus.sh) holds bull's and bullmq's
	// fragments; without it the bundled files still run.
	roots := []string{"../../../examples", "../../../testdata/rules", "../../../testdata/fixes"}
	floor := 5
	if _, err := os.Stat("../../../testdata/corpus"); err == nil {
		roots, floor = append(roots, "../../../testdata/corpus/"), 50
	}
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lua") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			offered := newIncludeCache(1 << 20)
			offered.offer(p, luasrc.Parse(p, src))
			inc, ok := offered.files[p]
			if !ok {
				return nil
			}
			kept++
			want, _ := newIncludeCache(1 << 20).load(p)
			if !reflect.DeepEqual(inc.names, want.names) || !reflect.DeepEqual(inc.includes, want.includes) || !inc.ok {
				t.Errorf("%s: offer gives names %q and includes %q, load %q and %q", p, inc.names, inc.includes, want.names, want.includes)
			}
			return nil
		})
	}
	if kept < floor {
		t.Errorf("offer kept %d files of %q; there are more fragments than that", kept, roots)
	}

	// A fragment offered is not read again: remove it, and the script
	// that includes it still finds its names.
	dir := t.TempDir()
	frag := filepath.Join(dir, "frag.lua")
	src := []byte("local function helper() return 1 end\nfunction exported() end\n")
	c := newIncludeCache(1 << 20)
	c.offer(frag, luasrc.Parse(frag, src))
	names := c.includedNames(filepath.Join(dir, "main.lua"), []byte("--- @include \"frag\"\nreturn helper()\n"))
	if want := []string{"helper", "exported"}; !reflect.DeepEqual(names, want) {
		t.Errorf("names from an offered fragment that is not on disk: %q, want %q", names, want)
	}
	// A script that does its work at its top level, or does not parse,
	// is not kept.
	for _, s := range []string{"local x = 1\nreturn x\n", "local function f() end\nf()\n", "local function f( end\n"} {
		c := newIncludeCache(1 << 20)
		c.offer(frag, luasrc.Parse(frag, []byte(s)))
		if _, ok := c.files[frag]; ok {
			t.Errorf("offer kept %q", s)
		}
	}
}
