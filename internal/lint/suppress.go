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
	// to is, for an ignore-start, the line of the ignore-end that closes
	// each rule's range (0 while open).
	to []int
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
	return applySuppressions(name, comments, ds, nil, nil, settings, rules)
}

// SuppressCovering is Suppress where a finding is also covered by the
// ignores that cover other lines: covers(i) lists those lines for ds[i]. A
// script cut from a host file's string literal is covered as a whole by an
// ignore above the literal or above the call that runs it, as an ignore
// above a statement covers the statement.
func SuppressCovering(name string, comments []luasrc.Comment, ds []diag.Diagnostic, covers func(i int) []int, settings Settings, rules []*Rule) []diag.Diagnostic {
	return applySuppressions(name, comments, ds, covers, nil, settings, rules)
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

// applySuppressions is Suppress and SuppressCovering; stmtEnd, when set,
// returns the last line of the statement that starts on a line (that line
// itself when none does), so that an ignore on the line above a statement
// covers the whole statement.
func applySuppressions(name string, comments []luasrc.Comment, ds []diag.Diagnostic, covers func(int) []int, stmtEnd func(line int) int, settings Settings, rules []*Rule) (out []diag.Diagnostic) {
	var ids []string // made at the first directive: most files have none
	known := func(id string) bool { _, ok := slices.BinarySearch(ids, id); return ok }
	var igs, ranges []*ignore
	var invalid []diag.Diagnostic
	bad := func(c luasrc.Comment, head, help string) {
		invalid = append(invalid, diag.Diagnostic{File: name, Range: c.Range, Rule: InvalidIgnore, Message: head, Help: help})
	}
	requireReason := settings.RequiresReason()
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
		heads, helps := p.Problems(known, ids, requireReason)
		for i := range heads {
			bad(c, heads[i], helps[i])
		}
		if !p.Known() {
			continue
		}
		if p.End {
			closeRanges(ranges, p.Rules, c, bad)
			continue
		}
		ig := &ignore{comment: c, file: p.File, rules: p.Rules}
		ig.used = make([]bool, len(ig.rules))
		ig.known = make([]bool, len(ig.rules))
		for i, r := range ig.rules {
			ig.known[i] = known(r)
		}
		if p.Start {
			ig.to = make([]int, len(ig.rules))
			ranges = append(ranges, ig)
		}
		igs = append(igs, ig)
	}
	for _, ig := range ranges {
		for i, r := range ig.rules {
			if ig.to[i] == 0 {
				bad(ig.comment, fmt.Sprintf("this ignore-start of %s has no ignore-end %s below it", r, r),
					fmt.Sprintf("it covers nothing until it is closed: write `lint-lua: ignore-end %s` after the last line it should cover", r))
			}
		}
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
		switch {
		case ig.file:
			fileIgs = append(fileIgs, ig)
			continue
		case ig.to != nil:
			continue // a range: matched apart
		}
		// A trailing comment covers its own line; a comment on a line of
		// its own covers the next line (and itself), and the rest of the
		// statement that starts there.
		byLine[ig.comment.Range.Start.Line] = append(byLine[ig.comment.Range.Start.Line], ig)
		if ig.comment.OwnLine {
			next := ig.comment.Range.End.Line + 1
			last := next
			if stmtEnd != nil {
				last = max(next, stmtEnd(next))
			}
			for l := next; l <= last; l++ {
				byLine[l] = append(byLine[l], ig)
			}
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
		hit = inRange(ranges, d.Range.Start.Line, d) || hit
		if covers != nil {
			for _, l := range covers(i) {
				if l != d.Range.Start.Line {
					hit = suppressed(byLine[l], d) || hit
					hit = inRange(ranges, l, d) || hit
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
			// A name that is no rule is invalid-ignore's, and so is a
			// range never closed.
			if ig.used[i] || !ig.known[i] || ig.to != nil && ig.to[i] == 0 {
				continue
			}
			if s, ok := settings[r]; ok && !s.Enabled {
				// The rule is off here: the ignore is not stale, only idle.
				continue
			}
			kind := "ignore"
			switch {
			case ig.file:
				kind = "ignore-file"
			case ig.to != nil:
				kind = "ignore-start"
			}
			kept = append(kept, diag.Diagnostic{File: name, Range: ig.comment.Range, Rule: UnusedIgnore, Severity: sev,
				Message: fmt.Sprintf("this %s of %s suppresses nothing", kind, r),
				Help:    "it would silently hide a future finding of that rule: remove it"})
		}
	}
	return kept
}

// closeRanges closes, for each rule an ignore-end at c names, the nearest
// ignore-start above it whose range of that rule is open; an ignore-end
// that closes nothing is reported through bad.
func closeRanges(ranges []*ignore, rules []string, c luasrc.Comment, bad func(c luasrc.Comment, head, help string)) {
	for _, r := range rules {
		closed := false
		for j := len(ranges) - 1; j >= 0 && !closed; j-- {
			for i, rr := range ranges[j].rules {
				if rr == r && ranges[j].to[i] == 0 {
					ranges[j].to[i] = c.Range.Start.Line
					closed = true
					break
				}
			}
		}
		if !closed {
			bad(c, fmt.Sprintf("this ignore-end of %s has no ignore-start %s above it", r, r),
				fmt.Sprintf("it closes nothing: write `lint-lua: ignore-start %s -- reason` above the first line to cover, or remove it", r))
		}
	}
}

// inRange reports whether one of the closed ranges covers line and names
// d's rule, and marks those that do as used.
func inRange(ranges []*ignore, line int, d diag.Diagnostic) bool {
	hit := false
	for _, ig := range ranges {
		if line < ig.comment.Range.Start.Line {
			continue
		}
		for i, r := range ig.rules {
			if r == d.Rule && ig.to[i] != 0 && line <= ig.to[i] {
				ig.used[i] = true
				hit = true
			}
		}
	}
	return hit
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
