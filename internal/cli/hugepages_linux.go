package cli

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
	"unsafe"
)

// hugePageHeap backs the heap a run grows to with transparent huge pages
// where Linux gives them on request (transparent_hugepage/enabled is
// "madvise", the default of most distributions). A run allocates about a
// hundred times the size of its scripts in short-lived ASTs and models, so
// its heap fills up to the collector's goal (16 MiB under tuneGC) again and
// again: in 4 KiB pages that is some 4,000 page faults, a sixth of a run's
// system time on the 30,000-line benchmark. The runtime maps its heap as it
// grows and never asks for huge pages, so this makes it map that much now
// (one block, never touched, so no memory is used), advises the block's
// range, and frees it: the collector's next spans are carved from that
// range, and each first touch of 2 MiB faults once. relaxGC calls it once
// a run has linted hugePagesAfter files; LINT_LUA_HUGEPAGES=0 turns it
// off. It returns the range advised (tests read it).
func hugePageHeap() (from, to uintptr) {
	if os.Getenv("LINT_LUA_HUGEPAGES") == "0" || !hugePagesOnRequest() {
		return 0, 0
	}
	const huge = 2 << 20
	// The block is larger than the collector's goal: do not let it start
	// a collection while the block is still referenced.
	gcMu.Lock()
	defer gcMu.Unlock()
	gc := debug.SetGCPercent(-1)
	b := make([]byte, gcTightLimit/2)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	from, to = (start+huge-1)&^(huge-1), (start+uintptr(len(b)))&^(huge-1)
	if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, from, to-from, madvHugepage); errno != 0 {
		from, to = 0, 0
	}
	runtime.KeepAlive(b)
	b = nil
	// The next collection, which the block's size starts at the first
	// allocation, frees it before the run needs its pages.
	debug.SetGCPercent(gc)
	return from, to
}

// madvHugepage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugepage = 14

// hugePagesOnRequest reports whether Linux gives transparent huge pages to
// the ranges advised for them and not to others: with "always" every range
// gets them anyway, with "never" none does.
func hugePagesOnRequest() bool {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && bytes.Contains(b, []byte("[madvise]"))
}
