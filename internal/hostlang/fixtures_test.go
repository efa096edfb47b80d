package hostlang_test

import (
	"flag"
	"fmt"
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

var update = flag.Bool("update", false, "rewrite the .golden files of testdata")

// TestFixtures extracts every file under testdata/<lang>/ and compares a
// rendering of the result (each script's range, API, calls, holes, the
// host line:column of every redis.call and KEYS[ of its text, and the
// text itself) with the file's .golden. The goldens were checked by hand
// against the sources; -update rewrites them.
func TestFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		if strings.HasSuffix(path, ".golden") {
			continue
		}
		lang, ok := langs.Of(path)
		if !ok {
			continue
		}
		n++
		t.Run(filepath.ToSlash(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Extract(lang, src, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, src, f)
			checkParses(t, f)
			got := render(src, f)
			golden := path + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("extraction differs from %s:\n%s", golden, diffLines(string(want), got))
			}
			if !MayHoldScript(lang, src, nil) && len(f.Scripts) > 0 {
				t.Errorf("MayHoldScript rejects a file with %d scripts", len(f.Scripts))
			}
		})
	}
	if n == 0 {
		t.Fatal("no fixtures")
	}
}

// checkParses asserts that every script without holes in code parses as
// Lua, and that the holes keep the others parsing too.
func checkParses(t *testing.T, f *File) {
	t.Helper()
	for i, s := range f.Scripts {
		if s.Dynamic || strings.Contains(s.Text, "lint-lua-fixture: syntax error") {
			continue
		}
		lf := luasrc.Parse("script", []byte(s.Text))
		if len(lf.Errors) > 0 {
			t.Errorf("script %d does not parse: %s\n%s", i+1, lf.Errors[0].Message, s.Text)
		}
	}
}

// checkInvariants asserts what holds for any input: positions inside the
// file, a map as long as the text, exact single-byte spans that name the
// very byte, holes where their placeholders are.
func checkInvariants(t testing.TB, src []byte, f *File) {
	t.Helper()
	in := func(what string, start, end int) {
		if start < 0 || end < start || end > len(src) {
			t.Fatalf("%s: range [%d, %d) outside the file of %d bytes", what, start, end, len(src))
		}
	}
	for _, c := range f.Comments {
		in("comment", c.Start, c.End)
	}
	for i, s := range f.Scripts {
		what := fmt.Sprintf("script %d", i+1)
		in(what, s.Start, s.End)
		for _, c := range s.Calls {
			in(what+" call", c.Start, c.End)
			if c.Keys >= 0 {
				in(what+" keys", c.KeysStart, c.KeysEnd)
			}
			if c.Args >= 0 {
				in(what+" args", c.ArgsStart, c.ArgsEnd)
			}
		}
		if s.Dynamic {
			if s.Text != "" || s.Map != nil {
				t.Fatalf("%s: dynamic with a text", what)
			}
			continue
		}
		if s.Map == nil || s.Map.String() != s.Text {
			t.Fatalf("%s: map and text differ", what)
		}
		for k := 0; k < s.Map.Len(); k++ {
			sp := s.Map.Span(k)
			in(fmt.Sprintf("%s byte %d", what, k), sp.Start, sp.End)
			if sp.Exact && sp.End == sp.Start+1 && src[sp.Start] != s.Text[k] {
				t.Fatalf("%s byte %d (%q) maps exactly to %q at %d", what, k, s.Text[k], src[sp.Start], sp.Start)
			}
		}
		for _, h := range s.Holes {
			in(what+" hole", h.Start, h.End)
			if h.LuaStart < 0 || h.LuaEnd > len(s.Text) || h.LuaStart > h.LuaEnd {
				t.Fatalf("%s: hole at [%d, %d) outside the text", what, h.LuaStart, h.LuaEnd)
			}
			want := h.Name
			if h.Call {
				want += "()"
			}
			if got := s.Text[h.LuaStart:h.LuaEnd]; got != want {
				t.Fatalf("%s: hole text %q, want %q", what, got, want)
			}
		}
	}
}

var markers = []string{"redis.call", "redis.pcall", "server.call", "KEYS[", "ARGV["}

// render writes what the golden files hold.
func render(src []byte, f *File) string {
	lines := srcmap.NewLines(src)
	pos := func(off int) string {
		p := lines.Pos(off)
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "scripts: %d\n", len(f.Scripts))
	for i, s := range f.Scripts {
		fmt.Fprintf(&b, "\nscript %d at %s-%s found by %s", i+1, pos(s.Start), pos(s.End), s.FoundBy)
		if s.Name != "" {
			fmt.Fprintf(&b, ", named %s", s.Name)
		}
		if s.Dynamic {
			fmt.Fprintf(&b, ", dynamic")
			if s.Ref != "" {
				fmt.Fprintf(&b, ", ref %q", s.Ref)
			}
		}
		b.WriteString("\n")
		for _, c := range s.Calls {
			fmt.Fprintf(&b, "  call %s at %s-%s", c.API, pos(c.Start), pos(c.End))
			if c.Keys >= 0 {
				fmt.Fprintf(&b, ", %d keys at %s", c.Keys, pos(c.KeysStart))
			}
			if c.Args >= 0 {
				fmt.Fprintf(&b, ", %d args at %s", c.Args, pos(c.ArgsStart))
			}
			b.WriteString("\n")
		}
		for _, h := range s.Holes {
			fmt.Fprintf(&b, "  hole %s %q at %s-%s as %s", h.Kind, h.Expr, pos(h.Start), pos(h.End), h.Name)
			if h.Call {
				b.WriteString("()")
			}
			b.WriteString("\n")
		}
		if s.Dynamic {
			continue
		}
		var at []string
		for k := 0; k < len(s.Text); k++ {
			for _, m := range markers {
				if strings.HasPrefix(s.Text[k:], m) {
					sp := s.Map.Span(k)
					mark := ""
					if !sp.Exact {
						mark = "~"
					}
					at = append(at, fmt.Sprintf("%s %s%s", strings.TrimSuffix(m, "["), mark, pos(sp.Start)))
				}
			}
		}
		if len(at) > 0 {
			fmt.Fprintf(&b, "  at: %s\n", strings.Join(at, ", "))
		}
		for _, l := range strings.Split(s.Text, "\n") {
			fmt.Fprintf(&b, "  | %s\n", strings.ReplaceAll(l, "\t", "→"))
		}
	}
	var sup []string
	for _, c := range f.Comments {
		if strings.Contains(c.Text, "lint-lua:") {
			own := ""
			if c.OwnLine {
				own = " own line"
			}
			sup = append(sup, fmt.Sprintf("  %s-%s%s: %s", pos(c.Start), pos(c.End), own, strings.TrimSpace(c.Text)))
		}
	}
	fmt.Fprintf(&b, "\ncomments: %d\n", len(f.Comments))
	for _, s := range sup {
		b.WriteString(s + "\n")
	}
	return b.String()
}

// diffLines shows the first lines that differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 20; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  want %q\n  got  %q\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}
