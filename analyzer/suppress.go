package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
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

// suppressed reports whether a //lint-lua:ignore comment covers pos for
// rule, and returns the comment: one on the line of pos, or on the line
// above the statement or declaration that holds pos, an ignore-file, or an
// ignore-start ... ignore-end range around it. Positions outside the
// package's Go files (an embedded .lua file) are never suppressed here:
// the script's own ignore comments apply there.
func suppressed(pass *analysis.Pass, pos token.Pos, rule string) (*ast.Comment, bool) {
	return suppressedBy(pass, nil, pos, rule)
}

// suppressedBy is suppressed with the ignores of each file indexed once
// in cache (nil: not kept).
func suppressedBy(pass *analysis.Pass, cache map[*ast.File]*goIgnores, pos token.Pos, rule string) (*ast.Comment, bool) {
	if !pos.IsValid() {
		return nil, false
	}
	f := fileOf(pass, pos)
	if f == nil {
		return nil, false
	}
	ix := cache[f]
	if ix == nil {
		ix = indexIgnores(pass.Fset, f)
		if cache != nil {
			cache[f] = ix
		}
	}
	// Raw lines (not adjusted by //line directives): the comment and the
	// finding are in the same physical file.
	line := pass.Fset.File(pos).Line(pos)
	for _, cv := range ix.covers {
		if !cv.file && (line < cv.from || line > cv.to) {
			continue
		}
		if slices.Contains(cv.rules, rule) {
			return cv.c, true
		}
	}
	return nil, false
}

// goIgnores are the ignore comments of a Go file, as the lines each
// covers, and the ranges that are not closed or close nothing.
type goIgnores struct {
	covers   []goCover
	problems []goProblem
}

type goCover struct {
	c        *ast.Comment
	rules    []string
	file     bool
	from, to int
}

type goProblem struct {
	c          *ast.Comment
	head, help string
}

// indexIgnores reads the ignore comments of f.
func indexIgnores(fset *token.FileSet, f *ast.File) *goIgnores {
	tf := fset.File(f.Pos())
	ix := &goIgnores{}
	if tf == nil {
		return ix
	}
	var ends map[int]int // the last line of the statement starting on a line
	type open struct {
		cover int // index in ix.covers
		rule  string
	}
	var opens []open
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			ig, ok := goIgnore(c.Text)
			if !ok || !ig.Known() {
				continue
			}
			cl := tf.Line(c.Pos())
			switch {
			case ig.File:
				ix.covers = append(ix.covers, goCover{c: c, rules: ig.Rules, file: true})
			case ig.Start:
				for _, r := range ig.Rules {
					opens = append(opens, open{len(ix.covers), r})
					ix.covers = append(ix.covers, goCover{c: c, rules: []string{r}, from: cl, to: -1})
				}
			case ig.End:
				for _, r := range ig.Rules {
					j := len(opens) - 1
					for ; j >= 0 && opens[j].rule != r; j-- {
					}
					if j < 0 {
						ix.problems = append(ix.problems, goProblem{c, fmt.Sprintf("this ignore-end of %s has no ignore-start %s above it", r, r),
							fmt.Sprintf("it closes nothing: write `// lint-lua: ignore-start %s -- reason` above the first line to cover, or remove it", r)})
						continue
					}
					ix.covers[opens[j].cover].to = cl
					opens = slices.Delete(opens, j, j+1)
				}
			default:
				if ends == nil {
					ends = statementEnds(tf, f)
				}
				to := cl + 1
				if e, ok := ends[cl+1]; ok {
					to = max(to, e)
				}
				ix.covers = append(ix.covers, goCover{c: c, rules: ig.Rules, from: cl, to: to})
			}
		}
	}
	for _, o := range opens {
		ix.problems = append(ix.problems, goProblem{ix.covers[o.cover].c, fmt.Sprintf("this ignore-start of %s has no ignore-end %s below it", o.rule, o.rule),
			fmt.Sprintf("it covers nothing until it is closed: write `// lint-lua: ignore-end %s` after the last line it should cover", o.rule)})
	}
	return ix
}

// statementEnds maps the first line of each statement, declaration and
// declared value of f to its last line, so that an ignore above one covers
// all of it (a call whose arguments, or a script in a raw string, run over
// several lines). Of a statement or function with a body only the head
// counts, up to its opening brace: the body's statements have ignores of
// their own.
func statementEnds(tf *token.File, f *ast.File) map[int]int {
	ends := map[int]int{}
	note := func(from, to token.Pos) {
		a, b := tf.Line(from), tf.Line(to)
		if b > ends[a] {
			ends[a] = b
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		// Of a statement with a body, its head: up to the brace.
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.IfStmt:
			body = n.Body
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		case *ast.SwitchStmt:
			body = n.Body
		case *ast.TypeSwitchStmt:
			body = n.Body
		case *ast.SelectStmt:
			body = n.Body
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.LabeledStmt:
			return true
		case *ast.GenDecl, *ast.ValueSpec, ast.Stmt:
			note(n.Pos(), n.End()-1)
			return true
		default:
			return true
		}
		if body != nil {
			note(n.Pos(), body.Lbrace)
		}
		return true
	})
	return ends
}

type ignoreKey struct {
	pos  token.Pos
	rule string
}

// reportIgnores reports, once every check has run, the ignore comments of
// the package's Go files that name no rule or a rule that does not exist,
// that give no reason where the configuration requires one, or that open
// a range never closed or close none (invalid-ignore, a warning), and each
// rule named that silenced no finding (unused-ignore). unused-ignore is of
// info severity, and below -min-severity=info the Lua findings of lower
// severity never reach the reporter, so their ignores would look unused:
// no unused-ignore is reported then. An ignore of a rule the settings turn
// off is idle, not stale: it is not reported either.
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
					ids = lint.IDs(r.set.cat.All())
				}
				file := fileAt(r.pass, c.Pos())
				heads, helps := ig.Problems(func(id string) bool { return r.set.cat.ByID(id) != nil || slices.Contains(ids, id) }, ids, r.set.rules(file).RequiresReason())
				for i := range heads {
					r.report(c.Pos(), c.End(), lint.InvalidIgnore, "", nil, heads[i], helps[i])
				}
				if !unused || ig.End {
					continue
				}
				for _, rule := range ig.Rules {
					if r.used[ignoreKey{c.Pos(), rule}] || r.set.cat.ByID(rule) == nil || r.set.off(file, rule) || ig.Start && r.unclosed(f, c, rule) {
						continue
					}
					r.rule(c.Pos(), c.End(), lint.UnusedIgnore, fmt.Sprintf("this //lint-lua:%s of %s suppresses nothing", ig.Verb, rule),
						"it would silently hide a future finding of that rule: remove it")
				}
			}
		}
		for _, p := range r.ignoresOf(f).problems {
			r.report(p.c.Pos(), p.c.End(), lint.InvalidIgnore, "", nil, p.head, p.help)
		}
	}
}

// ignoresOf returns the ignores of f, indexed once.
func (r *reporter) ignoresOf(f *ast.File) *goIgnores {
	ix := r.ignores[f]
	if ix == nil {
		ix = indexIgnores(r.pass.Fset, f)
		r.ignores[f] = ix
	}
	return ix
}

// unclosed reports whether the ignore-start c of f leaves rule's range
// open: invalid-ignore reports it, not unused-ignore.
func (r *reporter) unclosed(f *ast.File, c *ast.Comment, rule string) bool {
	for _, cv := range r.ignoresOf(f).covers {
		if cv.c == c && cv.rules[0] == rule && cv.to < 0 {
			return true
		}
	}
	return false
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
func ruleURL(cat *lint.Catalogue, rule string) string {
	if r := cat.ByID(rule); r != nil {
		return r.HelpURI()
	}
	return "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md#" + rule
}
