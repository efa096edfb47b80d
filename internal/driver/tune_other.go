//go:build !linux

package driver

// Huge pages are asked for on Linux only (tune_linux.go).

func adviseHuge([]byte, uintptr) (from, to uintptr) { return 0, 0 }

func hugePagesOnRequest() bool { return false }

// busyCPUs is not known here: DefaultJobs uses every processor.
func busyCPUs() int { return 0 }
