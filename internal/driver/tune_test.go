package driver

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestStartProfilesWritesBoth(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{
		"LINT_LUA_CPUPROFILE": filepath.Join(dir, "cpu.out"),
		"LINT_LUA_MEMPROFILE": filepath.Join(dir, "mem.out"),
	}
	stop := startProfiles(func(k string) string { return env[k] })
	stop()
	for _, p := range env {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if info.Size() == 0 {
			t.Errorf("%s is empty", p)
		}
	}
}

// TestJobsFor: one worker per processor that other work leaves idle, and
// at least one.
func TestJobsFor(t *testing.T) {
	for _, c := range []struct{ procs, busy, want int }{
		{2, 0, 2}, {2, 1, 1}, {2, 37, 1}, {8, 3, 5}, {1, 0, 1}, {4, -1, 4},
	} {
		if got := jobsFor(c.procs, c.busy); got != c.want {
			t.Errorf("jobsFor(%d, %d) = %d, want %d", c.procs, c.busy, got, c.want)
		}
	}
	if n := DefaultJobs(); n < 1 || n > runtime.GOMAXPROCS(0) {
		t.Errorf("DefaultJobs() = %d, want 1 to %d", n, runtime.GOMAXPROCS(0))
	}
}
