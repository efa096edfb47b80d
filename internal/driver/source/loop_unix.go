//go:build unix

package source

import "syscall"

// errTooManyLinks is what opening a loop of symbolic links fails with.
var errTooManyLinks error = syscall.ELOOP
