package diskfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// The reasons Replace leaves a file as it is, wrapped with details: the
// caller says so, naming the file, and the file keeps its old content.
var (
	// ErrChanged: the file is no longer what was read (edited, saved by
	// an editor, replaced, truncated): writing would lose that change.
	ErrChanged = errors.New("it changed after lint-lua read it")
	// ErrReadOnly: the file has no write permission for this process,
	// as gofmt -w refuses it; for root, none for anyone.
	ErrReadOnly = errors.New("it is read-only")
	// ErrLinked: the file has other hard links, which a new file renamed
	// over it would no longer share.
	ErrLinked = errors.New("it has more than one hard link")
	// ErrOwner: the new file could not be given the old one's owner,
	// group or mode.
	ErrOwner = errors.New("its owner, group or mode cannot be kept")
	// ErrAttrs: the new file could not be given the old one's extended
	// attributes (POSIX ACLs, user.*, security.*, trusted.*).
	ErrAttrs = errors.New("its extended attributes (ACL, user.*, security.*) cannot be kept")
)

// Replace writes data over the file at path, which was read as old with
// identity id, so that nothing is lost:
//
//   - A symbolic link is followed: its target is rewritten, the link stays.
//   - The file must still have identity id and content old, or it is left
//     alone (ErrChanged): an edit made while lint-lua ran is kept.
//   - A read-only file is refused (ErrReadOnly), as gofmt refuses it.
//   - The new content goes to a temporary file in the same directory,
//     given the old file's owner, group and mode (setuid, setgid and sticky
//     bits included) and, on Linux, its extended attributes (POSIX ACLs,
//     user.*, security.*; trusted.* for root), synced to disk, and renamed over the old file once
//     its identity is checked again: a reader never sees half a script, and
//     a crash or a kill leaves the old file or the new one. SIGINT,
//     SIGTERM, SIGHUP and SIGQUIT remove the temporary file
//     (CleanUpOnSignal); after a SIGKILL a later run removes it
//     (CleanLeftovers).
//   - Where the rename cannot keep what identifies the file to its user,
//     the file is refused rather than rewritten in place: a file with
//     other hard links (ErrLinked), whose links the rename would break, one
//     whose owner, group or mode the process cannot give the new file
//     (ErrOwner), a file of another user in a group-writable directory for
//     one, and one with an extended attribute the new file cannot be given
//     (ErrAttrs: trusted.* or security.* without the privilege). Rewriting in place would keep those, but a crash in the middle
//     would leave half a script: the user fixes such a file by hand, or
//     with `lint-lua --diff | patch`.
//
// The check and the rename are two steps: an edit saved in the moment
// between them is lost, as with any editor that saves by renaming.
func Replace(path string, old []byte, id ID, data []byte) (err error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return unwrap(err)
	}
	cur, curID, err := Read(target, int64(len(old)))
	var tooLarge *TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return ErrChanged
	case err != nil:
		return unwrap(err)
	case !curID.Same(id) || !bytes.Equal(cur, old):
		return ErrChanged
	case !mayWrite(curID):
		return ErrReadOnly
	case curID.Nlink > 1:
		return fmt.Errorf("%w (%d links)", ErrLinked, curID.Nlink)
	}
	tmp, err := createTemp(filepath.Dir(target), tempPattern(filepath.Base(target)))
	if err != nil {
		return unwrap(err)
	}
	closed := false
	defer func() {
		if err != nil {
			if !closed {
				tmp.Close()
			}
			os.Remove(tmp.Name())
		}
		forget(tmp.Name())
	}()
	if _, err = tmp.Write(data); err != nil {
		return unwrap(err)
	}
	if err = keepOwnerAndMode(tmp, curID, target); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return unwrap(err)
	}
	if !holdOpen {
		closed = true
		if err = tmp.Close(); err != nil {
			return unwrap(err)
		}
	}
	if afterTemp != nil {
		afterTemp(tmp.Name())
	}
	if now, err2 := statID(target); err2 != nil || !now.Same(id) {
		return ErrChanged
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return unwrap(err)
	}
	if !closed {
		// The lock on the temporary file (lockTemp) is held until it has
		// its final name, so that CleanLeftovers never takes a temporary
		// file that is about to be renamed.
		closed = true
		tmp.Close()
	}
	syncDir(filepath.Dir(target))
	return nil
}

// tempPattern names the temporary file of a write to the file named base:
// hidden, beside it, with this process's id, so that a later run can tell
// a leftover of a killed run from the file of a run under way
// (CleanLeftovers).
func tempPattern(base string) string {
	return "." + base + ".lint-lua-" + strconv.Itoa(os.Getpid()) + "-*"
}

// afterTemp, when set (by tests), runs when the temporary file is written
// and synced, before the file it replaces is checked again and renamed
// over.
var afterTemp func(tmp string)

// temps are the temporary files Replace has created and not yet renamed or
// removed; CleanUpOnSignal removes them.
var temps struct {
	sync.Mutex
	names map[string]bool
}

// createTemp is os.CreateTemp, the name registered before a signal can be
// handled.
func createTemp(dir, pattern string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if err := lockTemp(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	if temps.names == nil {
		temps.names = map[string]bool{}
	}
	temps.names[f.Name()] = true
	return f, nil
}

// forget drops a temporary file from the registry: renamed or removed. A
// signal handled before it removes a name that no longer exists, which
// does no harm.
func forget(name string) {
	temps.Lock()
	delete(temps.names, name)
	temps.Unlock()
}

// removeTemps removes every registered temporary file and keeps the
// registry locked, so that no other is created: the process is about to
// end.
func removeTemps() {
	temps.Lock()
	for name := range temps.names {
		os.Remove(name)
	}
}

// fileModeOf converts raw permission and special bits to an fs.FileMode,
// as os.Chmod takes them.
func fileModeOf(m uint32) fs.FileMode {
	mode := fs.FileMode(m & 0o777)
	if m&0o4000 != 0 {
		mode |= fs.ModeSetuid
	}
	if m&0o2000 != 0 {
		mode |= fs.ModeSetgid
	}
	if m&0o1000 != 0 {
		mode |= fs.ModeSticky
	}
	return mode
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
