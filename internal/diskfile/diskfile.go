// Package diskfile reads and writes the files lint-lua lints, so that no
// file can hang a run, exhaust its memory or lose a user's work.
//
// Every read takes at most a size cap, and Read opens only regular files:
// a named pipe would wait for a writer forever, and a device (/dev/zero)
// never ends. A read records the file's identity (device, inode, size,
// modification time), and Replace writes a file back only while its content
// and identity are still what was read, with its owner, group and mode,
// through a temporary file that is synced and renamed over it.
package diskfile

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"
)

// ID is what identifies a file's content on disk without reading it: a
// file edited, replaced or truncated since has another ID. It also carries
// what Replace must keep.
type ID struct {
	Dev, Ino uint64
	Size     int64
	ModTime  time.Time
	// Mode is the file's permission and special bits (setuid, setgid,
	// sticky) as the system holds them, Nlink its number of hard links.
	Mode       uint32
	Nlink      uint64
	Uid, Gid   uint32
	hasOwner   bool // Uid and Gid were read (not on every system)
	hasInodeID bool // Dev and Ino were read
}

// Same reports whether a and b are the same file with the same content as
// far as the file system tells: same device and inode, size and
// modification time.
func (a ID) Same(b ID) bool {
	return a.Dev == b.Dev && a.Ino == b.Ino && a.hasInodeID == b.hasInodeID &&
		a.Size == b.Size && a.ModTime.Equal(b.ModTime)
}

// Inode is the file's device and inode, when the system gives them: the
// same for every path that reaches the file (a link, a hard link, a name
// given twice).
func (a ID) Inode() (dev, ino uint64, ok bool) { return a.Dev, a.Ino, a.hasInodeID }

// TooLargeError is the error of a read past its cap.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string { return "larger than " + FormatSize(e.Limit) }

// NotRegularError is the error of Read for a path that is no regular file.
type NotRegularError struct{ Mode fs.FileMode }

func (e *NotRegularError) Error() string {
	what := "a special file"
	switch {
	case e.Mode&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case e.Mode&fs.ModeSocket != 0:
		what = "a socket"
	case e.Mode&fs.ModeDevice != 0:
		what = "a device"
	}
	return "not a regular file but " + what
}

// IsNotRegular reports whether err is Read's refusal of a file that is
// no regular file.
func IsNotRegular(err error) bool {
	var e *NotRegularError
	return errors.As(err, &e)
}

// FormatSize writes n in the largest binary unit that divides it.
func FormatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Read reads the regular file at path, following symbolic links, if it
// holds at most limit bytes. A named pipe, socket or device is refused
// (*NotRegularError) without waiting for a writer; a directory fails as
// reading one does (EISDIR); a larger file fails with *TooLargeError after
// limit+1 bytes. Errors other than those are *fs.PathError, with Op "open"
// when the file could not be opened.
func Read(path string, limit int64) ([]byte, ID, error) {
	return read(path, limit, false)
}

// ReadNamed is Read for a path the user named on the command line: a named
// pipe or a device is read as well, to the cap, as `lint-lua <(cmd)` needs
// (the shell passes a pipe); opening a pipe waits for its writer as any
// program reading it would.
func ReadNamed(path string, limit int64) ([]byte, ID, error) {
	return read(path, limit, true)
}

// ParseSize reads a size as people write it: a number of bytes, with an
// optional unit. KiB, MiB and GiB (and K, M, G) are binary; KB, MB and GB
// are decimal, as a disk's size is written. Units are read in any case.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"kb", 1000}, {"mb", 1000 * 1000}, {"gb", 1000 * 1000 * 1000},
		{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"b", 1}} {
		if len(t) >= len(u.suffix) && strings.EqualFold(t[len(t)-len(u.suffix):], u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 1 || n > (1<<40)/mult {
		return 0, fmt.Errorf("%q is not a size (a positive number of bytes, or with KiB, MiB, GiB, or KB, MB, GB)", s)
	}
	return n * mult, nil
}
