package cli

import (
	"github.com/lint-lua/lint-lua/internal/diskfile"
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

// byteSize is a flag value: a number of bytes, with an optional unit
// (1048576, 512KiB, 1MiB, 2GiB, 4MB: diskfile.ParseSize).
type byteSize int64

func (b *byteSize) String() string { return diskfile.FormatSize(int64(*b)) }
func (b *byteSize) Type() string   { return "size" }

func (b *byteSize) Set(s string) error {
	n, err := diskfile.ParseSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}
