package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// maxFileSize is the default bound on one script, --max-file-size. Redis
// loads a script as one bulk string and compiles it whole on every SCRIPT
// LOAD or first EVAL, so real scripts are small: the largest in the npm
// corpus (bull, bee-queue, bullmq, bottleneck) is 10 KB. One MiB is a
// hundred times that, and lints in a few seconds and under 200 MB of memory
// even when it is nothing but declarations (scripts/hostile.sh), where
// 16 MiB took minutes and gigabytes. A file past it is reported and not
// read further, so that a stray data file cannot exhaust memory.
const maxFileSize = 1 << 20

// byteSize is a flag value: a number of bytes, with an optional binary unit
// (1048576, 512KiB, 1MiB, 2GiB; K, M and G mean the same).
type byteSize int64

func (b *byteSize) String() string { return formatSize(int64(*b)) }
func (b *byteSize) Type() string   { return "size" }

func (b *byteSize) Set(s string) error {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 1 || n > (1<<40)/mult {
		return fmt.Errorf("%q is not a size (a positive number of bytes, or with KiB, MiB or GiB)", s)
	}
	*b = byteSize(n * mult)
	return nil
}

// formatSize writes n in the largest binary unit that divides it.
func formatSize(n int64) string {
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

// tooLarge is the error for a file past the bound.
func tooLarge(limit int64) error {
	return fmt.Errorf("larger than %s, the --max-file-size limit: not a Redis script (raise the limit if it is one)", formatSize(limit))
}

// beforeOpen, when set (by tests), runs between finding a file and opening
// it: the window in which a file can vanish.
var beforeOpen func(path string)

// openError says why a file that was found could not be opened, in the
// system's words plus what they mean here: a dangling link names its
// target, and a file gone since it was listed says so.
func openError(p string, err error) error {
	err = unwrapPathError(err)
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
