package lint

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
)

// Pass is what a rule sees: one script's model, the rule's options, and a way
// to report.
type Pass struct {
	Model *model.Model
	Rule  *Rule
	// Options are the rule's options, its defaults overridden by the
	// settings; read only (the defaults' map serves every file).
	Options map[string]any
	// Target says which server the script runs on: its commands, sandbox,
	// shebang flags and error texts.
	Target target.Target
	// Siblings is Config.Siblings: nil, or the names that other scripts
	// this one may be joined with define, with the script of each.
	Siblings func() map[string]Sibling
	// severity is the rule's configured severity, and out the findings of
	// every rule run so far.
	severity diag.Severity
	out      []diag.Diagnostic
}

// Report adds a finding at r, of the rule's ID and configured severity,
// whose headline is format and args: one lower-case line, no final period,
// that names the concrete thing (`KEYS[3] is read but the call passes 1
// key`). It returns the finding, for the rule to add the why and the fix
// (Help), a mechanical fix (Fix) or a lower severity (Lower, Info):
//
//	p.Report(r, "lock %s is never given an expiry", key).
//		Help("a client that dies holding it blocks every other: use SET %s token NX PX ms", key)
func (p *Pass) Report(r diag.Range, format string, args ...any) Finding {
	p.out = append(p.out, diag.Diagnostic{File: p.Model.File.Name, Range: r, Rule: p.Rule.ID, Severity: p.severity, Message: fmt.Sprintf(format, args...)})
	return Finding{p: p, i: len(p.out) - 1}
}

// Finding is a finding a rule just reported, to complete before the rule
// returns.
type Finding struct {
	p *Pass
	i int
}

func (f Finding) d() *diag.Diagnostic { return &f.p.out[f.i] }

// Help sets the finding's help: why it matters in Redis terms and what to
// do instead, in as many words as that takes (lower-case, no final
// period). The formats show it apart from the headline.
func (f Finding) Help(format string, args ...any) Finding {
	f.d().Help = fmt.Sprintf(format, args...)
	return f
}

// Lower reports the finding one severity level below the rule's
// configured severity (never below info), for the weaker form of what the
// rule checks. Each use is part of the rule's documentation (Doc.Lower).
// A configured severity (Setting.Fixed) wins over it.
func (f Finding) Lower() Finding {
	f.d().Severity = max(f.p.severity-1, diag.SeverityInfo)
	return f
}

// Info reports the finding at info severity, for advice whose worth
// depends on what the script cannot show (a {hash tag} its caller
// supplies). Each use is part of the rule's documentation (Doc.Lower).
// A configured severity (Setting.Fixed) wins over it.
func (f Finding) Info() Finding {
	f.d().Severity = diag.SeverityInfo
	return f
}

// Raise reports the finding one severity level above the rule's
// configured severity (never above error), for the stronger form of what
// the rule checks: an advice that, here, changes what the script does.
// Each use is part of the rule's documentation (Doc.Lower). A configured
// severity (Setting.Fixed) wins over it.
func (f Finding) Raise() Finding {
	f.d().Severity = min(f.p.severity+1, diag.SeverityError)
	return f
}

// Fix attaches a mechanical rewrite that resolves the finding. A fix with
// no edits, with edits outside the file or overlapping one another, or in
// a file whose nodes have no exact positions, is dropped and the finding
// stays.
func (f Finding) Fix(fix *diag.Fix) Finding {
	src := f.p.Model.File.Src
	if fix != nil && len(fix.Edits) > 0 && f.p.Model.File.Positioned() && diag.ValidEdits(fix.Edits, len(src)) {
		out := &diag.Fix{Message: fix.Message, Applicability: fix.Applicability}
		for _, e := range fix.Edits {
			out.Edits = append(out.Edits, separate(src, e))
		}
		f.d().Fix = out
	}
	return f
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
