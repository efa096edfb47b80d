package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/target"
)

// lintSource parses src as the file name and lints it with rules and
// settings, for the latest Redis.
// cat is the catalogue of every rule, which the tests look rules up in.
var cat = Catalogue()

func lintSource(name string, src []byte, rules []*lint.Rule, settings lint.Settings) []diag.Diagnostic {
	return lintSourceFor(name, src, rules, settings, target.Target{})
}

// lintSourceFor is lintSource for the target tg.
func lintSourceFor(name string, src []byte, rules []*lint.Rule, settings lint.Settings, tg target.Target) []diag.Diagnostic {
	return lintSourceWith(name, src, lint.Config{Rules: rules, Settings: settings, Target: tg})
}

// lintSourceWith lints src with cfg.
func lintSourceWith(name string, src []byte, cfg lint.Config) []diag.Diagnostic {
	var out []diag.Diagnostic
	luasrc.WithParse(name, src, func(f *luasrc.File) {
		out = lint.Run(f, cfg)
	})
	return out
}

// clusterOn is cluster: true, for the lint.Config of a test about a
// script that runs on Redis Cluster.
var clusterOn = func() *bool { b := true; return &b }()
