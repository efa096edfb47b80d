//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd || illumos)

package redistest

import "time"

// lockFile is a no-op where syscall.Flock does not exist (Windows among
// others): tests there are serialized within a process only, so run
// go test -p 1 ./... against a shared server.
func lockFile(path string, wait time.Duration) (func(), error) {
	return func() {}, nil
}
