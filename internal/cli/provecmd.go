package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/spf13/cobra"
)

// newCmdProve is `lint-lua prove FILE:LINE`: the findings at one line
// replayed (as --prove replays them), each with its witness and the
// redis-cli commands that make the run again by hand.
func newCmdProve(s *IOStreams, cat *lint.Catalogue) *cobra.Command {
	opts := &lintOptions{IO: s, Rules: cat, Jobs: 1}
	cmd := &cobra.Command{
		Use:   "prove FILE:LINE",
		Short: "Replay the findings at one line on a Redis and print how to reproduce them with redis-cli",
		Long: "lint-lua prove FILE:LINE lints FILE, replays each finding at LINE whose effect shows at run time (as\n" +
			"--prove does: docs/prove.md) and prints, for each one proved, the database, KEYS and ARGV of the run, what\n" +
			"the server replied, and the redis-cli commands that make the same run by hand. Exit status: 0 when every\n" +
			"such finding at the line is proved, 1 when one is not, 2 when the line has none (or on a usage error).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return proveRun(opts, args[0])
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.ConfigPath, "config", "", "configuration file (default: the nearest .lint-lua.yaml)")
	f.BoolVar(&opts.NoConfig, "no-config", false, "read no .lint-lua.yaml")
	opts.serverOptions.addServerFlags(f)
	opts.proveOptions.addProveFlags(f)
	opts.Prove = "local"
	return cmd
}

func proveRun(opts *lintOptions, at string) error {
	s := opts.IO
	i := strings.LastIndexByte(at, ':')
	line, err := strconv.Atoi(at[i+1:])
	if i <= 0 || err != nil || line < 1 {
		return usageError(s, "prove wants FILE:LINE, not %q", at)
	}
	file := at[:i]
	wd := workDir(s)
	tree, err := settings.NewTree(opts.Rules, wd, opts.flags())
	if err != nil {
		return usageError(s, "%v", err)
	}
	_, src, err := source.New(tree, source.Run{Paths: []string{file}, WorkDir: wd, Limit: int64(settings.DefaultMaxFileSize), Stdin: s.In, Jobs: 1})
	if err != nil {
		return usageError(s, "%v", err)
	}
	pr, err := startProver(&opts.proveOptions, s.ErrOut)
	if err != nil {
		return usageError(s, "%v", err)
	}
	defer pr.server.Close()
	col := &collect{}
	o, err := driver.Run(driver.Config{Rules: opts.Rules.All(), Jobs: 1, ErrOut: s.ErrOut, Sinks: []driver.Sink{col}, Prove: pr.prove}, src)
	if pr.err != nil {
		printError(s, fmt.Errorf("--prove stopped: %w", pr.err))
		return exitError{ExitError}
	}
	if err != nil || len(o.Errors) > 0 {
		if err != nil {
			printError(s, err)
		}
		return exitError{ExitError}
	}
	found, proved := 0, 0
	for _, r := range col.results {
		for _, d := range r.Diagnostics {
			if d.Proof == nil || line < d.Range.Start.Line || line > max(d.Range.End.Line, d.Range.Start.Line) {
				continue
			}
			found++
			if d.Proof.Reproduced {
				proved++
			}
			writeProof(s.Out, r.Name, d)
		}
	}
	switch {
	case found == 0:
		fmt.Fprintf(s.ErrOut, "lint-lua: %s has no finding at line %d that --prove replays\n", file, line)
		return exitError{ExitError}
	case proved < found:
		return exitError{ExitFindings}
	}
	return nil
}

// collect is a sink that keeps the results.
type collect struct {
	mu      sync.Mutex
	results []*driver.Result
}

func (c *collect) File(r *driver.Result) {
	c.mu.Lock()
	c.results = append(c.results, r)
	c.mu.Unlock()
}

func (c *collect) Done(*driver.Outcome) error { return nil }

// writeProof prints a finding, its proof and the redis-cli commands that
// make the run again.
func writeProof(w io.Writer, name string, d diag.Diagnostic) {
	p := d.Proof
	fmt.Fprintf(w, "%s:%d:%d: %s: %s (%s)\n", name, d.Range.Start.Line, d.Range.Start.Column, d.Severity, d.Message, d.Rule)
	if !p.Reproduced {
		fmt.Fprintf(w, "  not proved: %s\n", p.Note)
		return
	}
	fmt.Fprintf(w, "  proved on %s with %s\n", p.Server, p.Witness)
	fmt.Fprintf(w, "  the server replied: %s\n", p.Reply)
	fmt.Fprintf(w, "  by hand, on a Redis whose database 0 holds nothing you need (the first command empties it):\n")
	fmt.Fprintf(w, "    redis-cli FLUSHDB\n")
	for _, c := range p.State {
		fmt.Fprintf(w, "    redis-cli %s\n", shellWords(c))
	}
	script := name
	if !strings.EqualFold(filepath.Ext(name), ".lua") {
		fmt.Fprintf(w, "    # the script is the one %s holds at line %d (lint-lua --list-scripts --format json %s prints its text): save it as script.lua\n", name, d.Range.Start.Line, shellQuote(name))
		script = "script.lua"
	}
	if strings.HasPrefix(p.Witness, "loading the library") {
		fmt.Fprintf(w, "    redis-cli -x FUNCTION LOAD REPLACE < %s\n", shellQuote(script))
		return
	}
	if p.Appended != "" {
		fmt.Fprintf(w, "    { cat %s; echo %s; } > with-call.lua\n", shellQuote(script), shellQuote(p.Appended))
		script = "with-call.lua"
	}
	if p.Function != "" {
		fmt.Fprintf(w, "    redis-cli -x FUNCTION LOAD REPLACE < %s\n", shellQuote(script))
		fmt.Fprintf(w, "    redis-cli %s\n", shellWords(append(append([]string{"FCALL", p.Function, strconv.Itoa(len(p.Keys))}, p.Keys...), p.Args...)))
		return
	}
	words := append([]string{"--eval", script}, p.Keys...)
	if len(p.Args) > 0 {
		words = append(append(words, ","), p.Args...)
	}
	fmt.Fprintf(w, "    redis-cli %s\n", shellWords(words))
}

// shellWords quotes each word for a POSIX shell.
func shellWords(ws []string) string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = shellQuote(w)
	}
	return strings.Join(out, " ")
}

func shellQuote(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:/,{}=+@") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}
