package cli

import (
	"fmt"
	"strconv"
	"strings"

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

// byteSize is a flag value: a number of bytes, with an optional binary unit
// (1048576, 512KiB, 1MiB, 2GiB; K, M and G mean the same).
type byteSize int64

func (b *byteSize) String() string { return diskfile.FormatSize(int64(*b)) }
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
