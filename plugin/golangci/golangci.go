// Package golangci is lint-lua's golangci-lint (v2) module plugin: it
// registers the Go analyzer (package analyzer) under the name lint-lua, so
// that a custom golangci-lint built with `golangci-lint custom` reports the
// mistakes in Redis Lua scripts embedded in Go code, at their place in the
// Go strings, beside the other linters.
//
// The .custom-gcl.yml that builds it names this package:
//
//	version: v2.15.0
//	name: custom-gcl
//	destination: ./bin
//	plugins:
//	  - module: github.com/lint-lua/lint-lua
//	    import: github.com/lint-lua/lint-lua/plugin/golangci
//	    version: v0.1.0            # a lint-lua release, or instead:
//	    # path: ../lint-lua        # a local checkout
//
// and .golangci.yml turns it on, with its settings (all optional):
//
//	version: "2"
//	linters:
//	  default: none
//	  enable:
//	    - lint-lua
//	  settings:
//	    custom:
//	      lint-lua:
//	        type: module
//	        description: Redis Lua scripts embedded in Go code
//	        settings:
//	          config: .lint-lua.yaml     # default: the nearest one above each package
//	          redis-version: "6.2"       # quoted: YAML reads 6.2 as a number
//	          disable: [script-too-long]
//	          enable: []                 # rules to turn on over the configuration
//	          only: []                   # when not empty, only these rules
//	          severity:
//	            missing-hash-tag: error
//	          min-severity: warning      # error | warning | info
//	          baseline: lint-lua-baseline.json   # default: baseline: in .lint-lua.yaml
//
// See Settings for what each one does: each means what the command line's
// flag of the same name means, and the .lint-lua.yaml nearest each
// package's directory applies under them, as it does under lint-lua go and
// go vet.
//
// golangci-lint keeps only findings in .go files: a finding in a script
// embedded from a .lua file with //go:embed is reported at the Go
// expression that first uses the script, the message starting with the
// place in the .lua file ("get.lua:2:19: ..."). golangci-lint prefixes
// each message with the analyzer's name, lintlua (an analyzer's name
// cannot hold a hyphen).
package golangci

import (
	"encoding/json"
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis"
)

// Name is the plugin's name: the key of its settings under
// linters.settings.custom in .golangci.yml and what golangci-lint prints
// after each finding.
const Name = "lint-lua"

func init() {
	register.Plugin(Name, New)
}

// Settings are the plugin's settings (linters.settings.custom.lint-lua.settings).
// A key that is not one of these is an error, so that a misspelt setting
// is not silently ignored.
type Settings struct {
	// Config is the configuration file to read, relative to the directory
	// golangci-lint runs in. Default: the .lint-lua.yaml nearest each
	// package's directory, up to the repository's root or the home
	// directory.
	Config string `json:"config"`
	// Target is the server the scripts run on: redis, redis-7.2,
	// valkey-8.0, upstash... Default: the newest Redis, with the modules
	// it bundles.
	Target TargetName `json:"target"`
	// Modules lists the modules the target loads (json, search,
	// timeseries, bloom) in place of its default (all four on Redis 8.0
	// and later, json on Upstash, none elsewhere); [] for none.
	Modules []string `json:"modules"`
	// RedisVersion is the Redis version the scripts run on ("7.0",
	// "6.2.14"): the target redis-<version>, as before targets; not with
	// target.
	RedisVersion Version `json:"redis-version"`
	// Enable turns rules on over a configuration that turns them off, as
	// --enable does: every rule is on by default.
	Enable []string `json:"enable"`
	// Disable lists rules not reported; it wins over Enable and Only.
	Disable []string `json:"disable"`
	// Only, when not empty, lists the only rules reported.
	Only []string `json:"only"`
	// Severity changes rules' severities: rule ID to error, warning or
	// info. A rule below MinSeverity is not reported.
	Severity map[string]string `json:"severity"`
	// MinSeverity is the lowest severity reported: error, warning
	// (default) or info. golangci-lint shows every finding it gets, so the
	// info ones (style hints, unused ignores) are left out by default.
	MinSeverity string `json:"min-severity"`
	// Baseline is a baseline file (lint-lua --write-baseline writes one),
	// relative to the directory golangci-lint runs in: the findings it
	// holds are not reported. Default: baseline: in the configuration.
	Baseline string `json:"baseline"`
}

// Version is a Redis version written as a string. YAML reads an unquoted
// 6.2 as a number, and as a number 7.10 is 7.1 and 7.0 is 7: a number is
// refused with an error that says to quote it.
type Version string

// UnmarshalJSON takes a JSON string, and refuses a number.
func (v *Version) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*v = Version(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		return fmt.Errorf("redis-version %s is a number: write it as a string, redis-version: \"%s\" (YAML reads 7.10 as 7.1)", n, n)
	}
	return fmt.Errorf("redis-version: want a version string such as \"7.0\", got %s", b)
}

// TargetName is a target written as a string: a number (target: 7.2, a
// Redis version YAML read as a number) is refused as Version refuses it.
type TargetName string

// UnmarshalJSON takes a JSON string, and refuses a number.
func (v *TargetName) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*v = TargetName(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		return fmt.Errorf("target %s is a number: write it as a string, target: \"redis-%s\" (YAML reads 7.10 as 7.1)", n, n)
	}
	return fmt.Errorf("target: want a string such as \"redis-7.2\" or \"valkey-8.0\", got %s", b)
}

// New makes the plugin from its settings as golangci-lint read them.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("%s settings: %w", Name, err)
	}
	a, err := analyzer.New(rules.Catalogue(), analyzer.Settings{
		Config:       s.Config,
		Only:         s.Only,
		Target:       string(s.Target),
		Modules:      s.Modules,
		RedisVersion: string(s.RedisVersion),
		Enable:       s.Enable,
		Disable:      s.Disable,
		Severity:     s.Severity,
		MinSeverity:  s.MinSeverity,
		Baseline:     s.Baseline,
		// golangci-lint drops findings outside .go files: those in a
		// //go:embed .lua file are reported where Go uses the script.
		GoFilesOnly: true,
	})
	if err != nil {
		return nil, fmt.Errorf("%s settings: %w", Name, err)
	}
	return &plugin{analyzer: a}, nil
}

type plugin struct {
	analyzer *analysis.Analyzer
}

// BuildAnalyzers returns lint-lua's analyzer, with the settings.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode asks for type information: scripts are found by the types
// of the Redis clients that run them.
func (p *plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
