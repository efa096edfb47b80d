package lint_test

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver/drivertest"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/rules"
)

// FuzzFix applies every fix to arbitrary bytes: nothing may panic, every
// fix's edits lie inside the file and do not overlap, and no fix applied
// by the loop makes the script fail to parse.
//
//	go test -run '^$' -fuzz FuzzFix -parallel 1 ./internal/lint/
func FuzzFix(f *testing.F) {
	for _, src := range seedSources(f) {
		f.Add(src)
	}
	more, _ := filepath.Glob("../../testdata/fixes/*/*.lua")
	for _, p := range more {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	// Closures that assign what a fix would test, and comments inside what
	// it would rewrite (issue 19 item 5): no fix may touch either.
	for _, src := range []string{
		"local n = redis.call('SISMEMBER', KEYS[1], ARGV[1])\nlocal function reset() n = nil end\nreset()\nif not n then return 0 end\nreturn 1\n",
		"local v = redis.call('GET', KEYS[1])\nlocal function clear() v = false end\nclear()\nif v == nil then return 0 end\nreturn 1\n",
		"local v = redis.call('GET', KEYS[1])\nif v --[[c]] == nil then return 0 end\nreturn 1\n",
		"if redis.call('EXISTS', KEYS[1]) --[[c]] then return 1 end\nreturn 0\n",
	} {
		f.Add([]byte(src))
	}
	all := rules.Catalogue().All()
	f.Fuzz(func(t *testing.T, src []byte) {
		res := drivertest.FixLua("fuzz.lua", src, all, diag.Unsafe)
		// No edit covers a comment: the new text would drop it.
		if orig := luasrc.Parse("fuzz.lua", src); orig.Chunk != nil {
			for _, d := range res.Before {
				if d.Fix == nil {
					continue
				}
				for _, e := range d.Fix.Edits {
					for _, c := range orig.Comments {
						if co := orig.Offset(c.Range.Start); co >= e.Start && co < e.End {
							t.Fatalf("%s: edit %+v would drop the comment at %d:\n%s", d.Rule, e, co, src)
						}
					}
				}
			}
		}
		for _, d := range res.Before {
			if d.Fix == nil {
				continue
			}
			es := append([]diag.Edit(nil), d.Fix.Edits...)
			sort.Slice(es, func(i, j int) bool { return es[i].Start < es[j].Start })
			for i, e := range es {
				if e.Start < 0 || e.End < e.Start || e.End > len(src) {
					t.Fatalf("%s: edit %+v outside the file (%d bytes)", d.Rule, e, len(src))
				}
				if i > 0 && e.Start < es[i-1].End {
					t.Fatalf("%s: overlapping edits: %+v", d.Rule, d.Fix.Edits)
				}
			}
		}
		// Each fix alone keeps a script that parsed parsing: the loop
		// undoes a round that breaks the script, which would hide it.
		if orig := luasrc.Parse("fuzz.lua", src); orig.Chunk != nil && len(orig.Errors) == 0 {
			for _, d := range res.Before {
				if d.Fix == nil {
					continue
				}
				// A suggestion (display-only) an editor may still
				// apply: it keeps the script parsing too.
				fx := *d.Fix
				fx.Applicability = diag.Safe
				d.Fix = &fx
				out, n := diag.ApplyFixes(src, []diag.Diagnostic{d}, diag.Safe)
				if n != 1 {
					t.Fatalf("%s: its fix did not apply alone", d.Rule)
				}
				if f := luasrc.Parse("fuzz.lua", out); f.Chunk == nil || len(f.Errors) > 0 {
					t.Fatalf("%s: fix %q breaks the script:\n%s\n=>\n%s", d.Rule, d.Fix.Message, src, out)
				}
			}
		}
		if res.Applied == 0 {
			if string(res.Src) != string(src) {
				t.Fatal("text changed without a fix")
			}
			return
		}
		if luasrc.Parse("fuzz.lua", res.Src).Chunk == nil {
			t.Fatalf("fixed text does not parse:\n%s", res.Src)
		}
	})
}
