//go:build !linux

package cli

// hugePageHeap asks for transparent huge pages on Linux only.
func hugePageHeap() (from, to uintptr) { return 0, 0 }
