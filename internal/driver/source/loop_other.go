//go:build !unix

package source

import "errors"

// errTooManyLinks is never returned where symbolic links cannot loop.
var errTooManyLinks = errors.New("too many levels of symbolic links")
