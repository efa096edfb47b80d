package source

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/lint-lua/lint-lua/internal/diskfile"
)

// beforeOpen, when set (by tests), runs between finding a file and opening
// it: the window in which a file can vanish.
var beforeOpen func(path string)

// readFile reads the file at path, up to limit bytes, with the error in
// the words the user sees after the file's name: a file named on the
// command line may be a pipe (`lint-lua <(cmd)`), one found by a walk or
// an include must be a regular file.
func readFile(path string, limit int64, named bool) ([]byte, diskfile.ID, error) {
	if beforeOpen != nil {
		beforeOpen(path)
	}
	read := diskfile.Read
	if named {
		read = diskfile.ReadNamed
	}
	src, id, err := read(path, limit)
	var pe *fs.PathError
	var big *diskfile.TooLargeError
	switch {
	case err == nil:
		return src, id, nil
	case errors.As(err, &big):
		return nil, id, tooLarge(limit)
	case errors.As(err, &pe) && pe.Op == "open":
		return nil, id, openError(path, pe.Err)
	case errors.As(err, &pe):
		return nil, id, pe.Err
	}
	return nil, id, err
}

// tooLarge is the error for a file past the bound.
func tooLarge(limit int64) error {
	return fmt.Errorf("larger than %s, the --max-file-size limit: not a Redis script (raise the limit if it is one)", diskfile.FormatSize(limit))
}

// openError says why a file that was found could not be opened, in the
// system's words plus what they mean here: a dangling link names its
// target, and a file gone since it was listed says so.
func openError(p string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if fi, lerr := os.Lstat(p); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			return fmt.Errorf("%w (a symbolic link to %s, which does not exist)", err, target)
		}
		return fmt.Errorf("%w (it was removed after lint-lua found it)", err)
	case errors.Is(err, errTooManyLinks):
		return fmt.Errorf("%w (a loop of symbolic links)", err)
	}
	return err
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
