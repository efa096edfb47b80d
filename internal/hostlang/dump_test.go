package hostlang_test

import (
	"fmt"
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// TestDump prints what Extract finds in the files named by
// HOSTLANG_DUMP (colon-separated): a tool for reading real code, skipped
// otherwise.
func TestDump(t *testing.T) {
	paths := os.Getenv("HOSTLANG_DUMP")
	if paths == "" {
		t.Skip("HOSTLANG_DUMP not set")
	}
	var files []string
	for _, p := range strings.Split(paths, ":") {
		_ = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if _, ok := langs.Of(path); ok {
					files = append(files, path)
				}
			}
			return nil
		})
	}
	brief := os.Getenv("HOSTLANG_BRIEF") != ""
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lang, ok := langs.Of(p)
		if !ok {
			t.Fatalf("%s: no language", p)
		}
		f, err := Extract(lang, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := srcmap.NewLines(src)
		if dir := os.Getenv("HOSTLANG_WRITE"); dir != "" {
			// Each script to its own file, for luac5.1 -p.
			for _, s := range f.Scripts {
				if s.Dynamic {
					continue
				}
				name := fmt.Sprintf("%s:%d", p, lines.Pos(s.Start).Line)
				if len(s.Holes) > 0 {
					name += ":holes"
				}
				out := filepath.Join(dir, strings.NewReplacer("/", "_", ":", "@").Replace(strings.TrimPrefix(name, "/"))+".lua")
				if err := os.WriteFile(out, []byte(s.Text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		if os.Getenv("HOSTLANG_CALLS") != "" {
			for _, s := range f.Scripts {
				for _, c := range s.Calls {
					fmt.Printf("call %s %s:%d %s dynamic=%v keys=%d\n", c.API, p, lines.Pos(c.Start).Line, s.FoundBy, s.Dynamic, c.Keys)
				}
				if len(s.Calls) == 0 {
					fmt.Printf("content %s:%d\n", p, lines.Pos(s.Start).Line)
				}
			}
			continue
		}
		if len(f.Scripts) == 0 && brief {
			continue
		}
		fmt.Printf("== %s: %d scripts, %d comments, prefilter %v\n", p, len(f.Scripts), len(f.Comments), MayHoldScript(lang, src, nil))
		for _, s := range f.Scripts {
			if brief {
				fmt.Printf("-- %v by %s dynamic=%v ref=%q holes=%d calls=%d\n", lines.Pos(s.Start), s.FoundBy, s.Dynamic, s.Ref, len(s.Holes), len(s.Calls))
				continue
			}
			fmt.Printf("-- %v..%v by %s dynamic=%v ref=%q calls=%+v\n", lines.Pos(s.Start), lines.Pos(s.End), s.FoundBy, s.Dynamic, s.Ref, s.Calls)
			for _, h := range s.Holes {
				fmt.Printf("   hole %s %q at %v -> %s\n", h.Kind, h.Expr, lines.Pos(h.Start), h.Name)
			}
			fmt.Println(s.Text)
		}
	}
}
