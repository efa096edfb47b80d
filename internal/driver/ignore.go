package driver

import (
	"bytes"
	"errors"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// IgnoreReason is the reason --add-ignore writes in each ignore: a
// placeholder for the author to replace (require_reason: true takes it as
// a reason, so search for it).
const IgnoreReason = "TODO: say why this is safe"

// anchorKey identifies a finding of a file while its ignore is placed.
type anchorKey struct {
	file, rule, msg string
	r               diag.Range
}

func keyOf(d diag.Diagnostic) anchorKey { return anchorKey{d.File, d.Rule, d.Message, d.Range} }

// anchor notes the line above which an ignore of each of ds goes: the
// finding's own line in a Lua file (an ignore on the line above covers
// it, and the rest of the statement), and in a host file the line the
// script's literal starts on (coveredBy, else the script's CoveredBy: an
// ignore above it covers the whole script).
//
// The same finding may come from two scripts (a literal that a second
// script joins to its own text): it keeps the anchors of both, so that
// each script's copy is covered.
func (p *pass) anchor(f *File, s *Script, ds []diag.Diagnostic, coveredBy []int) {
	if p.anchors == nil {
		p.anchors = map[anchorKey][]int{}
	}
	add := func(d diag.Diagnostic, line int) {
		k := keyOf(d)
		if !slices.Contains(p.anchors[k], line) {
			p.anchors[k] = append(p.anchors[k], line)
		}
	}
	if s != nil {
		coveredBy = s.CoveredBy
	}
	for _, d := range ds {
		if d.File != f.Name {
			continue // in a fragment the script includes
		}
		switch {
		case f.LineComment == "":
			add(d, d.Range.Start.Line)
		case len(coveredBy) > 0:
			add(d, coveredBy[0])
		}
	}
}

// errIgnoreMeaning is why --add-ignore leaves a file as it is: the file
// with the ignores read differently (a comment line inserted where the
// language continues a line or a string).
var errIgnoreMeaning = errors.New("--add-ignore: the ignore comments would change what the file means; none written")

// ignore writes, for --add-ignore, an ignore comment above the line of
// each finding of f that an ignore can suppress, lints the result and
// keeps it as r's rewrite when it means what f meant: for a Lua file the
// same tokens, for a host file the same scripts.
func (l *linter) ignore(f *File, r *Result, p pass) {
	marker := f.LineComment
	if marker == "" {
		marker = "--"
	}
	var safe func(line int) bool
	if f.LineComment == "" {
		safe = luaLineStarts(f)
	} else {
		safe = hostLineStarts(f.Src)
	}
	// A finding about a script as a whole is placed by a count (the line
	// past max-lines), which the comments inserted above it move: in a
	// Lua file it takes an ignore-file at the top (below a shebang).
	whole := map[string]bool{}
	for _, r := range l.rules {
		whole[r.ID] = r.WholeScript
	}
	var fileRules []string
	fileLine := 1
	if bytes.HasPrefix(f.Src, []byte("#")) {
		fileLine = 2
	}
	byLine := map[int][]string{}
	for _, d := range p.diags {
		switch d.Rule {
		case lint.SyntaxErrorID, lint.InvalidIgnore, lint.UnusedIgnore:
			continue // no ignore suppresses these
		}
		if d.Severity < l.ignoreFrom {
			continue // not shown
		}
		for _, line := range p.anchors[keyOf(d)] {
			switch {
			case whole[d.Rule] && f.LineComment == "":
				if safe(fileLine) && !slices.Contains(fileRules, d.Rule) {
					fileRules = append(fileRules, d.Rule)
				}
			case safe(line) && !slices.Contains(byLine[line], d.Rule):
				byLine[line] = append(byLine[line], d.Rule)
			}
		}
	}
	if len(byLine) == 0 && len(fileRules) == 0 {
		return
	}
	out := insertIgnores(f.Src, byLine, fileLine, fileRules, marker)
	nf := f.Rescan(out)
	if nf == nil || nf.Err != nil || !sameMeaning(f, nf, out) {
		*r = Result{Name: f.Name, Path: f.Path, Err: &FileError{File: f.Name, Err: errIgnoreMeaning}}
		return
	}
	nf.Name, nf.Path, nf.Src, nf.Settings, nf.LineComment = f.Name, f.Path, out, f.Settings, f.LineComment
	next := l.scripts(nf, nf.Scripts)
	r.Diagnostics, r.Lines = next.diags, next.lines
	r.Applied = len(byLine)
	if len(fileRules) > 0 {
		r.Applied++
	}
	r.Rewrite = &Rewrite{Old: f.Src, New: out, ID: f.ID}
}

// insertIgnores returns src with, above each line of byLine, a line
// holding an ignore of its rules, indented as that line and ended as it
// is (\r\n or \n), and above fileLine an ignore-file of fileRules.
func insertIgnores(src []byte, byLine map[int][]string, fileLine int, fileRules []string, marker string) []byte {
	var b bytes.Buffer
	b.Grow(len(src) + 80*len(byLine))
	line := 1
	for rest := src; ; line++ {
		text, next, found := bytes.Cut(rest, []byte("\n"))
		end := "\n"
		if bytes.HasSuffix(text, []byte("\r")) {
			end = "\r\n"
		}
		if line == fileLine && len(fileRules) > 0 {
			b.WriteString(marker + " lint-lua: ignore-file " + strings.Join(fileRules, ",") + " -- " + IgnoreReason + end)
		}
		if rules, ok := byLine[line]; ok {
			b.Write(text[:len(text)-len(bytes.TrimLeft(text, " \t"))])
			b.WriteString(marker + " lint-lua: ignore " + strings.Join(rules, ",") + " -- " + IgnoreReason + end)
		}
		b.Write(text)
		if !found {
			break
		}
		b.WriteByte('\n')
		rest = next
	}
	return b.Bytes()
}

// luaLineStarts returns which lines of the Lua file f start outside every
// token and comment, so that a comment line inserted above them is read as
// a comment: not a line inside a long string or comment, nor the first
// line of a file that starts with a shebang (#).
func luaLineStarts(f *File) func(int) bool {
	pf := luasrc.Parse(f.Name, f.Src)
	if len(pf.Errors) > 0 {
		return func(int) bool { return false }
	}
	inside := map[int]bool{}
	mark := func(from, to int) {
		for l := from + 1; l <= to; l++ {
			inside[l] = true
		}
	}
	for _, t := range pf.Tokens {
		mark(pf.PosAt(int(t.Off)).Line, pf.PosAt(int(t.End0)).Line)
	}
	for _, c := range pf.Comments {
		// A comment ends at the start of the next line: that line is
		// outside it.
		end := c.Range.End
		if end.Column == 1 {
			end.Line--
		}
		mark(c.Range.Start.Line, end.Line)
	}
	shebang := bytes.HasPrefix(f.Src, []byte("#"))
	return func(line int) bool { return !inside[line] && !(line == 1 && shebang) }
}

// hostLineStarts returns which lines of a host file a comment line may be
// inserted above: not one continuing the line before it with a backslash,
// nor the first line of a file that starts with #! (a shebang). The check
// of the scripts afterwards (sameMeaning) catches the rest.
func hostLineStarts(src []byte) func(int) bool {
	lines := bytes.Split(src, []byte("\n"))
	return func(line int) bool {
		switch {
		case line < 1 || line > len(lines):
			return false
		case line == 1:
			return !bytes.HasPrefix(src, []byte("#!"))
		}
		return !bytes.HasSuffix(bytes.TrimRight(lines[line-2], "\r"), []byte("\\"))
	}
}

// sameMeaning reports whether nf, f with ignores inserted (src), means
// what f meant: a Lua file has the same tokens (comments aside) and the
// same shebang, a host file the same scripts with the same texts and the
// same findings of its own.
func sameMeaning(f, nf *File, src []byte) bool {
	if f.LineComment == "" {
		a, b := luasrc.Parse(f.Name, f.Src), luasrc.Parse(f.Name, src)
		if len(a.Errors) > 0 || len(b.Errors) > 0 || len(a.Tokens) != len(b.Tokens) || (a.Shebang == nil) != (b.Shebang == nil) {
			return false
		}
		for i := range a.Tokens {
			if a.Tokens[i].Type != b.Tokens[i].Type || a.Value(a.Tokens[i]) != b.Value(b.Tokens[i]) {
				return false
			}
		}
		return true
	}
	if len(nf.Scripts) != len(f.Scripts) || len(nf.Findings) != len(f.Findings) {
		return false
	}
	for i := range f.Scripts {
		if !bytes.Equal(f.Scripts[i].Text, nf.Scripts[i].Text) {
			return false
		}
	}
	return true
}
