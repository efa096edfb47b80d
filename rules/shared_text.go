package rules

// Text for messages and fix descriptions, shared by the rules that quote
// source.

import (
	"strings"

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

// shortText is source text for a fix message: white space collapsed, long
// text shortened.
func shortText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
