package settings

import "github.com/lint-lua/lint-lua/internal/diskfile"

// DefaultMaxFileSize is the default bound on one script, --max-file-size
// (and go vet's -lintlua.max-file-size, the golangci plugin's
// max-file-size). Redis loads a script as one bulk string and compiles it
// whole on every SCRIPT LOAD or first EVAL, so real scripts are small: the
// largest in the npm corpus (bull, bee-queue, bullmq, bottleneck) is 10 KB.
// One MiB is a hundred times that, and lints in a few seconds and under
// 200 MB of memory even when it is nothing but declarations
// (scripts/hostile.sh), where 16 MiB took minutes and gigabytes. A file
// past it is reported and not read further, so that a stray data file
// cannot exhaust memory.
const DefaultMaxFileSize = 1 << 20

// Size is a flag value: a number of bytes, with an optional unit
// (1048576, 512KiB, 1MiB, 2GiB, 4MB: diskfile.ParseSize). It serves the
// command line's flags (pflag's Value, with Type) and go vet's (flag's).
type Size int64

func (b *Size) String() string { return diskfile.FormatSize(int64(*b)) }
func (b *Size) Type() string   { return "size" }

func (b *Size) Set(s string) error {
	n, err := diskfile.ParseSize(s)
	if err != nil {
		return err
	}
	*b = Size(n)
	return nil
}
