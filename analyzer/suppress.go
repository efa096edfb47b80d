package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis"
)

// ignoreDirective is the Go comment that silences a finding:
//
//	//lint-lua:ignore RULE[,RULE] reason
//
// written on the line of the finding or on the line above it. Inside a Lua
// script the Lua comment `-- lint-lua: ignore RULE -- reason` works as in a
// .lua file.
const ignoreDirective = "lint-lua:ignore"

// suppressed reports whether a //lint-lua:ignore comment on the line of pos,
// or on the line above it, names rule, and returns the comment. Positions
// outside the package's Go files (an embedded .lua file) are never
// suppressed here: the script's own ignore comments apply there.
func suppressed(pass *analysis.Pass, pos token.Pos, rule string) (*ast.Comment, bool) {
	if !pos.IsValid() {
		return nil, false
	}
	f := fileOf(pass, pos)
	if f == nil {
		return nil, false
	}
	tf := pass.Fset.File(pos)
	// Raw lines (not adjusted by //line directives): the comment and the
	// finding are in the same physical file.
	line := tf.Line(pos)
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			cl := tf.Line(c.Pos())
			if cl != line && cl != line-1 {
				continue
			}
			for _, r := range ignoredRules(c.Text) {
				if r == rule {
					return c, true
				}
			}
		}
	}
	return nil, false
}

type ignoreKey struct {
	pos  token.Pos
	rule string
}

// reportUnusedIgnores reports, once every check has run, each rule named by
// a //lint-lua:ignore comment of the package's Go files that silenced no
// finding (unused-ignore). Only known rule IDs are reported: a comment
// naming something else may be meant for another tool. unused-ignore is of
// info severity, and below -severity=info the Lua findings of lower
// severity never reach the reporter, so their ignores would look unused:
// nothing is reported then. An ignore of a rule the settings turn off is
// idle, not stale: it is not reported either.
func (r *reporter) reportUnusedIgnores() {
	if diag.SeverityInfo < r.set.minSeverity {
		return
	}
	for _, f := range r.pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				for _, rule := range ignoredRules(c.Text) {
					if r.used[ignoreKey{c.Pos(), rule}] || rules.ByID(rule) == nil || r.set.off(fileAt(r.pass, c.Pos()), rule) {
						continue
					}
					r.pass.Report(analysis.Diagnostic{
						Pos:      c.Pos(),
						End:      c.End(),
						Category: lint.UnusedIgnore,
						URL:      ruleURL(lint.UnusedIgnore),
						Message:  fmt.Sprintf("this //lint-lua:ignore of %s suppresses nothing (%s)", rule, lint.UnusedIgnore),
						Related: []analysis.RelatedInformation{{Pos: c.Pos(), End: c.End(),
							Message: helpPrefix + "it would silently hide a future finding of that rule: remove it"}},
					})
				}
			}
		}
	}
}

// ignoredRules returns the rules a //lint-lua:ignore comment names, or nil
// if text is another comment.
func ignoredRules(text string) []string {
	body, ok := strings.CutPrefix(text, "//")
	if !ok {
		return nil
	}
	body = strings.TrimLeft(body, " \t")
	rest, ok := strings.CutPrefix(body, ignoreDirective)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return nil
	}
	var out []string
	for _, r := range strings.Split(fields[0], ",") {
		if r = strings.TrimSpace(r); r != "" {
			out = append(out, r)
		}
	}
	return out
}

// fileOf returns the Go file of the package that holds pos.
func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// helpPrefix starts the related information that carries a finding's help:
// go/analysis has no place of its own for it. go vet prints it on a line of
// its own under the finding, and lint-lua go reads it back (Help).
const helpPrefix = "help: "

// Help returns the help of a finding the analyzer reported, or "".
func Help(d analysis.Diagnostic) string {
	for _, r := range d.Related {
		if h, ok := strings.CutPrefix(r.Message, helpPrefix); ok {
			return h
		}
	}
	return ""
}

// ruleURL is where a rule's documentation lives.
func ruleURL(rule string) string {
	if r := rules.ByID(rule); r != nil {
		return r.HelpURI()
	}
	return "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md#" + rule
}
