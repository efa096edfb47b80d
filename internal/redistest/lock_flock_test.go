//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd || illumos

package redistest

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Two opens of one file stand in for two test processes: flock locks belong
// to the open file, so they exclude each other even within one process.
func TestLockFileExcludes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	unlock, err := lockFile(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockFile(path, 30*time.Millisecond); err == nil || !strings.Contains(err.Error(), "held") {
		t.Fatalf("second lock while the first is held = %v, want a held error", err)
	}
	unlock()
	unlock2, err := lockFile(path, time.Second)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	unlock2()
}
