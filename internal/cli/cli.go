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
	"runtime/debug"
	"runtime/metrics"
	"strings"
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
	tuneGC()
	return Run(os.Args[1:], SystemStreams())
}

// tuneGC trades memory the run barely uses for CPU. Linting a file
// allocates about a hundred times its size in short-lived ASTs, token
// indexes and models, while what stays live is small (the files in
// flight and the findings): at Go's default GOGC=100 the collector then
// runs every few megabytes, and it and its write barriers took a quarter
// of the CPU. At 400 the heap may grow to five times the live data (tens
// of megabytes on a large tree) and the run costs about 20% fewer
// instructions; relaxGC goes back to the default when the live heap grows
// large, and the memory limit makes the collector work harder again before
// a pathological input takes much memory. GOGC or GOMEMLIMIT set in the
// environment win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		gcRaised.Store(true)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
}

var (
	// gcRaised is true while tuneGC's GOGC is in force.
	gcRaised     atomic.Bool
	filesLintedN atomic.Int64
)

// relaxGC, called after each file, returns GOGC to Go's default once the
// live heap passes 32 MiB. The raised GOGC is for the churn of a small
// live heap; when the findings of a large tree make the live heap grow,
// five times it would be a peak that grows with the number of files.
func relaxGC() {
	if !gcRaised.Load() || filesLintedN.Add(1)%64 != 0 {
		return
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() > 32<<20 && gcRaised.CompareAndSwap(true, false) {
		debug.SetGCPercent(100)
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
