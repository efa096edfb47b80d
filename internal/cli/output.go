package cli

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/spf13/pflag"
)

// outputOptions are the flags every linting command shares: how findings
// are printed and which of them fail the run.
type outputOptions struct {
	Format string
	FailOn string
	Color  string
}

func (o *outputOptions) addFlags(f *pflag.FlagSet) {
	f.StringVarP(&o.Format, "format", "f", "text", "output format: "+strings.Join(report.Names(), "|"))
	f.StringVar(&o.FailOn, "fail-on", "warning", "lowest severity that makes the exit status 1: error|warning|info")
	f.StringVar(&o.Color, "color", "auto", "colour the text output: auto|always|never (NO_COLOR is honoured in auto)")
}

// resolve checks the flags and returns the formatter and the failure
// level; a bad value is a usage error (exit 2).
func (o *outputOptions) resolve(s *IOStreams) (report.Formatter, diag.Severity, error) {
	failOn, err := diag.ParseSeverity(o.FailOn)
	if err != nil {
		return nil, 0, usageError(s, "--fail-on: %v", err)
	}
	color, err := useColor(o.Color, s)
	if err != nil {
		return nil, 0, usageError(s, "--color: %v", err)
	}
	formatter, err := report.New(o.Format, report.Options{Color: color})
	if err != nil {
		return nil, 0, usageError(s, "--format: %v", err)
	}
	return formatter, failOn, nil
}
