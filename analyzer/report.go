package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/lint-lua/lint-lua/internal/baseline"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/diskfile"

	"golang.org/x/tools/go/analysis"
)

// reporter is where the checks of one run report their findings. It holds
// what a finding passes through on its way to pass.Report: the settings
// (a rule turned off, a severity below the minimum), the //lint-lua:ignore
// comments (and which of them were used, for unused-ignore), and with
// GoFilesOnly the move of a finding in an embedded file to the Go code
// that uses it. One reporter serves one pass, in one goroutine.
type reporter struct {
	pass *analysis.Pass
	set  *resolved
	// scripts are the package's scripts, for GoFilesOnly.
	scripts *[]*luaScript
	used    map[ignoreKey]bool
	// ignores are the ignore comments of each Go file, indexed once.
	ignores map[*ast.File]*goIgnores
	// seen drops a finding reported twice at the same place: a fragment
	// spliced into several scripts of an embed.FS is linted with each.
	seen map[reportKey]bool
	// held are the findings kept back for the baseline, with its keys,
	// and lines the lines of the files they are in (baselined).
	held  []analysis.Diagnostic
	keys  []baseline.Finding
	lines map[string][]string
}

type reportKey struct {
	pos, end token.Pos
	msg      string
}

func newReporter(pass *analysis.Pass, set *resolved, scripts *[]*luaScript) *reporter {
	return &reporter{pass: pass, set: set, scripts: scripts, used: map[ignoreKey]bool{}, ignores: map[*ast.File]*goIgnores{}, seen: map[reportKey]bool{}}
}

// rule reports a finding of rule at its default severity, with its
// headline and help.
func (r *reporter) rule(pos, end token.Pos, rule, headline, help string) {
	r.report(pos, end, rule, "", nil, headline, help)
}

// report reports a finding unless the settings or a //lint-lua:ignore
// comment drop it; it drops an end that does not belong to pos's file,
// ends the headline with "(rule)", or "(rule, severity)" when sev names a
// level other than the rule's default, and joins the help to it (Split).
func (r *reporter) report(pos, end token.Pos, rule, sev string, fixes []analysis.SuggestedFix, headline, help string) {
	if c, ok := suppressedBy(r.pass, r.ignores, pos, rule); ok {
		r.used[ignoreKey{c.Pos(), rule}] = true
		return
	}
	if !r.set.reports(fileAt(r.pass, pos), rule) {
		return
	}
	fset := r.pass.Fset
	if end.IsValid() && (end < pos || fset.File(end) != fset.File(pos)) {
		end = token.NoPos
	}
	tag := rule
	if sev != "" {
		tag += ", " + sev
	}
	d := analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       rule,
		URL:            ruleURL(r.set.cat, rule),
		Message:        headline + " (" + tag + ")",
		SuggestedFixes: fixes,
	}
	if help != "" {
		d.Message += helpSep + help
	}
	var key baseline.Finding
	if r.set.baseline != nil {
		// Keyed where the finding is, before it moves to the Go code
		// that uses its file: lint-lua go keys it there too.
		key = r.key(pos, end, rule)
	}
	if r.set.goFilesOnly && pos.IsValid() && fileOf(r.pass, pos) == nil {
		if s := r.embeddedScript(pos); s != nil {
			p := fset.Position(pos)
			d.Message = fmt.Sprintf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, d.Message)
			d.Pos, d.End = s.Src.Pos(), s.Src.End()
			// A fix's edits are in the .lua file: a tool that takes
			// them to be in the finding's file would edit main.go.
			d.SuggestedFixes = nil
		}
	}
	k := reportKey{d.Pos, d.End, d.Message}
	if r.seen[k] {
		return
	}
	r.seen[k] = true
	if r.set.baseline != nil {
		r.held = append(r.held, d)
		r.keys = append(r.keys, key)
		return
	}
	r.pass.Report(d)
}

// key is a finding of rule from pos to end as the baseline keys it.
func (r *reporter) key(pos, end token.Pos, rule string) baseline.Finding {
	start := r.pass.Fset.PositionFor(pos, false)
	stop := start
	if end.IsValid() {
		stop = r.pass.Fset.PositionFor(end, false)
	}
	d := diag.Diagnostic{File: start.Filename, Rule: rule, Range: diag.Range{
		Start: diag.Pos{Line: start.Line, Column: start.Column},
		End:   diag.Pos{Line: stop.Line, Column: stop.Column},
	}}
	lines, ok := r.lines[start.Filename]
	if !ok {
		if src, _, err := diskfile.Read(start.Filename, baselineFileMax); err == nil {
			lines = strings.Split(string(src), "\n")
		}
		if r.lines == nil {
			r.lines = map[string][]string{}
		}
		r.lines[start.Filename] = lines
	}
	return baseline.Of(d, "", func(n int) (string, bool) {
		if n < 1 || n > len(lines) {
			return "", false
		}
		return strings.TrimRight(lines[n-1], "\r"), true
	}, func(rule string) bool {
		ru := r.set.cat.ByID(rule)
		return ru != nil && ru.WholeScript
	})
}

// baselineFileMax is the largest file whose text keys its findings for
// the baseline: a larger one (generated Go) keys them by rule and file.
const baselineFileMax = 16 << 20

// flush reports the findings held for the baseline that it does not hold.
func (r *reporter) flush() {
	if r.set.baseline == nil {
		return
	}
	old, _, _ := r.set.baseline.Match(r.keys, nil)
	for i, d := range r.held {
		if !old[i] {
			r.pass.Report(d)
		}
	}
	r.held, r.keys, r.lines = nil, nil, nil
}

// embeddedScript returns the script embedded from the file that holds pos.
func (r *reporter) embeddedScript(pos token.Pos) *luaScript {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return nil
	}
	for _, s := range *r.scripts {
		if s.Embed != "" && s.Embed == tf.Name() {
			return s
		}
	}
	return nil
}
