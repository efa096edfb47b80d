package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/spf13/pflag"
)

// outputOptions are the flags every linting command shares: how findings
// are printed, where, which of them, and which fail the run.
type outputOptions struct {
	Format      string
	FailOn      string
	Color       string
	Quiet       bool
	Statistics  bool
	MinSeverity string
	OutputFile  string
}

func (o *outputOptions) addFlags(f *pflag.FlagSet) {
	f.StringVarP(&o.Format, "format", "f", "text", "output format: "+strings.Join(report.Names(), "|"))
	f.StringVar(&o.FailOn, "fail-on", "warning", "lowest severity that makes the exit status 1: error|warning|info")
	f.StringVar(&o.Color, "color", "auto", "colour the text output: auto|always|never (NO_COLOR is honoured in auto)")
	f.BoolVarP(&o.Quiet, "quiet", "q", false, "print the findings only, without the summary line (text format)")
	f.BoolVar(&o.Statistics, "statistics", false, "print how many findings each rule has instead of the findings (text format)")
	f.StringVar(&o.MinSeverity, "min-severity", "info", "lowest severity of the findings shown and counted for the exit status: error|warning|info")
	f.StringVarP(&o.OutputFile, "output-file", "o", "", "write the report to this file instead of standard output")
}

// output is what the output flags resolve to.
type output struct {
	formatter   report.Formatter
	failOn      diag.Severity
	minSeverity diag.Severity
	w           io.Writer
	// close closes the output file, when there is one.
	close func() error
}

// finish closes the output file, deferred by a command: a failed close
// (the report may be cut short) is an error of the run, unless the run
// already failed with one of its own (*rerr).
func (o *output) finish(s *IOStreams, rerr *error) {
	if err := o.close(); err != nil && *rerr == nil {
		printError(s, fmt.Errorf("--output-file: %w", err))
		*rerr = exitError{ExitError}
	}
}

// fails reports whether a finding of severity sev fails the run: it is
// shown (not below --min-severity) and at or above --fail-on.
func (o *output) fails(sev diag.Severity) bool {
	return sev >= o.minSeverity && sev >= o.failOn
}

// filter drops the findings below --min-severity.
func (o *output) filter(ds []diag.Diagnostic) []diag.Diagnostic {
	if o.minSeverity <= diag.SeverityInfo {
		return ds
	}
	kept := ds[:0:0]
	for _, d := range ds {
		if d.Severity >= o.minSeverity {
			kept = append(kept, d)
		}
	}
	return kept
}

// minSeverityFormatter shows the findings at or above a severity.
type minSeverityFormatter struct {
	report.Formatter
	o *output
}

func (f minSeverityFormatter) Format(w io.Writer, r *report.Result) error {
	rr := *r
	rr.Diagnostics = f.o.filter(r.Diagnostics)
	return f.Formatter.Format(w, &rr)
}

// resolve checks the flags and returns the output; a bad value is a usage
// error (exit 2). The output file is created last, once every flag is
// known good.
func (o *outputOptions) resolve(s *IOStreams) (*output, error) {
	out := &output{w: s.Out, close: func() error { return nil }}
	var err error
	if out.failOn, err = diag.ParseSeverity(o.FailOn); err != nil {
		return nil, usageError(s, "--fail-on: %v", err)
	}
	if out.minSeverity, err = diag.ParseSeverity(o.MinSeverity); err != nil {
		return nil, usageError(s, "--min-severity: %v", err)
	}
	color, err := useColor(o.Color, s)
	if err != nil {
		return nil, usageError(s, "--color: %v", err)
	}
	if o.Statistics && o.Format != "text" {
		return nil, usageError(s, "--statistics prints text: it cannot be used with --format %s", o.Format)
	}
	if o.OutputFile != "" && o.Color != "always" {
		color = false // a file is no terminal
	}
	formatter, err := report.New(o.Format, report.Options{Color: color, Quiet: o.Quiet, Statistics: o.Statistics})
	if err != nil {
		return nil, usageError(s, "--format: %v", err)
	}
	out.formatter = minSeverityFormatter{formatter, out}
	if o.OutputFile != "" {
		f, err := os.Create(resolve(workDir(s), o.OutputFile))
		if err != nil {
			return nil, usageError(s, "--output-file: %v", err)
		}
		out.w, out.close = f, f.Close
	}
	return out, nil
}
