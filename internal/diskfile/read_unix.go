//go:build unix

package diskfile

import (
	"io/fs"
	"syscall"
)

// read reads path with bare system calls: open, fstat, read, close. os.Open
// adds, for every file, a registration with the network poller (which a
// regular file refuses), a finalizer and more system calls: a fifth of the
// cost of reading a tree of small scripts.
func read(path string, limit int64, special bool) ([]byte, ID, error) {
	flags := syscall.O_RDONLY | syscall.O_CLOEXEC | syscall.O_NOCTTY
	if !special {
		// Opening a named pipe without it waits for a writer; with it the
		// open returns at once, and fstat refuses the pipe.
		flags |= syscall.O_NONBLOCK
	}
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, flags, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, ID{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, ID{}, &fs.PathError{Op: "fstat", Path: path, Err: err}
	}
	id := idOf(&st)
	regular := st.Mode&syscall.S_IFMT == syscall.S_IFREG
	if !regular && !special && st.Mode&syscall.S_IFMT != syscall.S_IFDIR {
		return nil, id, &fs.PathError{Op: "open", Path: path, Err: &NotRegularError{Mode: fileMode(uint32(st.Mode))}}
	}
	size := int64(512)
	if regular {
		size = st.Size + 1 // + 1 to see the end without another grow
	}
	buf := make([]byte, 0, min(size, limit+1))
	for {
		// A regular file read to the size fstat gave is read whole: the
		// read that would return 0 is saved (a thousand system calls in a
		// tree of a thousand scripts). A file that grows meanwhile is
		// read as it was.
		if regular && int64(len(buf)) == st.Size && st.Size > 0 && st.Size <= limit {
			return buf, id, nil
		}
		if len(buf) == cap(buf) {
			if int64(len(buf)) > limit {
				return nil, id, &TooLargeError{Limit: limit}
			}
			buf = append(buf, 0)[:len(buf)]
		}
		want := min(int64(cap(buf)), limit+1)
		n, err := syscall.Read(fd, buf[len(buf):want])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, id, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			if int64(len(buf)) > limit {
				return nil, id, &TooLargeError{Limit: limit}
			}
			return buf, id, nil
		}
		buf = buf[:len(buf)+n]
	}
}

func idOf(st *syscall.Stat_t) ID {
	return ID{
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), Size: st.Size, ModTime: modTime(st),
		Mode: uint32(st.Mode) & 0o7777, Nlink: uint64(st.Nlink), Uid: st.Uid, Gid: st.Gid,
		hasOwner: true, hasInodeID: true,
	}
}

// fileMode is the type bits of a raw mode as package fs names them.
func fileMode(m uint32) fs.FileMode {
	switch m & syscall.S_IFMT {
	case syscall.S_IFIFO:
		return fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		return fs.ModeSocket
	case syscall.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		return fs.ModeDevice
	case syscall.S_IFDIR:
		return fs.ModeDir
	case syscall.S_IFLNK:
		return fs.ModeSymlink
	}
	return 0
}
