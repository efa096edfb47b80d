// Package cli is lint-lua's command line: `lint-lua [flags] [path ...]`,
// `lint-lua rules`, `lint-lua explain RULE`, `lint-lua go [packages]` and
// `lint-lua version`. Commands write to injected streams so tests can
// capture them.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/spf13/cobra"
)

// Version is set at build time with -ldflags "-X .../internal/cli.Version=v1.2.3".
var Version = "dev"

// A binary built by `go install .../cmd/lint-lua@v1.2.3` (as pre-commit's
// golang hooks and most users install it) has no ldflags but carries its
// module version in the build info: report that rather than "dev".
func init() {
	if Version != "dev" {
		return
	}
	if bi, ok := debug.ReadBuildInfo(); ok && strings.HasPrefix(bi.Main.Version, "v") {
		Version = bi.Main.Version
	}
}

// Exit codes: findings at or above --fail-on give 1; usage, configuration and
// I/O errors give 2.
const (
	ExitOK       = 0
	ExitFindings = 1
	ExitError    = 2
)

// IOStreams are where commands read and write.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// OutIsTerminal decides colour in auto mode.
	OutIsTerminal bool
	Getenv        func(string) string
	Getwd         func() (string, error)
}

// exitError carries an exit code through cobra.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// Main runs the command line with the process's streams and returns the
// exit code.
func Main() int {
	// The runtime samples allocations for heap profiles unless told not
	// to: a stack walk every 512 KiB, some 90 in a 30,000-line run, and
	// their buckets. Only LINT_LUA_MEMPROFILE reads them.
	if os.Getenv("LINT_LUA_MEMPROFILE") == "" {
		runtime.MemProfileRate = 0
	}
	tuneGC()
	hugePages.Store(true)
	stop := startProfiles(os.Getenv)
	code := Run(os.Args[1:], SystemStreams())
	stop()
	return code
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
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		gcRaised.Store(true)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
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
	// gcBigFile is a file size (bytes of source) whose ASTs and model
	// alone may come near the tight limit.
	gcBigFile = 64 << 10
)

var (
	// gcRaised is true while tuneGC's GOGC is in force, gcLimited while
	// its tight memory limit is.
	gcRaised     atomic.Bool
	gcLimited    atomic.Bool
	filesLintedN atomic.Int64
	// hugePages is true from Main's start until hugePageHeap has run.
	hugePages atomic.Bool
	// gcMu orders relaxGCNow's settings and hugePageHeap's, which turns
	// the collector off for a moment and back to what it was.
	gcMu sync.Mutex
)

// hugePagesAfter is the number of files linted, or found by a streamed
// run's walk, after which hugePageHeap is called. It costs a collection that
// a run of a few files (a pre-commit hook's, which never gets here) would
// not otherwise make, 2 to 3 ms where the run itself takes 10; 32 files in
// (~1,500 lines), the heap is still far from the collector's goal, and most
// of its growth is still to come. The walk finds them while the workers are
// on their first files, before they have grown the heap in small pages
// (perf stat -r 20, ab.py interleaved): on 699 files 2,246 -> 1,612 page
// faults and CPU 125 -> 109 ms; on 150 files no change; on 40 files, where
// huge pages from the start zero 2 MiB pages the run half uses, CPU +2 ms
// (22.5 -> 24.8) and wall +1 ms.
const hugePagesAfter = 32

// hugePagesNow calls hugePageHeap once a run is known to lint at least
// hugePagesAfter files: as many were linted, or found by the walk.
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

// relaxGCNow relaxes at once; it is called before a large file is linted.
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

// Run runs the command line with args and streams.
func Run(args []string, s *IOStreams) int {
	root := NewCmdRoot(s)
	if args == nil {
		// cobra reads os.Args when given nil: Run(nil, s) means no
		// arguments, whatever the process was started with.
		args = []string{}
	}
	root.SetArgs(args)
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.ErrOut)
	err := root.Execute()
	if err == nil {
		return ExitOK
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintf(s.ErrOut, "lint-lua: %v\n", err)
	return ExitError
}

// NewCmdRoot builds the command tree.
func NewCmdRoot(s *IOStreams) *cobra.Command {
	opts := &lintOptions{IO: s}
	root := newCmdLint(opts, nil)
	root.AddCommand(newCmdRules(s), newCmdExplain(s), newCmdVersion(s), newCmdGo(s, nil))
	return root
}
