// Package undefinedglobal is the rule undefined-global: a global that the server's sandbox does not define.
package undefinedglobal

import (
	_ "embed" // doc.md

	"regexp"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is undefined-global.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "undefined-global",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/undefined-global/doc.md", doc),
		Options: []diag.Option{{
			Name:    "globals",
			Default: []string{},
			Doc: "names the script may use as globals because something outside the file defines them, e.g. `[rcall]` " +
				"for script fragments that a loader concatenates after `local rcall = redis.call`. Functions defined in files " +
				"named by `--- @include \"path\"` directives (bull, bullmq) are added automatically",
		}},
	},
	Run: runUndefinedGlobal,
}

// extraGlobals reads the globals option (a YAML list arrives as []any).
func extraGlobals(p *lint.Pass) map[string]bool {
	out := map[string]bool{}
	switch v := p.Options["globals"].(type) {
	case []string:
		for _, s := range v {
			out[s] = true
		}
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok {
				out[s] = true
			}
		}
	}
	return out
}

func runUndefinedGlobal(p *lint.Pass) {
	m := p.Model
	extra := extraGlobals(p)
	// A global the file assigns is global-assignment's finding; reading it
	// is the same mistake, not a second one.
	for _, g := range m.Globals {
		if g.Write && !g.Field {
			extra[g.Name] = true
		}
	}
	// Whether the file has an @include line, looked up on the first
	// report that asks (a file reports many globals, or none).
	includes, includesKnown := false, false
	hasIncludes := func() bool {
		if !includesKnown {
			includes, includesKnown = hasIncludeDirective(m), true
		}
		return includes
	}
	t := p.Target
	serverReported := false
	// The names that scripts this one may be joined with declare, looked
	// up on the first global nothing defines.
	siblingOf := ruleutil.SiblingLookup(p)
	// A script whose undefined names a sibling defines is a fragment joined
	// with it: reported once, at the first use.
	var fragment []model.GlobalAccess
	for _, g := range m.Globals {
		// Standard Lua names the sandbox removes (os, print, utf8...) are
		// unavailable-library's, which says what to use instead.
		if g.Write || extra[g.Name] || (!g.Field && ruleutil.IsUnavailableGlobal(g.Name)) {
			continue
		}
		if g.Field {
			reportField(p, m, g)
			continue
		}
		name := g.Name
		load := ruleutil.AtLoad(m, g)
		switch {
		case name == "server" && t.Global(name) == target.Absent:
			// One finding says it all: the script is Valkey's. With
			// no target named, its own text is the evidence of the
			// server it is written for: advice to say so.
			if !serverReported {
				serverReported = true
				f := p.Report(g.Range(), "server is Valkey's name for redis, and the target is %s", t.Product()).
					Help("Redis fails the script at its first server with 'Script attempted to access nonexistent global variable 'server''; " +
						"if it runs on Valkey, set target: valkey in .lint-lua.yaml (or --target valkey, or an override for these files), " +
						"otherwise write redis.call (reported once per file)")
				if !t.Named() {
					f.Info()
				}
			}
		case load && ruleutil.LibraryTable(t, name):
			// Checked field by field.
		case load:
			p.Report(g.Range(), "global %s does not exist while a Functions library loads", name).
				Help("only redis.register_function, redis.log, redis.LOG_* and redis.REDIS_VERSION do: FUNCTION LOAD fails; use it inside a registered function")
		case (name == "KEYS" || name == "ARGV") && m.Context == model.Library:
			param := "keys"
			if name == "ARGV" {
				param = "args"
			}
			p.Report(g.Range(), "%s does not exist in a Functions library", name).
				Help("FCALL fails with 'Script attempted to access nonexistent global variable'; use the function's %s parameter", param)
		case name == "KEYS" || name == "ARGV" || t.Global(name) != target.Absent:
			// Present, or unsure (the server's build decides; Upstash's
			// sandbox is not documented): never an error.
		case siblingOf(name).Script != "":
			fragment = append(fragment, g)
		case hasIncludes():
			p.Report(g.Range(), "global %s is not defined in this file", name).
				Help("this file is linted as written (includes: false, or --includes=false): if a loader splices its `--- @include` fragments before Redis runs it, drop that setting so lint-lua lints the assembled script; otherwise define it as a local before use")
		default:
			p.Report(g.Range(), "global %s does not exist in the Lua sandbox of %s", name, t.Product()).
				Help("the script fails with 'Script attempted to access nonexistent global variable'; define it as a local before use")
		}
	}
	if len(fragment) > 0 {
		reportFragment(p, fragment, siblingOf)
	}
}

// reportFragment reports once a script whose undefined globals scripts it
// may be joined with define: the headers of its folder (bottleneck prepends
// refs.lua and its headers to each script), the other strings of its host
// file (a template that yii2-redis splices its pieces into). It is a
// fragment, not a script that fails on its own.
func reportFragment(p *lint.Pass, uses []model.GlobalAccess, siblingOf func(string) lint.Sibling) {
	names, more := ruleutil.FragmentNames(uses)
	first := uses[0]
	p.Report(first.Range(), "global %s%s is defined only by %s, as in a fragment", first.Name, more, siblingOf(first.Name).Script).
		Help("Redis runs the script this is joined into, which lint-lua does not see whole: join .lua files with `--- @include` (lint-lua assembles them), "+
			"or list the names in undefined-global's globals option (%s); if this text is run alone, define them before use",
			strings.Join(names, ", ")).Info()
}

// includeDirectiveRE is a `--- @include "file"` line as BullMQ's script
// loader (and bull's, and their imitators') matches it.
var includeDirectiveRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^-{2,3}[ \t]*@include[ \t]+["']`) })

// hasIncludeDirective reports whether the script holds an `--- @include`
// line, which a loader replaces with another file before Redis sees it.
func hasIncludeDirective(m *model.Model) bool {
	for _, c := range m.File.Comments {
		if c.Range.Start.Column != 1 {
			continue
		}
		if line, ok := m.File.Line(c.Range.Start.Line); ok && strings.Contains(line, "@include") && includeDirectiveRE().MatchString(line) {
			return true
		}
	}
	return false
}

func reportField(p *lint.Pass, m *model.Model, g model.GlobalAccess) {
	table, field, _ := strings.Cut(g.Name, ".")
	// On Valkey the model names server.x redis.x; the message names the
	// table as written.
	if ruleutil.AtLoad(m, g) && table == "redis" && !ruleutil.LibraryLoadFields[field] && p.Target.RedisField(field) != target.Present {
		table = g.Ident.Value
		p.Report(g.Range(), "%s.%s does not exist while a Functions library loads", table, field).
			Help("FUNCTION LOAD fails with 'Script attempted to access nonexistent global variable '%s''; call it inside a registered function", field)
		return
	}
}
