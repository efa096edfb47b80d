// Package diag is the vocabulary every part of lint-lua shares: severities,
// positions, the diagnostic and its fix, and what output formats and the
// configuration need to know about a rule (RuleInfo). It holds no
// machinery: it imports neither the parser nor the semantic model, so that
// the output formats and the configuration depend on it alone.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/span"
)

// Severity orders findings; a higher value is more severe.
type Severity int

const (
	SeverityInfo Severity = iota + 1
	SeverityWarning
	SeverityError
)

func (s Severity) String() string {
	switch s {
	case SeverityInfo:
		return "info"
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return "unknown"
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return SeverityError, nil
	case "warning", "warn":
		return SeverityWarning, nil
	case "info":
		return SeverityInfo, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Pos and Range are the shared position types (see package span).
type (
	Pos   = span.Pos
	Range = span.Range
)

// Diagnostic is the one finding type that every rule reports and every
// formatter renders.
type Diagnostic struct {
	File     string
	Range    Range
	Rule     string
	Severity Severity
	// Message is the headline: one lower-case line of at most about 100
	// characters, no final period, that names the concrete thing wrong.
	Message string
	// Help, when set, says why it matters and what to do instead; every
	// format shows it apart from the headline, and may leave it out.
	Help string
	// Fix, when set, is a mechanical rewrite that resolves the finding
	// (fix.go).
	Fix *Fix
	// Proof, when set, is what lint-lua --prove saw when it replayed the
	// script on a Redis to reproduce the finding.
	Proof *Proof
}

// Proof is the outcome of replaying a finding on a Redis (lint-lua
// --prove): the input that reproduced it and what the server replied, or
// a note saying why it was not reproduced.
type Proof struct {
	Reproduced bool
	// Witness is the database state, KEYS and ARGV of the run.
	Witness string
	// Reply is the server's error text for that run.
	Reply string
	// Server names the server and its version.
	Server string
	// Note says why a finding was not reproduced.
	Note string
	// Searched says the script was run (or its library loaded): a
	// script --prove refused to run was not.
	Searched bool
	// State are the commands that built the database of the run that
	// reproduced the finding (none: an empty database), and Keys and
	// Args its KEYS and ARGV: with them the run can be made again by
	// hand (lint-lua prove FILE:LINE prints it as redis-cli commands).
	State      [][]string
	Keys, Args []string
	// Function is the function of a Functions library the run called
	// (FCALL), "" for EVAL of the script.
	Function string
	// Appended is the line the run added at the end of a file of
	// functions to call one (return name(-1)), "" for the file as is.
	Appended string
}

// SortDiagnostics orders by file, line, column, then rule, as every output
// format promises.
func SortDiagnostics(ds []Diagnostic) {
	// A run's findings come mostly in order already (each file's are
	// sorted, and the files by name): one pass says so, where sorting
	// costs n log n comparisons all the same.
	if slices.IsSortedFunc(ds, compareDiagnostics) {
		return
	}
	slices.SortStableFunc(ds, compareDiagnostics)
}

// compareDiagnostics orders findings by file, line, column, rule and
// message.
func compareDiagnostics(a, b Diagnostic) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Range.Start.Line, b.Range.Start.Line); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Range.Start.Column, b.Range.Start.Column); c != 0 {
		return c
	}
	if c := strings.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}
