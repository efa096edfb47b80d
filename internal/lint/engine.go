package lint

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
)

// Engine-level rule IDs: reported by the engine itself, not by a rule's Run.
const (
	SyntaxErrorID = "syntax-error"
	UnusedIgnore  = "unused-ignore"
)

// Setting is the configuration of one rule for one file.
type Setting struct {
	Enabled  bool
	Severity Severity
	Options  map[string]any
}

// Settings maps rule IDs to their settings; a rule missing from it runs
// with its defaults.
type Settings map[string]Setting

// Lint parses src and runs rules over it. It never panics on any input: a
// rule that panics is reported as an error diagnostic of that rule, and the
// other rules still run.
func Lint(name string, src []byte, rules []*Rule, settings Settings) []Diagnostic {
	f := luasrc.Parse(name, src)
	out := LintFile(f, rules, settings)
	// The file never leaves this function, and the findings hold nothing
	// of it but strings (immutable) and numbers.
	f.Release()
	return out
}

// LintFile runs rules over a parsed file.
func LintFile(f *luasrc.File, rules []*Rule, settings Settings) []Diagnostic {
	return LintFileFor(f, rules, settings, Target{})
}

// Target is what the scripts will run on.
type Target struct {
	// RedisVersion is the Redis version scripts run on ("7.0.15"); empty
	// means the newest the command table knows.
	RedisVersion string
}

// LintFileFor runs rules over a parsed file for a target.
func LintFileFor(f *luasrc.File, rules []*Rule, settings Settings, target Target) []Diagnostic {
	var out []Diagnostic
	enabled := settings.enabled
	if s, ok := enabled(SyntaxErrorID, SeverityError); ok {
		for _, e := range f.Errors {
			out = append(out, Diagnostic{File: f.Name, Range: e.Range, Rule: SyntaxErrorID, Severity: s.Severity, Message: e.Message})
		}
	}
	m := model.Build(f)
	if s, ok := enabled(SyntaxErrorID, SeverityError); ok {
		for _, e := range m.Problems {
			out = append(out, Diagnostic{File: f.Name, Range: e.Range, Rule: SyntaxErrorID, Severity: s.Severity, Message: e.Message})
		}
	}
	out = append(out, RunRules(m, rules, settings, target)...)
	// The model never leaves this function and the findings hold none of
	// it (strings and ranges): its arrays serve the next file's.
	m.Release()
	out = applySuppressions(f, out, settings)
	SortDiagnostics(out)
	return out
}

// enabled returns the setting of a rule whose default severity is def, and
// whether it runs.
func (settings Settings) enabled(id string, def Severity) (Setting, bool) {
	s, ok := settings[id]
	if !ok {
		return Setting{Enabled: true, Severity: def}, true
	}
	if s.Severity == 0 {
		s.Severity = def
	}
	return s, s.Enabled
}

// RunRules runs the enabled rules over a built model, when its file parsed,
// and returns their findings unsorted and before suppressions.
func RunRules(m *model.Model, rules []*Rule, settings Settings, target Target) []Diagnostic {
	var out []Diagnostic
	if m.File.Chunk == nil {
		return nil
	}
	// One Pass serves every rule in turn: a file runs some thirty rules,
	// and most report nothing.
	var sev Severity
	p := &Pass{Model: m, Target: target}
	p.report = func(d Diagnostic, lower int) {
		d.Severity = max(sev-Severity(lower), SeverityInfo)
		out = append(out, d)
	}
	for _, r := range rules {
		if r.Run == nil {
			continue
		}
		s, ok := settings.enabled(r.ID, r.Severity)
		if !ok {
			continue
		}
		sev = s.Severity
		if err := runRule(p, r, s); err != nil {
			out = append(out, *err)
		}
	}
	return out
}

// runRule runs r on p, which reports into the caller's findings; a panic
// becomes a finding of its own.
func runRule(p *Pass, r *Rule, s Setting) (internal *Diagnostic) {
	// Most rules have no options: they read a nil map. A rule run with
	// its defaults reads one map made once for every file (rules only
	// read their options).
	var opts map[string]any
	switch {
	case len(s.Options) == 0 && len(r.Options) > 0:
		opts = defaultOptions(r)
	case len(s.Options) > 0:
		opts = make(map[string]any, len(r.Options)+len(s.Options))
		for _, o := range r.Options {
			opts[o.Name] = o.Default
		}
		for k, v := range s.Options {
			opts[k] = v
		}
	}
	p.Rule, p.Options = r, opts
	defer func() {
		if e := recover(); e != nil {
			internal = &Diagnostic{File: p.Model.File.Name, Range: Range{Start: Pos{Line: 1, Column: 1}, End: Pos{Line: 1, Column: 1}}, Rule: r.ID, Severity: SeverityError,
				Message: fmt.Sprintf("internal error in rule %s: %v (please report it)", r.ID, e)}
		}
	}()
	r.Run(p)
	return nil
}

// defaults holds each rule's default options, made on first use: a
// *Rule's map[string]any.
var defaults sync.Map

// defaultOptions returns the options of r when the settings change none.
func defaultOptions(r *Rule) map[string]any {
	if m, ok := defaults.Load(r); ok {
		return m.(map[string]any)
	}
	m := make(map[string]any, len(r.Options))
	for _, o := range r.Options {
		m[o.Name] = o.Default
	}
	got, _ := defaults.LoadOrStore(r, m)
	return got.(map[string]any)
}

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

func applySuppressions(f *luasrc.File, ds []Diagnostic, settings Settings) []Diagnostic {
	var igs []*ignore
	for _, c := range f.Comments {
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
	for _, d := range ds {
		if d.Rule == SyntaxErrorID {
			kept = append(kept, d)
			continue
		}
		// Both calls run: every ignore that covers the finding is used.
		byFile := suppressed(fileIgs, d)
		if !suppressed(byLine[d.Range.Start.Line], d) && !byFile {
			kept = append(kept, d)
		}
	}
	if s, ok := settings[UnusedIgnore]; ok && !s.Enabled {
		return kept
	}
	sev := SeverityInfo
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
			kept = append(kept, Diagnostic{File: f.Name, Range: ig.comment.Range, Rule: UnusedIgnore, Severity: sev,
				Message: fmt.Sprintf("this %s of %s suppresses nothing: remove it", kind, r)})
		}
		if len(ig.rules) == 0 {
			kept = append(kept, Diagnostic{File: f.Name, Range: ig.comment.Range, Rule: UnusedIgnore, Severity: sev,
				Message: "this ignore names no rule: write `lint-lua: ignore RULE -- reason`"})
		}
	}
	return kept
}

// suppressed reports whether one of igs, the ignores that cover d's line,
// names d's rule, and marks those that do as used.
func suppressed(igs []*ignore, d Diagnostic) bool {
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
