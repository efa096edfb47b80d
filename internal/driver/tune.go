package driver

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"sync/atomic"
)

// This file is the run's tuning of the Go runtime: the collector's
// settings, the memory limit, huge pages for the heap, and the profiles.
// TuneProcess turns it on for a process that runs the command line (tests
// and library callers run with Go's defaults); the lint step calls
// relaxGC after each file and relaxGCNow before a large one.

// TuneProcess tunes the runtime for a run of the command line and starts
// the profiles the environment asks for; stop writes them. getenv is the
// process's environment.
//
// The runtime samples allocations for heap profiles unless told not to: a
// stack walk every 512 KiB, some 90 in a 30,000-line run, and their
// buckets. Only LINT_LUA_MEMPROFILE reads them.
func TuneProcess(getenv func(string) string) (stop func()) {
	if getenv("LINT_LUA_MEMPROFILE") == "" {
		runtime.MemProfileRate = 0
	}
	tuneGC(getenv)
	hugePages.Store(true)
	return startProfiles(getenv)
}

// startProfiles writes pprof profiles of the whole process, for measuring
// before optimizing: LINT_LUA_CPUPROFILE=cpu.out lint-lua ... then
// `go tool pprof cpu.out`; LINT_LUA_MEMPROFILE names a heap profile taken at
// the end. A file that cannot be written is reported and the run goes on.
func startProfiles(getenv func(string) string) (stop func()) {
	var cpu *os.File
	if p := getenv("LINT_LUA_CPUPROFILE"); p != "" {
		f, err := os.Create(p)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "lint-lua: LINT_LUA_CPUPROFILE: %v\n", err)
		} else {
			cpu = f
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if p := getenv("LINT_LUA_MEMPROFILE"); p != "" {
			f, err := os.Create(p)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "lint-lua: LINT_LUA_MEMPROFILE: %v\n", err)
			}
		}
	}
}

// tuneGC trades memory the run barely uses for CPU. Linting a file
// allocates about a hundred times its size in short-lived ASTs, token
// indexes and models, while what stays live is small (the files in
// flight and the findings): at Go's default GOGC=100 the collector then
// runs every few megabytes, and it and its write barriers took a quarter
// of the CPU. At 400 the heap may grow to five times the live data and the
// run costs about 20% fewer instructions. The live heap of a run without
// many findings is a few megabytes, but it peaks with the files in flight,
// and five times the highest peak grew with the length of the run (peak RSS
// 29 MB at 699 files, 48 to 56 MB at 23,339): a memory limit of 32 MiB
// caps that. relaxGC goes back to the default GOGC and a 1 GiB limit when
// the live heap grows large (the findings of a large tree) or a large file
// is linted, so that the limit never makes the collector run without pause.
// GOGC or GOMEMLIMIT set in the environment win.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		gcRaised.Store(true)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(gcTightLimit)
		gcLimited.Store(true)
	}
}

const (
	// gcTightLimit is the memory limit while the live heap is small.
	gcTightLimit = 32 << 20
	// gcRelaxLive is the live heap past which relaxGC relaxes: the tight
	// limit is then still 2.6 times it, so the collector never runs more
	// often than GOGC=160 would make it.
	gcRelaxLive = 12 << 20
	// gcBigFile is a script size (bytes of source) whose ASTs and model
	// alone may come near the tight limit.
	gcBigFile = 64 << 10
)

var (
	// gcRaised is true while tuneGC's GOGC is in force, gcLimited while
	// its tight memory limit is.
	gcRaised     atomic.Bool
	gcLimited    atomic.Bool
	filesLintedN atomic.Int64
	// hugePages is true from TuneProcess until hugePageHeap has run.
	hugePages atomic.Bool
	// gcMu orders relaxGCNow's settings and hugePageHeap's, which turns
	// the collector off for a moment and back to what it was.
	gcMu sync.Mutex
)

// hugePagesAfter is the number of files linted, or found by the sources,
// after which hugePageHeap is called. It costs a collection that a run of a
// few files (a pre-commit hook's, which never gets here) would not
// otherwise make, 2 to 3 ms where the run itself takes 10; 32 files in
// (~1,500 lines), the heap is still far from the collector's goal, and most
// of its growth is still to come. The walk finds them while the workers are
// on their first files, before they have grown the heap in small pages
// (perf stat -r 20, ab.py interleaved): on 699 files 2,246 -> 1,612 page
// faults and CPU 125 -> 109 ms; on 150 files no change; on 40 files, where
// huge pages from the start zero 2 MiB pages the run half uses, CPU +2 ms
// (22.5 -> 24.8) and wall +1 ms.
const hugePagesAfter = 32

// hugePagesNow calls hugePageHeap once a run is known to lint at least
// hugePagesAfter files: as many were linted, or found.
func hugePagesNow() {
	if hugePages.CompareAndSwap(true, false) {
		hugePageHeap()
	}
}

// relaxGC, called after each file, returns GOGC to Go's default and the
// memory limit to 1 GiB once the live heap passes gcRelaxLive. The raised
// GOGC is for the churn of a small live heap; when the findings of a large
// tree make the live heap grow, five times it would be a peak that grows
// with the number of files, and the tight limit would make the collector
// run ever more often.
func relaxGC() {
	n := filesLintedN.Add(1)
	if n == hugePagesAfter {
		hugePagesNow()
	}
	if (!gcRaised.Load() && !gcLimited.Load()) || n%64 != 0 {
		return
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() > gcRelaxLive {
		relaxGCNow()
	}
}

// relaxGCNow relaxes at once; it is called before a large script is
// linted.
func relaxGCNow() {
	gcMu.Lock()
	defer gcMu.Unlock()
	if gcRaised.CompareAndSwap(true, false) {
		debug.SetGCPercent(100)
	}
	if gcLimited.CompareAndSwap(true, false) {
		debug.SetMemoryLimit(1 << 30)
	}
}

// DefaultJobs is the number of files a run lints at once when --jobs is
// not given: one per processor the Go runtime runs on (GOMAXPROCS, the
// CPUs the process may use), less those that other processes keep busy
// as it starts, and at least one.
//
// Why not one per processor always: on a machine that other work keeps
// busy, a second worker gains no processor of its own but time-slices one
// with that work, and the collector, which stops every goroutine twice a
// cycle (some 200 cycles on 10,000 files), must then wait each time for a
// worker whose thread the kernel has put aside. Issue 25 measured the
// default at 23 s against --jobs 1's 14 s on 10,000 files under load,
// while callgrind counts the same instructions for both (370 M on 699
// files): the loss is waiting, not work. One worker per idle processor
// keeps a quiet machine's speedup and adds no worker that must wait for
// a core.
func DefaultJobs() int { return jobsFor(runtime.GOMAXPROCS(0), busyCPUs()) }

// jobsFor is DefaultJobs for procs processors of which busy run other
// work.
func jobsFor(procs, busy int) int { return max(1, min(procs, procs-busy)) }

// Parsing is what a source that reads a file for its declarations (a
// sibling header, an included fragment) calls before it parses n bytes
// outside the lint step: a large one relaxes the collector as the lint
// step does before a large script (relaxGCNow), or the tight memory limit
// would make the collector run without pause while the parse's arrays are
// live (a 850 KB header cost 3.4 times the instructions).
func Parsing(n int) {
	if n > gcBigFile {
		relaxGCNow()
	}
}

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
	from, to = adviseHuge(b, huge)
	runtime.KeepAlive(b)
	b = nil
	// The next collection, which the block's size starts at the first
	// allocation, frees it before the run needs its pages.
	debug.SetGCPercent(gc)
	return from, to
}
