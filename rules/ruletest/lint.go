// Package ruletest holds what the tests of the rules share: the catalogue
// and the engine over a text (Cat, LintSource), what lint-lua says of a
// script (Flags, RuleFindings, CmdMessages...), and the proofs that run a
// script through lint-lua and on a real Redis (ProveBadGood, CmdProve in
// ProveForTargets, OnRedis, OnCluster). Only tests import it.
package ruletest

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules"
)

// Cat is the catalogue of every rule, which the tests look rules up in.
var Cat = rules.Catalogue()

// LintSource parses src as the file name and lints it with rules and
// settings, for the latest Redis.
func LintSource(name string, src []byte, rules []*lint.Rule, settings lint.Settings) []diag.Diagnostic {
	return LintSourceFor(name, src, rules, settings, target.Target{})
}

// LintSourceFor is lintSource for the target tg.
func LintSourceFor(name string, src []byte, rules []*lint.Rule, settings lint.Settings, tg target.Target) []diag.Diagnostic {
	return LintSourceWith(name, src, lint.Config{Rules: rules, Settings: settings, Target: tg})
}

// LintSourceWith lints src with cfg.
func LintSourceWith(name string, src []byte, cfg lint.Config) []diag.Diagnostic {
	var out []diag.Diagnostic
	luasrc.WithParse(name, src, func(f *luasrc.File) {
		out = lint.Run(f, cfg)
	})
	return out
}

// ClusterOn is cluster: true, for the lint.Config of a test about a
// script that runs on Redis Cluster.
var ClusterOn = func() *bool { b := true; return &b }()

// WantText is the text a want matches: the headline, " — " and the help,
// as the one-line formats show them.
func WantText(d diag.Diagnostic) string {
	if d.Help == "" {
		return d.Message
	}
	return d.Message + " — " + d.Help
}
