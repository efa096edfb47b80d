package lint

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/model"
)

// Pass is what a rule sees: one script's model, the rule's options, and a way
// to report.
type Pass struct {
	Model *model.Model
	Rule  *Rule
	// Options are the rule's options, its defaults overridden by the
	// settings; read only (the defaults' map serves every file).
	Options map[string]any
	// Target says which Redis the script runs on.
	Target Target
	// report adds d at the configured severity lowered by lower levels
	// (never below info).
	report func(d diag.Diagnostic, lower int)
}

// Report adds a finding at r with the rule's ID and configured severity.
func (p *Pass) Report(r diag.Range, format string, args ...any) {
	p.report(diag.Diagnostic{File: p.Model.File.Name, Range: r, Rule: p.Rule.ID, Message: sprintf(format, args)}, 0)
}

// ReportLower adds a finding one severity level below the rule's configured
// severity (never below info), for the weaker form of what a rule checks.
func (p *Pass) ReportLower(r diag.Range, format string, args ...any) {
	p.report(diag.Diagnostic{File: p.Model.File.Name, Range: r, Rule: p.Rule.ID, Message: sprintf(format, args)}, 1)
}

// ReportInfo adds a finding at info severity, for advice whose worth depends
// on what the script cannot show (a {hash tag} its caller supplies).
func (p *Pass) ReportInfo(r diag.Range, format string, args ...any) {
	p.report(diag.Diagnostic{File: p.Model.File.Name, Range: r, Rule: p.Rule.ID, Message: sprintf(format, args)}, int(diag.SeverityError))
}

// IntOption returns an integer option (YAML and JSON numbers arrive as int
// or float64).
func (p *Pass) IntOption(name string) int {
	switch v := p.Options[name].(type) {
	case int:
		return v
	case int64:
		return int(v)
	case float64:
		return int(v)
	}
	return 0
}

// sprintf is fmt.Sprintf(format, args...) (TestSprintfMatchesFmt,
// FuzzSprintf), with a path of its own for what rules' messages use: %s of
// a string, %d of an int and %%. Anything else goes to fmt. fmt's
// reflection was the largest single cost of reporting, a few percent of a
// run with thousands of findings.
func sprintf(format string, args []any) string {
	b := make([]byte, 0, len(format)+32*len(args))
	next := 0
	for i := 0; i < len(format); i++ {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			b = append(b, format[i:]...)
			break
		}
		b = append(b, format[i:i+j]...)
		i += j + 1
		if i == len(format) {
			return fmt.Sprintf(format, args...)
		}
		switch format[i] {
		case '%':
			b = append(b, '%')
			continue
		case 's':
			if next < len(args) {
				if s, ok := args[next].(string); ok {
					b = append(b, s...)
					next++
					continue
				}
			}
		case 'd':
			if next < len(args) {
				if n, ok := args[next].(int); ok {
					b = strconv.AppendInt(b, int64(n), 10)
					next++
					continue
				}
			}
		}
		return fmt.Sprintf(format, args...)
	}
	if next != len(args) {
		return fmt.Sprintf(format, args...)
	}
	// b is this function's and never written again: the message is its
	// bytes, without a copy.
	return unsafe.String(unsafe.SliceData(b), len(b))
}
