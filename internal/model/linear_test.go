package model

import (
	"runtime"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// bytesToBuild is how many bytes Build allocates for src.
func bytesToBuild(t *testing.T, src string) uint64 {
	t.Helper()
	f := luasrc.Parse("l.lua", []byte(src))
	if f.Chunk == nil {
		t.Fatalf("parse: %v", f.Errors)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	Build(f)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestBuildLinearInLocals: a chunk of n `local` statements (each one a new
// active local, as Lua counts them) must cost the model about twice as
// much at 2n, not four times. The flow's environment once grew its slots
// one at a time, copying them for every local: 1 MiB of declarations took
// 40 s (scripts/hostile.sh).
// The same for local functions, each of which kept a copy of the
// environment of every local before it.
func TestBuildLinearInLocals(t *testing.T) {
	for _, line := range []string{"local v = 1\n", "local function f(a) return a end\n"} {
		small := bytesToBuild(t, strings.Repeat(line, 4000))
		large := bytesToBuild(t, strings.Repeat(line, 16000))
		if ratio := float64(large) / float64(small); ratio > 6 {
			t.Errorf("%q: 4x the locals cost %.1fx the bytes (%d -> %d): not linear", line, ratio, small, large)
		}
	}
}

// TestBuildConcatChain: a long chain of `local s; s = s .. 1` costs a few
// KB per line (2.3 KB when written). Every value kept up to 256 parts (about 20 KB), so 1 MiB of
// such lines took a minute and 1.7 GB (scripts/hostile.sh); parts are now
// bounded by maxValueSize.
func TestBuildConcatChain(t *testing.T) {
	const lines = 8000
	n := bytesToBuild(t, "local s = ''\n"+strings.Repeat("s = s .. 1\n", lines))
	if perLine := n / lines; perLine > 5<<10 {
		t.Errorf("%d bytes per line of `s = s .. 1`, want at most 5 KB", perLine)
	}
}
