package driver

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestHugePageHeap: where Linux gives huge pages on request, the range
// hugePageHeap advises is mapped, and its mapping carries the advice ("hg"
// in /proc/self/smaps' VmFlags).
func TestHugePageHeap(t *testing.T) {
	if !hugePagesOnRequest() {
		t.Skip(`transparent_hugepage/enabled is not "madvise" here: nothing to advise`)
	}
	from, to := hugePageHeap()
	if from == 0 || to <= from || to-from < 8<<20 {
		t.Fatalf("advised %#x-%#x; want at least 8 MiB of the heap", from, to)
	}
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	covered := uintptr(0)
	var inRange bool
	var lo, hi uintptr
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		// A mapping's header starts "lo-hi perms"; its fields are "Name: value".
		if first, _, _ := strings.Cut(line, " "); !strings.HasSuffix(first, ":") {
			if n, _ := fmt.Sscanf(first, "%x-%x", &lo, &hi); n != 2 {
				t.Fatalf("smaps line %q", line)
			}
			inRange = lo < to && hi > from
			continue
		}
		if inRange && strings.HasPrefix(line, "VmFlags:") {
			if !strings.Contains(line, " hg") {
				t.Errorf("mapping %#x-%#x in the advised range has no hg flag: %s", lo, hi, line)
			}
			covered += min(hi, to) - max(lo, from)
		}
	}
	if covered != to-from {
		t.Errorf("smaps covers %d of the %d bytes advised", covered, to-from)
	}
	if t.Failed() {
		return
	}
	t.Setenv("LINT_LUA_HUGEPAGES", "0")
	if from, to := hugePageHeap(); from != 0 || to != 0 {
		t.Errorf("LINT_LUA_HUGEPAGES=0 advised %#x-%#x", from, to)
	}
}

// TestProcsRunning reads procs_running from /proc/stat's text, and from
// this process's.
func TestProcsRunning(t *testing.T) {
	for in, want := range map[string]int{
		"cpu  1 2 3\nctxt 5\nprocs_running 3\nprocs_blocked 0\n": 3,
		"cpu  1 2 3\nprocs_running 17":                           17,
		"cpu  1 2 3\n":                                           1,
		"cpu\nprocs_running x\n":                                 1,
	} {
		if got := procsRunning([]byte(in)); got != want {
			t.Errorf("procsRunning(%q) = %d, want %d", in, got, want)
		}
	}
	if b := busyCPUs(); b < 0 {
		t.Errorf("busyCPUs() = %d: this process runs, so procs_running is at least 1", b)
	}
}
