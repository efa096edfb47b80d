package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis"
)

// A Go comment silences a finding with the directive every language
// shares (lint.ParseIgnore):
//
//	// lint-lua: ignore RULE[,RULE] -- reason
//	//lint-lua:ignore RULE reason
//
// written on the line of the finding or on the line above it, or
// `// lint-lua: ignore-file RULE -- reason` anywhere in the file for all
// of the file. Inside a Lua script the Lua comment
// `-- lint-lua: ignore RULE -- reason` works as in a .lua file.

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
			ig, ok := goIgnore(c.Text)
			if !ok {
				continue
			}
			if cl := tf.Line(c.Pos()); !ig.File && cl != line && cl != line-1 {
				continue
			}
			for _, r := range ig.Rules {
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

// reportIgnores reports, once every check has run, the ignore comments of
// the package's Go files that name no rule or a rule that does not exist
// (invalid-ignore, a warning), and each rule named that silenced no
// finding (unused-ignore). unused-ignore is of info severity, and below
// -min-severity=info the Lua findings of lower severity never reach the
// reporter, so their ignores would look unused: no unused-ignore is
// reported then. An ignore of a rule the settings turn off is idle, not
// stale: it is not reported either.
func (r *reporter) reportIgnores() {
	unused := diag.SeverityInfo >= r.set.minSeverity
	var ids []string
	for _, f := range r.pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				ig, ok := goIgnore(c.Text)
				if !ok {
					continue
				}
				if ids == nil {
					ids = lint.IDs(rules.All())
				}
				heads, helps := ig.Problems(func(id string) bool { return rules.ByID(id) != nil || slices.Contains(ids, id) }, ids)
				for i := range heads {
					r.report(c.Pos(), c.End(), lint.InvalidIgnore, "", nil, heads[i], helps[i])
				}
				if !unused {
					continue
				}
				for _, rule := range ig.Rules {
					if r.used[ignoreKey{c.Pos(), rule}] || rules.ByID(rule) == nil || r.set.off(fileAt(r.pass, c.Pos()), rule) {
						continue
					}
					r.rule(c.Pos(), c.End(), lint.UnusedIgnore, fmt.Sprintf("this //lint-lua:ignore of %s suppresses nothing", rule),
						"it would silently hide a future finding of that rule: remove it")
				}
			}
		}
	}
}

// goIgnore parses a Go comment (// or /* */) as a lint-lua directive.
func goIgnore(text string) (lint.Ignore, bool) {
	if !strings.Contains(text, "lint-lua") {
		return lint.Ignore{}, false
	}
	body, ok := strings.CutPrefix(text, "//")
	if !ok {
		body, ok = strings.CutPrefix(text, "/*")
		if !ok {
			return lint.Ignore{}, false
		}
		body = strings.TrimSuffix(body, "*/")
	}
	return lint.ParseIgnore(body)
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

// helpSep joins a finding's help to its headline and rule in the one
// message go/analysis has: an editor shows every related information as a
// diagnostic of its own at the same place (gopls), so a help given there
// showed each finding twice. It is the separator the one-line formats use
// (github, checkstyle: "headline — help").
const helpSep = " — "

// Split reads back a message the analyzer reported: the headline, the
// severity its rule tag names ("" for the rule's default: "(rule)" rather
// than "(rule, info)") and the help, "" when it has none.
func Split(d analysis.Diagnostic) (headline, severity, help string) {
	msg := d.Message
	if d.Category == "" {
		return msg, "", ""
	}
	tag := " (" + d.Category
	for from := 0; ; {
		i := strings.Index(msg[from:], tag)
		if i < 0 {
			return msg, "", ""
		}
		i += from
		rest := msg[i+len(tag):]
		var sev string
		switch {
		case strings.HasPrefix(rest, ")"):
			rest = rest[1:]
		case strings.HasPrefix(rest, ", "):
			end := strings.IndexByte(rest, ')')
			if end < 0 {
				return msg, "", ""
			}
			sev, rest = rest[2:end], rest[end+1:]
		default:
			from = i + len(tag)
			continue
		}
		if h, ok := strings.CutPrefix(rest, helpSep); ok || rest == "" {
			return msg[:i], sev, h
		}
		from = i + len(tag)
	}
}

// ruleURL is where a rule's documentation lives.
func ruleURL(rule string) string {
	if r := rules.ByID(rule); r != nil {
		return r.HelpURI()
	}
	return "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md#" + rule
}
