package analyzer

import (
	"fmt"
	"go/token"
	"path/filepath"

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
	// seen drops a finding reported twice at the same place: a fragment
	// spliced into several scripts of an embed.FS is linted with each.
	seen map[reportKey]bool
}

type reportKey struct {
	pos, end token.Pos
	msg      string
}

func newReporter(pass *analysis.Pass, set *resolved, scripts *[]*luaScript) *reporter {
	return &reporter{pass: pass, set: set, scripts: scripts, used: map[ignoreKey]bool{}, seen: map[reportKey]bool{}}
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
	if c, ok := suppressed(r.pass, pos, rule); ok {
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
		URL:            ruleURL(rule),
		Message:        headline + " (" + tag + ")",
		SuggestedFixes: fixes,
	}
	if help != "" {
		d.Message += helpSep + help
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
	r.pass.Report(d)
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
