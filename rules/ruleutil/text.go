package ruleutil

// Text for messages and fix descriptions, shared by the rules that quote
// source.

import (
	"strings"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/yuin/gopher-lua/ast"
)

// ShortOperand is an operand's text for a suggested fix, or placeholder
// when model.Text had to shorten it.
func ShortOperand(m *model.Model, e ast.Expr, placeholder string) string {
	s := m.Text(e)
	if len(s) >= 60 && strings.HasSuffix(s, "...") {
		return placeholder
	}
	return s
}

// HeadlineText is the longest piece of source a headline quotes: a
// headline fits one line of a terminal, and the text format shows the
// source line under it anyway.
const HeadlineText = 40

// Brief is the source text of n for a headline: model.Text, shortened to
// headlineText characters.
func Brief(m *model.Model, n ast.PositionHolder) string {
	return Clip(m.Text(n), HeadlineText)
}

// Clip shortens s to n characters, the last three an ellipsis.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-3]) + "..."
}

// ShortText is source text for a fix message: white space collapsed, long
// text shortened.
func ShortText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
