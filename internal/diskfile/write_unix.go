//go:build unix

package diskfile

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// mayWrite reports whether this process may write a file with identity
// id, by its mode bits as the system checks them: the owner's for its
// owner, the group's for a member of its group, the others' for the rest.
// Root may write any file, but a file that no one may write is read-only by
// intent, and is refused.
func mayWrite(id ID) bool {
	groups, _ := os.Getgroups()
	return writableBy(id, os.Geteuid(), os.Getegid(), groups)
}

func writableBy(id ID, euid, egid int, groups []int) bool {
	switch {
	case euid == 0:
		return id.Mode&0o222 != 0
	case uint32(euid) == id.Uid:
		return id.Mode&0o200 != 0
	case uint32(egid) == id.Gid || slices.Contains(groups, int(id.Gid)):
		return id.Mode&0o020 != 0
	}
	return id.Mode&0o002 != 0
}

// keepOwnerAndMode gives f the owner, group and mode of id, and the
// extended attributes of the file at src: chown first, since a chown clears
// the setuid and setgid bits (and security.capability), and the ACL after
// the mode, since a chmod rewrites the ACL's mask.
func keepOwnerAndMode(f *os.File, id ID, src string) error {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return unwrap(err)
	}
	if st.Uid != id.Uid || st.Gid != id.Gid {
		if err := f.Chown(int(id.Uid), int(id.Gid)); err != nil {
			return fmt.Errorf("%w (it belongs to uid %d, gid %d: %v)", ErrOwner, id.Uid, id.Gid, unwrap(err))
		}
	}
	if err := f.Chmod(fileModeOf(id.Mode)); err != nil {
		return fmt.Errorf("%w (mode %04o: %v)", ErrOwner, id.Mode, unwrap(err))
	}
	if err := keepAttrs(f, src); err != nil {
		return err
	}
	// The system may drop a bit it does not let this process set (the
	// setgid bit of a group the process is not in): the new file would
	// differ from the old.
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return unwrap(err)
	}
	if st.Uid != id.Uid || st.Gid != id.Gid || uint32(st.Mode)&0o7777 != id.Mode {
		return fmt.Errorf("%w (uid %d, gid %d, mode %04o would become uid %d, gid %d, mode %04o)", ErrOwner,
			id.Uid, id.Gid, id.Mode, st.Uid, st.Gid, uint32(st.Mode)&0o7777)
	}
	return nil
}

// statID is the identity of the file at path, following links.
func statID(path string) (ID, error) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return ID{}, err
	}
	return idOf(&st), nil
}

// syncDir makes a rename in dir durable; a failure only loses that.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// holdOpen: the temporary file stays open, and locked, until renamed.
const holdOpen = true

// lockTemp takes an exclusive lock on a new temporary file for as long as
// this process holds it open: the system drops the lock when the process
// ends, however it ends, which is how CleanLeftovers knows a leftover's
// writer is gone.
func lockTemp(f *os.File) error {
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil && !errors.Is(err, unix.ENOTSUP) && !errors.Is(err, unix.ENOLCK) {
		return fmt.Errorf("lock %s: %w", f.Name(), err)
	}
	return nil
}

// The signals that end a run while it may hold temporary files: SIGINT and
// SIGTERM, SIGHUP (the terminal closed) and SIGQUIT (Ctrl-\).
var cleanUpSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// CleanUpOnSignal makes SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the
// temporary files Replace has not renamed yet before the process ends by
// the signal, as it would have without the handler. SIGQUIT, whose Go
// default prints every goroutine's stack and exits with status 2, instead
// ends the process with status 131 (128 + 3), as a shell reports a process
// the signal ended. stop uninstalls it.
func CleanUpOnSignal() (stop func()) {
	ch := make(chan os.Signal, 1)
	// A signal ignored from the start stays ignored: nohup's SIGHUP, or
	// SIGINT and SIGQUIT of a background job of a shell without job
	// control. Notify would make it end the run.
	for _, sig := range cleanUpSignals {
		if !signal.Ignored(sig) {
			signal.Notify(ch, sig)
		}
	}
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			removeTemps()
			n := sig.(syscall.Signal)
			if n != syscall.SIGQUIT {
				signal.Reset(sig)
				syscall.Kill(os.Getpid(), n)
				// The signal's default action ends the process; should
				// it not, end as a shell reports a signal.
				time.Sleep(time.Second)
			}
			os.Exit(128 + int(n))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
