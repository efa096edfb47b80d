//go:build !unix

package cli

import (
	"errors"
	"io"
	"os"
)

// errTooManyLinks is never returned where symbolic links cannot loop.
var errTooManyLinks = errors.New("too many levels of symbolic links")

// readFile reads path to its end, or limit+1 bytes when it is longer.
func readFile(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, limit)
}

// readLimited reads f to its end, or limit+1 bytes when it is longer, into
// one buffer sized from what f's size says (io.ReadAll grows from 512
// bytes, reading and copying a typical script four or five times).
func readLimited(f *os.File, limit int64) ([]byte, error) {
	size := int64(512)
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		size = info.Size() + 1 // + 1 to see the end without another grow
	}
	size = min(size, limit+1)
	buf := make([]byte, 0, size)
	r := io.LimitReader(f, limit+1)
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			if int64(len(buf)) > limit {
				return buf, nil
			}
			buf = append(buf, 0)[:len(buf)]
		}
	}
}
