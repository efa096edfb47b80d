package diskfile

import (
	"strconv"
	"strings"
)

// Leftover is a temporary file of an earlier lint-lua --fix found beside a
// file being fixed.
type Leftover struct {
	Path string
	// Removed: its writer no longer runs, and the file was removed.
	// Otherwise Reason says why it was kept.
	Removed bool
	Reason  string
	// Pid is the writer's process id, 0 when its name does not give it.
	Pid int
}

// leftoverName parses a temporary file's name as tempPattern makes it,
// ".NAME.lint-lua-PID-RANDOM", giving the writer's pid, or the name an
// older lint-lua gave it, ".NAME.lint-lua-RANDOM" (pid 0).
func leftoverName(name string) (pid int, ok bool) {
	i := strings.LastIndex(name, ".lint-lua-")
	if !strings.HasPrefix(name, ".") || i < 2 {
		return 0, false
	}
	rest := name[i+len(".lint-lua-"):]
	digits := func(s string) bool {
		return s != "" && strings.Trim(s, "0123456789") == ""
	}
	if p, r, two := strings.Cut(rest, "-"); two {
		if !digits(p) || !digits(r) {
			return 0, false
		}
		n, err := strconv.Atoi(p)
		return n, err == nil && n > 0
	}
	return 0, digits(rest)
}
