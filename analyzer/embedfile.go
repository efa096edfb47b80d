package analyzer

import (
	"fmt"
	"io"
	"os"
)

// readRegular reads a file a //go:embed directive names, as the compiler
// would embed it: a regular file only, and at most limit+1 bytes. A FIFO
// would block the read forever and a device such as /dev/zero never ends;
// the compiler refuses both ("cannot embed irregular file"), and so does
// the analyzer, without waiting. The file is opened without blocking (a
// FIFO's open waits for a writer otherwise) and its type checked on the
// open file, so that it cannot change between the check and the read.
func readRegular(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", path, fi.Mode().Type())
	}
	if fi.Size() > limit {
		return nil, errTooLarge{fi.Size()}
	}
	src, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(src)) > limit {
		err = errTooLarge{int64(len(src))}
	}
	return src, err
}

// errTooLarge is a script past the size limit.
type errTooLarge struct{ size int64 }

func (e errTooLarge) Error() string { return fmt.Sprintf("%d bytes", e.size) }
