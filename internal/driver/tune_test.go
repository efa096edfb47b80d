package driver

import (
	"os"
	"path/filepath"
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
