package lint_test

import (
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/slowtest"
	"github.com/lint-lua/lint-lua/rules"
)

// TestReuseMatchesFresh lints files in turn, each parse and model built in
// the arrays the previous file's released (lintSource parses through
// luasrc.WithParse, lint.Run models through model.WithModel), in orders that give each file the leftovers of
// larger and of smaller ones, and checks every result equals a lint of
// the file on empty pools: a reuse bug shows as one file's data leaking
// into the next.
func TestReuseMatchesFresh(t *testing.T) {
	slowtest.Gate(t, "lints every input five times, two collections before each fresh lint")
	sets, err := benchdata.Sets()
	if err != nil {
		t.Fatal(err)
	}
	var files []benchdata.File
	for _, s := range sets {
		files = append(files, s.Files...)
	}
	// What takes the other paths: a file that does not parse, one
	// gopher-lua's scanner reads (a decimal escape fastScan leaves to it),
	// a hex float (tokens merged into a new slice), CR line ends, a BOM.
	for i, src := range []string{
		"local x = \nif then end\n",
		"local s = \"\\300\"\nreturn redis.call('GET', KEYS[1]) .. s\n",
		"local n = 0x1p4\nreturn redis.call('INCRBY', KEYS[1], n)\n",
		"local a = redis.call('GET', KEYS[1])\r\nif a then\r\n  return a + 1\r\nend\r\n",
		"\xEF\xBB\xBFreturn redis.call('SET', KEYS[1], ARGV[1])\n",
	} {
		files = append(files, benchdata.File{Name: "inline" + string(rune('a'+i)) + ".lua", Src: []byte(src)})
	}
	if len(files) < 20 {
		t.Fatalf("only %d files to lint", len(files))
	}
	all := rules.Catalogue().All()
	fresh := make([][]diag.Diagnostic, len(files))
	found := 0
	for i, in := range files {
		// Two collections empty every sync.Pool.
		runtime.GC()
		runtime.GC()
		fresh[i] = lintSource(in.Name, in.Src, all, nil)
		found += len(fresh[i])
	}
	if found == 0 {
		t.Fatal("no findings at all: nothing compared")
	}
	bySize := make([]int, len(files))
	for i := range bySize {
		bySize[i] = i
	}
	slices.SortStableFunc(bySize, func(a, b int) int { return len(files[a].Src) - len(files[b].Src) })
	// Largest and smallest in turn.
	var alternate []int
	for lo, hi := 0, len(bySize)-1; lo <= hi; lo, hi = lo+1, hi-1 {
		alternate = append(alternate, bySize[hi])
		if lo != hi {
			alternate = append(alternate, bySize[lo])
		}
	}
	descending := slices.Clone(bySize)
	slices.Reverse(descending)
	orders := map[string][]int{
		"ascending":  bySize,
		"descending": descending,
		"alternate":  alternate,
	}
	for name, order := range orders {
		for _, i := range order {
			in := files[i]
			if got := lintSource(in.Name, in.Src, all, nil); !reflect.DeepEqual(got, fresh[i]) {
				t.Errorf("%s order: %s: reused arrays gave\n%v\nwant\n%v", name, in.Name, got, fresh[i])
			}
		}
	}
	// Goroutines sharing the pools, as the CLI's workers do.
	var wg sync.WaitGroup
	for _, order := range [][]int{bySize, descending, alternate, bySize} {
		wg.Go(func() {
			for _, i := range order {
				in := files[i]
				if got := lintSource(in.Name, in.Src, all, nil); !reflect.DeepEqual(got, fresh[i]) {
					t.Errorf("concurrent: %s: reused arrays gave\n%v\nwant\n%v", in.Name, got, fresh[i])
				}
			}
		})
	}
	wg.Wait()
}

// TestReleaseEmpties checks that the File and the model that WithParse and
// WithModel release are emptied, so that a use of one kept past its scope
// fails rather than reads the next file's data.
func TestReleaseEmpties(t *testing.T) {
	var kept *luasrc.File
	var keptModel *model.Model
	luasrc.WithParse("a.lua", []byte("local x = redis.call('GET', KEYS[1])\nreturn x\n"), func(f *luasrc.File) {
		if len(f.Tokens) == 0 || f.Chunk == nil {
			t.Fatal("the file did not parse")
		}
		kept = f
		model.WithModel(f, model.Options{}, func(m *model.Model) {
			if len(m.Calls) != 1 {
				t.Fatalf("the model has %d calls, want 1", len(m.Calls))
			}
			keptModel = m
		})
		if keptModel.File != nil || keptModel.Calls != nil || keptModel.Vars != nil {
			t.Errorf("a released model still holds its data: %d calls, %d variables", len(keptModel.Calls), len(keptModel.Vars))
		}
	})
	if kept.Tokens != nil || kept.Chunk != nil || kept.Src != nil || kept.LineCount() != 0 {
		t.Errorf("a released File still holds its data: %d tokens, %d lines", len(kept.Tokens), kept.LineCount())
	}
}
