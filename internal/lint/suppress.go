package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

type ignore struct {
	comment luasrc.Comment
	file    bool
	rules   []string
	used    []bool
	known   []bool
}

// Suppress applies the `lint-lua: ignore` comments among comments to ds,
// the findings of the file called name, and reports the ignores that
// suppress nothing (unused-ignore) and those that name no rule or a rule
// that does not exist (invalid-ignore); rules are the rules that exist
// (besides the engine's own). Run applies a script's own comments; a
// driver whose script is cut from another file (a host-language string
// literal) applies that file's comments with Suppress, once the findings
// are placed in it.
func Suppress(name string, comments []luasrc.Comment, ds []diag.Diagnostic, settings Settings, rules []*Rule) []diag.Diagnostic {
	return applySuppressions(name, comments, ds, nil, settings, rules)
}

// SuppressCovering is Suppress where a finding is also covered by the
// ignores that cover other lines: covers(i) lists those lines for ds[i]. A
// script cut from a host file's string literal is covered as a whole by an
// ignore above the literal or above the call that runs it, as an ignore
// above a statement covers the statement.
func SuppressCovering(name string, comments []luasrc.Comment, ds []diag.Diagnostic, covers func(i int) []int, settings Settings, rules []*Rule) []diag.Diagnostic {
	return applySuppressions(name, comments, ds, covers, settings, rules)
}

// IDs are the IDs of rules, with the engine's own, sorted: what an ignore
// may name.
func IDs(rules []*Rule) []string {
	out := []string{SyntaxErrorID, UnusedIgnore, InvalidIgnore}
	for _, r := range rules {
		if !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	slices.Sort(out)
	return out
}

func applySuppressions(name string, comments []luasrc.Comment, ds []diag.Diagnostic, covers func(int) []int, settings Settings, rules []*Rule) (out []diag.Diagnostic) {
	var ids []string // made at the first directive: most files have none
	known := func(id string) bool { _, ok := slices.BinarySearch(ids, id); return ok }
	var igs []*ignore
	var invalid []diag.Diagnostic
	for _, c := range comments {
		// A directive needs "lint-lua": most comments are done here.
		if !strings.Contains(c.Text, "lint-lua") {
			continue
		}
		p, ok := ParseIgnore(c.Text)
		if !ok {
			continue
		}
		if ids == nil {
			ids = IDs(rules)
		}
		heads, helps := p.Problems(known, ids)
		for i := range heads {
			invalid = append(invalid, diag.Diagnostic{File: name, Range: c.Range, Rule: InvalidIgnore, Message: heads[i], Help: helps[i]})
		}
		if p.Verb != "ignore" && p.Verb != "ignore-file" {
			continue
		}
		ig := &ignore{comment: c, file: p.File, rules: p.Rules}
		ig.used = make([]bool, len(ig.rules))
		ig.known = make([]bool, len(ig.rules))
		for i, r := range ig.rules {
			ig.known[i] = known(r)
		}
		igs = append(igs, ig)
	}
	// The invalid ignores are reported after the findings are matched:
	// covers is indexed by ds.
	if s, ok := settings.Enabled(InvalidIgnore, diag.SeverityWarning); ok && len(invalid) > 0 {
		defer func() {
			for _, d := range invalid {
				d.Severity = s.Severity
				out = append(out, d)
			}
		}()
	}
	if len(igs) == 0 {
		return ds
	}
	// Index the ignores by the line they cover, so that a file with an
	// ignore and a finding on each of many lines stays linear.
	var fileIgs []*ignore
	byLine := map[int][]*ignore{}
	for _, ig := range igs {
		if ig.file {
			fileIgs = append(fileIgs, ig)
			continue
		}
		// A trailing comment covers its own line; a comment on a line of
		// its own covers the next line (and itself).
		byLine[ig.comment.Range.Start.Line] = append(byLine[ig.comment.Range.Start.Line], ig)
		if ig.comment.OwnLine {
			next := ig.comment.Range.End.Line + 1
			byLine[next] = append(byLine[next], ig)
		}
	}
	kept := ds[:0]
	for i, d := range ds {
		if d.Rule == SyntaxErrorID || d.Rule == InvalidIgnore {
			kept = append(kept, d)
			continue
		}
		// Every call runs: every ignore that covers the finding is used.
		hit := suppressed(fileIgs, d)
		hit = suppressed(byLine[d.Range.Start.Line], d) || hit
		if covers != nil {
			for _, l := range covers(i) {
				if l != d.Range.Start.Line {
					hit = suppressed(byLine[l], d) || hit
				}
			}
		}
		if !hit {
			kept = append(kept, d)
		}
	}
	unused, on := settings.Enabled(UnusedIgnore, diag.SeverityInfo)
	if !on {
		return kept
	}
	sev := unused.Severity
	for _, ig := range igs {
		for i, r := range ig.rules {
			// A name that is no rule is invalid-ignore's.
			if ig.used[i] || !ig.known[i] {
				continue
			}
			if s, ok := settings[r]; ok && !s.Enabled {
				// The rule is off here: the ignore is not stale, only idle.
				continue
			}
			kind := "ignore"
			if ig.file {
				kind = "ignore-file"
			}
			kept = append(kept, diag.Diagnostic{File: name, Range: ig.comment.Range, Rule: UnusedIgnore, Severity: sev,
				Message: fmt.Sprintf("this %s of %s suppresses nothing", kind, r),
				Help:    "it would silently hide a future finding of that rule: remove it"})
		}
	}
	return kept
}

// suppressed reports whether one of igs, the ignores that cover d's line,
// names d's rule, and marks those that do as used.
func suppressed(igs []*ignore, d diag.Diagnostic) bool {
	hit := false
	for _, ig := range igs {
		for i, r := range ig.rules {
			if r == d.Rule {
				ig.used[i] = true
				hit = true
			}
		}
	}
	return hit
}
