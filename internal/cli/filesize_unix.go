//go:build unix

package cli

import (
	"io/fs"
	"syscall"
)

// errTooManyLinks is what opening a loop of symbolic links fails with.
var errTooManyLinks error = syscall.ELOOP

// readFile reads path to its end, or limit+1 bytes when it is longer, with
// bare system calls: open, fstat, read, close. os.Open adds, for every file,
// a registration with the network poller (which a regular file refuses), a
// finalizer and more system calls: a fifth of the cost of reading a tree of
// small scripts. Errors are *fs.PathError as os gives them.
func readFile(path string, limit int64) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	size := int64(512)
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG {
		size = st.Size + 1 // + 1 to see the end without another grow
	}
	buf := make([]byte, 0, min(size, limit+1))
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) > limit {
				return buf, nil
			}
			buf = append(buf, 0)[:len(buf)]
		}
		want := min(int64(cap(buf)), limit+1)
		n, err := syscall.Read(fd, buf[len(buf):want])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return buf, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
	}
}
