package report

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// lintSource parses src as the file name and lints it with rules and
// settings, for the latest Redis.
func lintSource(name string, src []byte, rules []*lint.Rule, settings lint.Settings) []diag.Diagnostic {
	var out []diag.Diagnostic
	luasrc.WithParse(name, src, func(f *luasrc.File) {
		out = lint.Run(f, lint.Config{Rules: rules, Settings: settings})
	})
	return out
}
