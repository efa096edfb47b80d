package driver

import (
	"bytes"
	"strconv"
	"syscall"
	"unsafe"

	"github.com/lint-lua/lint-lua/internal/diskfile"
)

// This file holds the two system calls of tune.go's huge pages on Linux.

// adviseHuge advises the huge-page-aligned part of b for huge pages, and
// returns that range, or 0, 0 when the advice fails.
func adviseHuge(b []byte, huge uintptr) (from, to uintptr) {
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	from, to = (start+huge-1)&^(huge-1), (start+uintptr(len(b)))&^(huge-1)
	if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, from, to-from, madvHugepage); errno != 0 {
		return 0, 0
	}
	return from, to
}

// madvHugepage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugepage = 14

// hugePagesOnRequest reports whether Linux gives transparent huge pages to
// the ranges advised for them and not to others: with "always" every range
// gets them anyway, with "never" none does.
func hugePagesOnRequest() bool {
	b, _, err := diskfile.Read("/sys/kernel/mm/transparent_hugepage/enabled", 4096)
	return err == nil && bytes.Contains(b, []byte("[madvise]"))
}

// busyCPUs is the number of threads other than this one that are running
// or waiting for a processor now (procs_running in /proc/stat, which
// counts the caller's own), 0 when it cannot be read.
func busyCPUs() int {
	b, _, err := diskfile.Read("/proc/stat", 1<<20)
	if err != nil {
		return 0
	}
	return procsRunning(b) - 1
}

// procsRunning reads procs_running from the text of /proc/stat, 1 when it
// is absent.
func procsRunning(stat []byte) int {
	_, rest, ok := bytes.Cut(stat, []byte("\nprocs_running "))
	if !ok {
		return 1
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	n, err := strconv.Atoi(string(bytes.TrimSpace(line)))
	if err != nil || n < 1 {
		return 1
	}
	return n
}
