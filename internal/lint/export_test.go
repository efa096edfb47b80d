package lint

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/model"
)

// RunRules is runRules for the tests and benchmarks of package lint_test:
// the rules alone over a model built beforehand.
func RunRules(m *model.Model, cfg Config) []diag.Diagnostic { return runRules(m, cfg) }
