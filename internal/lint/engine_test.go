package lint_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
)

// TestRunRulesPassPerRule checks that the Pass RunRules shares between
// rules gives each its own ID, severity and options, and that a rule that
// panics keeps what it reported, adds an internal error, and does not stop
// the rules after it.
func TestRunRulesPassPerRule(t *testing.T) {
	m := model.Build(luasrc.Parse("t.lua", []byte("return 1\n")))
	at := lint.Range{Start: lint.Pos{Line: 1, Column: 1}, End: lint.Pos{Line: 1, Column: 7}}
	rules := []*lint.Rule{
		{ID: "a", Severity: lint.SeverityError, Run: func(p *lint.Pass) {
			p.Report(at, "a found %d", 1)
			panic("boom")
		}},
		{ID: "b", Severity: lint.SeverityWarning, Options: []lint.Option{{Name: "n", Default: 2}}, Run: func(p *lint.Pass) {
			p.Report(at, "b found %v", p.Options["n"])
			p.ReportLower(at, "b lower")
		}},
		{ID: "c", Severity: lint.SeverityError, Run: func(p *lint.Pass) {
			if p.Options["n"] != nil {
				p.Report(at, "c sees b's options")
			}
		}},
	}
	got := lint.RunRules(m, rules, nil, lint.Target{})
	want := []struct {
		rule string
		sev  lint.Severity
		msg  string
	}{
		{"a", lint.SeverityError, "a found 1"},
		{"a", lint.SeverityError, "internal error in rule a: boom"},
		{"b", lint.SeverityWarning, "b found 2"},
		{"b", lint.SeverityInfo, "b lower"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d findings, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Rule != w.rule || g.Severity != w.sev || !strings.HasPrefix(g.Message, w.msg) || g.File != "t.lua" {
			t.Errorf("finding %d = %s %v %q in %s, want %s %v %q", i, g.Rule, g.Severity, g.Message, g.File, w.rule, w.sev, w.msg)
		}
	}
}
