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

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/version"
	"github.com/spf13/cobra"
)

// Version is the module version ("dev" when the build info has none),
// which SARIF reports as the tool's version; --version prints it with the
// VCS revision (package version).
var Version = version.Module()

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

// Main runs the command line with the rules of cat and the process's
// streams, and returns the exit code.
func Main(cat *lint.Catalogue) int {
	stop := driver.TuneProcess(os.Getenv)
	code := Run(cat, os.Args[1:], SystemStreams())
	stop()
	return code
}

// Run runs the command line with the rules of cat, args and streams.
func Run(cat *lint.Catalogue, args []string, s *IOStreams) int {
	root := NewCmdRoot(cat, s)
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

// NewCmdRoot builds the command tree over the rules of cat.
func NewCmdRoot(cat *lint.Catalogue, s *IOStreams) *cobra.Command {
	opts := &lintOptions{IO: s, Rules: cat}
	root := newCmdLint(opts, nil)
	goCmd := newCmdGo(s, cat, nil)
	root.AddCommand(newCmdRules(s, cat), newCmdExplain(s, cat), newCmdVersion(s), newCmdStubs(s, cat), goCmd, newCmdLSP(s, cat, nil), newCmdProve(s, cat))
	registerCompletions(root, cat)
	registerCompletions(goCmd, cat)
	// --version, as `lint-lua version` prints it.
	root.Version = version.String()
	root.SetVersionTemplate("lint-lua {{.Version}}\n")
	return root
}
