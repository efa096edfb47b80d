//go:build !unix

package hostlang

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
