package source

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// directiveRE is the loader's IncludeRegex, anchored to one line (RE2 has
// no back-reference, hence the two quoted forms): the simple version of
// matchDirective.
var directiveRE = regexp.MustCompile(`^-{2,3}[ \t]*@include[ \t]+(?:"([^"]+)"|'([^']+)')[; \t]*\r?$`)

// checkFindDirectives: findDirectives finds what directiveRE, the
// loader's grammar, finds when it is tried on every line.
func checkFindDirectives(t *testing.T, src []byte) {
	var want []foundDirective
	for i, l := range bytes.Split(src, []byte("\n")) {
		if m := directiveRE.FindSubmatch(l); m != nil {
			ref := m[1]
			if ref == nil {
				ref = m[2]
			}
			want = append(want, foundDirective{line: i + 1, col: bytes.Index(l, []byte("@include")) + 1, ref: string(ref)})
		}
	}
	if got := findDirectives(src); !reflect.DeepEqual(got, want) {
		t.Fatalf("findDirectives(%q) = %+v, every line tried gives %+v", src, got, want)
	}
}

var includeSamples = []string{
	"--- @include \"includes/a\"\n--- @include 'b.lua'\nlocal x = 1",
	"-- @include \"a\"\r\n--- @include \"dir/*.lua\";\n", "--- @include \"a\" -- no",
	"  \t---\t@include\t\"a\"", "\n\n--- @include \"a\"", "---\n@include\n'a'",
	"x --- @include \"a\"", "--- @include\"a\"", "--- @include \"a'", "--- @include \"a<b\"",
	"--- @include \"\"", "---- @include \"a\"", "--- @include \"a\n\" --- @include \"b\"", "--- @include \"a",
	"--- @include \"a\"--- @include \"b\"\n--- @include \"c\"", "\r--- @include \"a\"", "",
	"@include @include\n--- @include 'x' @include\n--- @include 'y'\n",
	"--- @include \"a\"\r", "--- @include \"a\"\r\r", "--- @include \"a\" ;\t;\r", "--- @include \"a\"\r;",
	"-- \t @include \t 'a'", "-@include 'a'", "--@include 'a'", "---@include 'a' ", "--- @include ''",
	"--- @include \"a'b\"", "--- @include 'a\"b'", "--- @include \"a\"\"", "--- @include \"\xff\xfe\"",
	"--- @includes \"a\"", "--- @include\t\t\"a\"\t",
}

func TestFindDirectives(t *testing.T) {
	for _, s := range includeSamples {
		checkFindDirectives(t, []byte(s))
	}
	got := findDirectives([]byte("local a\n-- @include \"x\"\n--- @include 'lib/*'\n"))
	want := []foundDirective{{2, 4, "x"}, {3, 5, "lib/*"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findDirectives = %+v, want %+v", got, want)
	}
}

func FuzzFindDirectives(f *testing.F) {
	for _, s := range includeSamples {
		f.Add([]byte(s))
	}
	f.Fuzz(checkFindDirectives)
}

// TestIncludeOfferMatchesLoad: what a file linted whole gives the include
// cache (offer) is what reading it for its names gives (load), on every
// corpus, example and fixture file that offer keeps; and a fragment offered
// is not read again.
func TestIncludeOfferMatchesLoad(t *testing.T) {
	kept := 0
	// The corpus (scripts/fetch-corpus.sh) holds bull's and bullmq's
	// fragments; without it the bundled files still run.
	roots := []string{"../../../examples", "../../../rules", "../../../testdata/fixes"}
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

// TestIncludedNamesGrammar: a run that does not assemble reads the
// directives as assembly does (one grammar): two or three dashes, either
// quote, and a glob names every .lua file it matches.
func TestIncludedNamesGrammar(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"lib/a.lua":   "local function fromA() end\n",
		"lib/b.lua":   "function fromB() end\n",
		"lib/c.txt":   "local notLua = 1\n",
		"other.lua":   "local fromOther = 1\n",
		"indent.lua":  "local indented = 1\n",
		"missing.lua": "",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := "-- @include \"lib/*\"\n--- @include 'other';\n  --- @include \"indent\"\n--- @include \"nowhere\"\nreturn 1\n"
	names := newIncludeCache(1<<20).includedNames(filepath.Join(dir, "main.lua"), []byte(src))
	if want := []string{"fromA", "fromB", "fromOther"}; !reflect.DeepEqual(names, want) {
		t.Errorf("includedNames = %q, want %q", names, want)
	}
}

// TestResolveIncludeClean checks that the paths resolveInclude returns are
// clean without cleaning them itself, whatever the folder and the
// directive look like (they are compared with the paths of the files a
// run finds).
func TestResolveIncludeClean(t *testing.T) {
	root := t.TempDir()
	for _, n := range []string{"includes/a.lua", "includes/b.lua", "c.lua"} {
		p := filepath.Join(root, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("return 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, dir := range []string{root, root + "/", root + "/./includes/..", root + "//includes/../."} {
		for _, ref := range []string{"includes/a", "includes/a.lua", "./includes/../includes/b.lua", "includes/*.lua", "./*.lua", "../" + filepath.Base(root) + "/c"} {
			got, err := resolveInclude(dir, ref)
			if err != nil {
				t.Fatalf("resolveInclude(%q, %q): %v", dir, ref, err)
			}
			for _, p := range got {
				if p != filepath.Clean(p) {
					t.Errorf("resolveInclude(%q, %q) gives %q, not clean", dir, ref, p)
				}
				n++
			}
		}
	}
	if n < 28 {
		t.Fatalf("only %d paths resolved", n)
	}
}
