package lsp

import (
	"bytes"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
)

// codeAction offers, for each finding in the range asked about, its fix
// (the edits --fix applies, already placed in the host file by the source
// for a script in a host-language string) and a comment that ignores the
// finding's rule on its line.
func (s *Server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	actions := []protocol.CodeAction{}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return actions, nil
	}
	res, version, path, src := d.last, d.version, d.path, d.src
	held := s.heldExcept(d)
	s.mu.Unlock()
	if isConfig(path) || !lintable(path) {
		return actions, nil
	}
	if res == nil || res.version != version {
		// Asked before the debounced lint ran: the edits must fit the text
		// the editor has now.
		res = s.lintText(path, src, held)
		res.version = version
	}
	t := res.text
	start, end := t.offsets(p.Range)
	for _, fd := range res.diags {
		ds, de := t.posOffset(fd.Range.Start), t.posOffset(fd.Range.End)
		if de < start || ds > end {
			continue
		}
		ld := toLSP(t, fd)
		if fd.Fix != nil && len(fd.Fix.Edits) > 0 && diag.ValidEdits(fd.Fix.Edits, len(t.src)) {
			title := fd.Fix.Message
			if title == "" {
				title = "apply lint-lua's fix"
			}
			actions = append(actions, protocol.CodeAction{
				Title:       title + " (" + fd.Rule + ")",
				Kind:        ptr(protocol.CodeActionKindQuickFix),
				Diagnostics: []protocol.Diagnostic{ld},
				// An unsafe fix changes what the script does (its title
				// says how): offered, never the preferred one an editor
				// applies on its own.
				IsPreferred: ptr(fd.Fix.Applicability == diag.Safe),
				Edit:        workspaceEdit(p.TextDocument.URI, t, fd.Fix.Edits),
			})
		}
		if e, ok := s.ignoreEdit(path, res, fd, held); ok {
			actions = append(actions, protocol.CodeAction{
				Title:       "ignore " + fd.Rule + " on this line",
				Kind:        ptr(protocol.CodeActionKindQuickFix),
				Diagnostics: []protocol.Diagnostic{ld},
				Edit:        workspaceEdit(p.TextDocument.URI, t, []diag.Edit{e}),
			})
		}
	}
	return actions, nil
}

// heldExcept is the text of every open document but d, by path; the
// caller holds s.mu.
func (s *Server) heldExcept(d *document) map[string][]byte {
	held := map[string][]byte{}
	for _, o := range s.docs {
		if o != d {
			held[o.path] = o.src
		}
	}
	return held
}

func workspaceEdit(uri protocol.DocumentUri, t *text, edits []diag.Edit) *protocol.WorkspaceEdit {
	tes := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		tes = append(tes, protocol.TextEdit{Range: protocol.Range{Start: t.position(e.Start), End: t.position(e.End)}, NewText: e.New})
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{uri: tes}}
}

// ignoreEdit is the comment that ignores fd's rule on its line, in the
// suppression grammar lint.ParseIgnore reads: a Lua comment at the end of
// the line or on its own line above it in a .lua file; in a host file, a
// comment of the host language above the line or at its end, or a Lua one
// at its end when the line is inside the script's string. Which of these
// is right depends on where the line sits (a string that spans lines, a
// line that already ends in a comment), so each is tried, in that order,
// by linting the text with it: the first that takes the finding away and
// adds none is offered, and none when none does.
func (s *Server) ignoreEdit(path string, res *linted, fd diag.Diagnostic, held map[string][]byte) (diag.Edit, bool) {
	t := res.text
	n := fd.Range.Start.Line - 1
	if n < 0 || n >= len(t.starts) {
		return diag.Edit{}, false
	}
	lineStart, lineEnd := t.starts[n], t.lineEnd(n)
	line := t.src[lineStart:lineEnd]
	indent := string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
	nl := "\n"
	if lineEnd < len(t.src) && t.src[lineEnd] == '\r' {
		nl = "\r\n"
	}
	directive := "lint-lua: ignore " + fd.Rule
	lua := []diag.Edit{
		{Start: lineEnd, End: lineEnd, New: " -- " + directive},
		{Start: lineStart, End: lineStart, New: indent + "-- " + directive + nl},
	}
	candidates := lua
	if l, ok := langs.Of(path); ok {
		c := hostlang.LineComment(l)
		candidates = []diag.Edit{
			{Start: lineStart, End: lineStart, New: indent + c + " " + directive + nl},
			{Start: lineEnd, End: lineEnd, New: " " + c + " " + directive},
			lua[0],
		}
	}
	before := countRules(res.diags)
	for _, e := range candidates {
		out := make([]byte, 0, len(t.src)+len(e.New))
		out = append(append(append(out, t.src[:e.Start]...), e.New...), t.src[e.Start:]...)
		after := s.lintText(path, out, held)
		if after.configErr != nil || len(after.errs) > len(res.errs) {
			continue
		}
		if suppresses(before, countRules(after.diags), fd.Rule) {
			return e, true
		}
	}
	return diag.Edit{}, false
}

func countRules(ds []diag.Diagnostic) map[string]int {
	n := map[string]int{}
	for _, d := range ds {
		n[d.Rule]++
	}
	return n
}

// suppresses reports whether the findings went from before to after by
// losing some of rule's and gaining none of any rule's.
func suppresses(before, after map[string]int, rule string) bool {
	if after[rule] >= before[rule] {
		return false
	}
	for r, n := range after {
		if n > before[r] && !strings.EqualFold(r, rule) {
			return false
		}
	}
	return true
}
