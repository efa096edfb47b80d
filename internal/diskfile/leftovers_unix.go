//go:build unix

package diskfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

// CleanLeftovers removes from dir the temporary files of lint-lua runs
// that ended without removing them (SIGKILL, a crash, a power cut), and
// lists those it finds but cannot prove to be abandoned. A file is removed
// only when all of these hold:
//
//   - its name is one tempPattern makes (".NAME.lint-lua-PID-N");
//   - it is a regular file;
//   - the process PID no longer exists on this machine;
//   - its lock (lockTemp) is free: every writer holds it until the file is
//     renamed or removed, and the system drops it when the writer ends, so
//     a free lock is a writer gone, even when PID was reused or the writer
//     ran on another machine sharing the folder.
//
// A file named the way older lint-lua runs named theirs
// (".NAME.lint-lua-N", with no pid, and no lock) is reported, never
// removed: nothing tells whether its writer still runs. This process's own
// files are left alone.
func CleanLeftovers(dir string) []Leftover {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Leftover
	for _, e := range entries {
		pid, ok := leftoverName(e.Name())
		if !ok || pid == os.Getpid() || !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if pid == 0 {
			out = append(out, Leftover{Path: p, Reason: "an older lint-lua's temporary file, which does not say whether its writer still runs; remove it once no lint-lua --fix runs here"})
			continue
		}
		if l, ok := cleanOne(p, pid); ok {
			out = append(out, l)
		}
	}
	return out
}

// cleanOne removes the leftover at p when its writer is gone; ok is false
// when its writer is still at work (its lock is held), which is no news.
func cleanOne(p string, pid int) (l Leftover, ok bool) {
	l = Leftover{Path: p, Pid: pid}
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return l, false // gone already, or not ours to read
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return l, false
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		if errors.Is(err, unix.EWOULDBLOCK) {
			return l, false // its writer holds it
		}
		l.Reason = fmt.Sprintf("its lock cannot be tested (%v); remove it once no lint-lua --fix runs here", err)
		return l, true
	}
	if err := unix.Kill(pid, 0); !errors.Is(err, unix.ESRCH) {
		l.Reason = fmt.Sprintf("process %d, which wrote it, may still run; remove it once no lint-lua --fix runs here", pid)
		return l, true
	}
	if err := os.Remove(p); err != nil {
		l.Reason = fmt.Sprintf("it could not be removed: %v", unwrap(err))
		return l, true
	}
	l.Removed = true
	return l, true
}
