//go:build !linux

package diskfile

import "os"

// keepAttrs keeps nothing outside Linux: lint-lua reads no extended
// attributes there (README, Fixes).
func keepAttrs(*os.File, string) error { return nil }
