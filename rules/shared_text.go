package rules

// Text for messages and fix descriptions, shared by the rules that quote
// source.

import (
	"strings"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// shortOperand is an operand's text for a suggested fix, or placeholder
// when model.Text had to shorten it.
func shortOperand(m *model.Model, e ast.Expr, placeholder string) string {
	s := m.Text(e)
	if len(s) >= 60 && strings.HasSuffix(s, "...") {
		return placeholder
	}
	return s
}

// headlineText is the longest piece of source a headline quotes: a
// headline fits one line of a terminal, and the text format shows the
// source line under it anyway.
const headlineText = 40

// brief is the source text of n for a headline: model.Text, shortened to
// headlineText characters.
func brief(m *model.Model, n ast.PositionHolder) string {
	return clip(m.Text(n), headlineText)
}

// clip shortens s to n characters, the last three an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-3]) + "..."
}

// shortText is source text for a fix message: white space collapsed, long
// text shortened.
func shortText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
