//go:build !unix

package analyzer

// openNonblock is nothing where FIFOs do not block an open.
const openNonblock = 0
