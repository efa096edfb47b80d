package analyzer

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"golang.org/x/tools/go/analysis"
)

// goEdits turns a Lua finding's fix into go/analysis edits of the Go
// source, or nil when one of its edits cannot be made exactly: every edit
// must cover bytes written in one string literal of the package (or one
// embedded .lua file), whole escape sequences, and for a literal its new
// text must be writable in it (escaped for an interpreted string; a raw
// string cannot hold a backquote or a carriage return). The fix is then
// applied by `go vet -fix` (or gopls) to the Go file, where it does to the
// script what lint-lua --fix does to a .lua file.
func goEdits(pass *analysis.Pass, s *luaScript, fix *diag.Fix) []analysis.TextEdit {
	if fix == nil || s.text == nil || len(s.text.s) != len(s.Text) {
		return nil
	}
	var edits []analysis.TextEdit
	for _, e := range fix.Edits {
		te, ok := goEdit(pass, s.text, e)
		if !ok {
			return nil
		}
		edits = append(edits, te)
	}
	return edits
}

// goEdit maps one edit of the Lua text to the Go source.
func goEdit(pass *analysis.Pass, t *text, e diag.Edit) (analysis.TextEdit, bool) {
	n := len(t.s)
	from, to := e.Start, e.End
	if n == 0 || from < 0 || to < from || to > n {
		return analysis.TextEdit{}, false
	}
	// The edit's ends must fall between source units: not inside an
	// escape sequence that gives several bytes.
	boundary := func(i int) bool {
		return i == 0 || i == n || t.start[i] != t.start[i-1]
	}
	if !boundary(from) || !boundary(to) {
		return analysis.TextEdit{}, false
	}
	var pos, end token.Pos
	switch {
	case from < to:
		pos, end = t.start[from], t.end[to-1]
		for i := from; i < to; i++ {
			// Every byte exact, and each one written right after the
			// previous: one literal, no `+` or constant between.
			if !t.exact[i] || (i > from && t.start[i] != t.end[i-1]) {
				return analysis.TextEdit{}, false
			}
		}
	case from < n:
		if !t.exact[from] {
			return analysis.TextEdit{}, false
		}
		pos, end = t.start[from], t.start[from]
	default:
		if !t.exact[n-1] {
			return analysis.TextEdit{}, false
		}
		pos, end = t.end[n-1], t.end[n-1]
	}
	if !pos.IsValid() || !end.IsValid() || pass.Fset.File(pos) != pass.Fset.File(end) {
		return analysis.TextEdit{}, false
	}
	lit := literalAt(pass, pos)
	if lit == nil {
		if isGoFile(pass, pos) {
			return analysis.TextEdit{}, false
		}
		// An embedded .lua file: its bytes are the script's.
		return analysis.TextEdit{Pos: pos, End: end, NewText: []byte(e.New)}, true
	}
	// Strictly inside the quotes of the one literal.
	if pos <= lit.Pos() || end >= lit.End() {
		return analysis.TextEdit{}, false
	}
	newText := e.New
	if lit.Value[0] == '`' {
		if strings.ContainsAny(newText, "`\r") {
			return analysis.TextEdit{}, false
		}
	} else {
		q := strconv.Quote(newText)
		newText = q[1 : len(q)-1]
	}
	return analysis.TextEdit{Pos: pos, End: end, NewText: []byte(newText)}, true
}

// isGoFile reports whether pos lies in one of the package's Go files.
func isGoFile(pass *analysis.Pass, pos token.Pos) bool {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

// literalAt returns the string literal of the package whose source holds
// pos, or nil.
func literalAt(pass *analysis.Pass, pos token.Pos) *ast.BasicLit {
	for _, f := range pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		var found *ast.BasicLit
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil || n == nil || pos < n.Pos() || pos >= n.End() {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				found = lit
				return false
			}
			return true
		})
		return found
	}
	return nil
}
