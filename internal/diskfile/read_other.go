//go:build !unix

package diskfile

import (
	"io"
	"io/fs"
	"os"
)

func read(path string, limit int64, special bool) ([]byte, ID, error) {
	// Without O_NONBLOCK, look before opening: a named pipe or device is
	// refused unless named.
	if !special {
		if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
			return nil, idOfInfo(fi), &fs.PathError{Op: "open", Path: path, Err: &NotRegularError{Mode: fi.Mode().Type()}}
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, ID{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, ID{}, err
	}
	id := idOfInfo(fi)
	if !special && !fi.Mode().IsRegular() && !fi.IsDir() {
		return nil, id, &fs.PathError{Op: "open", Path: path, Err: &NotRegularError{Mode: fi.Mode().Type()}}
	}
	size := int64(512)
	if fi.Mode().IsRegular() {
		size = fi.Size() + 1
	}
	buf := make([]byte, 0, min(size, limit+1))
	r := io.LimitReader(f, limit+1)
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, id, &TooLargeError{Limit: limit}
		}
		if err == io.EOF {
			return buf, id, nil
		}
		if err != nil {
			return nil, id, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
	}
}

func idOfInfo(fi fs.FileInfo) ID {
	return ID{Size: fi.Size(), ModTime: fi.ModTime(), Mode: uint32(fi.Mode().Perm()), Nlink: 1}
}
