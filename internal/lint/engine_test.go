package lint_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
)

// TestRunRulesPassPerRule checks that the Pass runRules shares between
// rules gives each its own ID, severity and options, that a finding takes
// its help and lower severity, and that a rule that
// panics keeps what it reported, adds an internal error, and does not stop
// the rules after it.
func TestRunRulesPassPerRule(t *testing.T) {
	m := model.Build(luasrc.Parse("t.lua", []byte("return 1\n")))
	at := diag.Range{Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 7}}
	rules := []*lint.Rule{
		{RuleInfo: diag.RuleInfo{ID: "a", Severity: diag.SeverityError}, Run: func(p *lint.Pass) {
			p.Report(at, "a found %d", 1)
			panic("boom")
		}},
		{RuleInfo: diag.RuleInfo{ID: "b", Severity: diag.SeverityWarning, Options: []diag.Option{{Name: "n", Default: 2}}}, Run: func(p *lint.Pass) {
			p.Report(at, "b found %v", p.Options["n"]).Help("why %d", 2)
			p.Report(at, "b lower").Lower()
			// A fix whose edit lies outside the file is dropped; the
			// finding stays.
			p.Report(at, "b info").Info().Fix(&diag.Fix{Message: "x", Edits: []diag.Edit{{Start: 0, End: 99}}})
		}},
		{RuleInfo: diag.RuleInfo{ID: "c", Severity: diag.SeverityError}, Run: func(p *lint.Pass) {
			if p.Options["n"] != nil {
				p.Report(at, "c sees b's options")
			}
		}},
	}
	got := lint.RunRules(m, lint.Config{Rules: rules})
	want := []struct {
		rule string
		sev  diag.Severity
		msg  string
		help string
	}{
		{"a", diag.SeverityError, "a found 1", ""},
		{"a", diag.SeverityError, "internal error in rule a: boom", "this is a bug in lint-lua, not in the script: please report it"},
		{"b", diag.SeverityWarning, "b found 2", "why 2"},
		{"b", diag.SeverityInfo, "b lower", ""},
		{"b", diag.SeverityInfo, "b info", ""},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d findings, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Rule != w.rule || g.Severity != w.sev || !strings.HasPrefix(g.Message, w.msg) || g.Help != w.help || g.File != "t.lua" || g.Fix != nil {
			t.Errorf("finding %d = %s %v %q (help %q, fix %v) in %s, want %s %v %q (help %q)", i, g.Rule, g.Severity, g.Message, g.Help, g.Fix, g.File, w.rule, w.sev, w.msg, w.help)
		}
	}
}

// TestFragmentExpression: a text that may be a piece of a larger script
// (Config.Fragment) and parses as an expression, not as a chunk, has its
// syntax errors at info, saying so; a fragment that is neither, and any
// text that is not a fragment, keep them at error.
func TestFragmentExpression(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src      string
		fragment bool
		want     diag.Severity
	}{
		{"redis.call('HEXISTS', key .. pk, 'a')==0", true, diag.SeverityInfo},
		{"a, b + 1", true, diag.SeverityInfo},
		{"redis.call('HEXISTS', key .. pk, 'a')==0", false, diag.SeverityError},
		{"local v = redis.call('GET', KEYS[1]) if v then return v", true, diag.SeverityError},
		{"x == 0 end", true, diag.SeverityError},
	} {
		ds := lint.Run(luasrc.Parse("t.lua", []byte(c.src)), lint.Config{Fragment: c.fragment})
		if len(ds) == 0 {
			t.Errorf("%q: no syntax error", c.src)
			continue
		}
		for _, d := range ds {
			expr := strings.Contains(d.Help, "a Lua expression, not a script")
			if d.Rule != lint.SyntaxErrorID || d.Severity != c.want || expr != (c.want == diag.SeverityInfo) {
				t.Errorf("%q (fragment %v): %s %s %q, want syntax-error %s", c.src, c.fragment, d.Rule, d.Severity, d.Help, c.want)
			}
		}
	}
}
