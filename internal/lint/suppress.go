package lint

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// ignoreRE matches `lint-lua: ignore RULE[,RULE] -- reason` and
// `lint-lua: ignore-file RULE -- reason` inside a comment.
var ignoreRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)^\s*lint-lua:\s*(ignore-file|ignore)\s+([A-Za-z0-9_,\s-]*?)\s*(?:--\s*(.*))?$`)
})

type ignore struct {
	comment luasrc.Comment
	file    bool
	rules   []string
	used    []bool
}

// Suppress applies the `lint-lua: ignore` comments among comments to ds,
// the findings of the file called name, and reports the ignores that
// suppress nothing. Run applies a script's own comments; a driver whose
// script is cut from another file (a host-language string literal) applies
// that file's comments with Suppress, once the findings are placed in it.
func Suppress(name string, comments []luasrc.Comment, ds []diag.Diagnostic, settings Settings) []diag.Diagnostic {
	return applySuppressions(name, comments, ds, nil, settings)
}

// SuppressCovering is Suppress where a finding is also covered by the
// ignores that cover other lines: covers(i) lists those lines for ds[i]. A
// script cut from a host file's string literal is covered as a whole by an
// ignore above the literal or above the call that runs it, as an ignore
// above a statement covers the statement.
func SuppressCovering(name string, comments []luasrc.Comment, ds []diag.Diagnostic, covers func(i int) []int, settings Settings) []diag.Diagnostic {
	return applySuppressions(name, comments, ds, covers, settings)
}

func applySuppressions(name string, comments []luasrc.Comment, ds []diag.Diagnostic, covers func(int) []int, settings Settings) []diag.Diagnostic {
	var igs []*ignore
	for _, c := range comments {
		// The expression needs "lint-lua": most comments are done here,
		// without running it.
		if !strings.Contains(c.Text, "lint-lua") {
			continue
		}
		m := ignoreRE().FindStringSubmatch(strings.TrimSpace(c.Text))
		if m == nil {
			continue
		}
		ig := &ignore{comment: c, file: m[1] == "ignore-file"}
		for _, r := range strings.FieldsFunc(m[2], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			ig.rules = append(ig.rules, r)
		}
		ig.used = make([]bool, len(ig.rules))
		igs = append(igs, ig)
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
		if d.Rule == SyntaxErrorID {
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
	if s, ok := settings[UnusedIgnore]; ok && !s.Enabled {
		return kept
	}
	sev := diag.SeverityInfo
	if s, ok := settings[UnusedIgnore]; ok && s.Severity != 0 {
		sev = s.Severity
	}
	for _, ig := range igs {
		for i, r := range ig.rules {
			if ig.used[i] {
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
		if len(ig.rules) == 0 {
			kept = append(kept, diag.Diagnostic{File: name, Range: ig.comment.Range, Rule: UnusedIgnore, Severity: sev,
				Message: "this ignore names no rule",
				Help:    "an ignore suppresses only the rules it names: write `lint-lua: ignore RULE -- reason`"})
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
