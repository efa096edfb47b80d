// Package invalidshebang is the rule invalid-shebang: a #! header that Redis refuses. Its documentation is doc.md, its
// fixtures testdata/.
package invalidshebang

import (
	_ "embed" // doc.md

	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is invalid-shebang.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "invalid-shebang",
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/invalid-shebang/doc.md", doc),
	},
	Run: runInvalidShebang,
}

func runInvalidShebang(p *lint.Pass) {
	m := p.Model
	sb := m.File.Shebang
	kind := ruleutil.ClassifyFile(m)
	if kind == ruleutil.KindLibraryNoHeader {
		if r, ok := firstTopRegistration(m); ok {
			p.Report(r, "this file registers Redis Functions but has no '#!lua name=<library>' first line").
				Help("FUNCTION LOAD fails with 'ERR Missing library metadata' (and EVAL with 'attempt to call field 'register_function' (a nil value)'); start the file with #!lua name=<library>")
		}
		return
	}
	if sb == nil {
		return
	}
	// Redis splits the header at any white space and reads quoted words
	// (`#!lua\tflags="no-writes"` runs); the parsed header splits at
	// spaces only, so such a header is not judged.
	if strings.ContainsAny(sb.Raw, "\t\v\f\"'") {
		return
	}
	if !p.Target.HasShebang() {
		what := "shebangs"
		if kind != ruleutil.KindScript && kind != ruleutil.KindNamedScript {
			what = "Functions libraries"
		}
		p.Report(sb.Range, "%s need Redis 7.0 and the target is %s", what, p.Target.Product()).
			Help("older versions do not read the #! line and fail to compile it as Lua; remove it, or target 7.0")
		return
	}
	if kind == ruleutil.KindScript || kind == ruleutil.KindNamedScript {
		checkScriptShebang(p, sb, kind == ruleutil.KindNamedScript)
		return
	}
	checkLibraryShebang(p, sb)
}

// engineMissing reports whether the header names no engine: `#!` alone or
// `#! lua` (Redis splits the header at each space, so the engine is empty).
func engineMissing(sb *luasrc.Shebang) bool {
	return sb.Engine == "" || strings.HasPrefix(sb.Raw, "#! ")
}

// checkScriptShebang checks an EVAL script's header (facts C10).
func checkScriptShebang(p *lint.Pass, sb *luasrc.Shebang, named bool) {
	if engineMissing(sb) {
		p.Report(sb.Range, "the shebang names no engine").
			Help("EVAL fails with 'ERR Unexpected engine in script shebang: #!'; write #!lua right after #!")
		return
	}
	if sb.Engine != "lua" {
		hint := "write #!lua"
		if strings.EqualFold(sb.Engine, "lua") {
			hint = "EVAL compares the engine case-sensitively: write #!lua in lower case"
		}
		p.Report(sb.EngineRange, "unknown script engine %s", sb.Engine).
			Help("EVAL fails with 'ERR Unexpected engine in script shebang: #!%s'; %s", sb.Engine, hint)
	}
	for _, o := range sb.Options {
		if o.Key == "flags" && o.HasValue {
			checkShebangFlags(p, o)
			continue
		}
		text := o.Key
		if o.HasValue {
			text += "=" + o.Value
		}
		if named && o.Key == "name" {
			p.Report(o.Range, "%s marks a library, but this file registers no function and reads KEYS or ARGV", text).
				Help("%s marks a Functions library; run as a script, EVAL fails with 'ERR Unknown lua shebang option: %s'; remove it (an EVAL header takes only flags=)", text, text)
			continue
		}
		p.Report(o.Range, "unknown shebang option %s", text).
			Help("EVAL fails with 'ERR Unknown lua shebang option: %s'; an EVAL script's header takes only flags=", text)
	}
}

// checkShebangFlags checks the comma-separated list of `flags=` against
// the flags the target takes (redis-facts.md C10, H8; Upstash's
// allow-key-locking on the upstash target).
func checkShebangFlags(p *lint.Pass, o luasrc.ShebangOption) {
	if o.Value == "" {
		return // `flags=` alone sets no flag, and Redis accepts it.
	}
	t := p.Target
	col := o.Range.Start.Column + len("flags=")
	for _, f := range strings.Split(o.Value, ",") {
		r := span.Range{Start: span.Pos{Line: o.Range.Start.Line, Column: col}, End: span.Pos{Line: o.Range.Start.Line, Column: col + len(f)}}
		col += len(f) + 1
		ok, owner, known := t.ShebangFlag(f)
		if ok {
			continue
		}
		switch {
		case f == "":
			r = o.Range
			p.Report(r, "empty flag in %s=%s (a stray comma)", o.Key, o.Value).
				Help("EVAL fails with 'ERR Unexpected flag in script shebang: '; remove the comma")
		case known && owner != t.Server():
			// A flag of another service (Upstash's allow-key-locking).
			p.Report(r, "script flag %s is %s's, and the target is %s", f, owner.Product(), t.Product()).
				Help("%s refuses the script with 'ERR Unexpected flag in script shebang: %s'; if it runs on %s, set target: %s in .lint-lua.yaml (or --target %s)", t.Server().Product(), f, owner.Product(), owner, owner)
		case isTargetFlag(t, f):
			p.Report(r, "script flag %s is not lower case", f).
				Help("EVAL fails with 'ERR Unexpected flag in script shebang: %s'; write %s", f, strings.ToLower(f))
		default:
			p.Report(r, "unknown script flag %s", f).
				Help("EVAL fails with 'ERR Unexpected flag in script shebang: %s'; the flags are %s", f, strings.Join(t.ShebangFlags(), ", "))
		}
	}
}

// isTargetFlag reports whether f, in another case, is a shebang flag the
// target takes.
func isTargetFlag(t target.Target, f string) bool {
	for _, s := range t.ShebangFlags() {
		if strings.EqualFold(s, f) {
			return true
		}
	}
	return false
}

// checkLibraryShebang checks a Functions library's header (facts G).
func checkLibraryShebang(p *lint.Pass, sb *luasrc.Shebang) {
	if engineMissing(sb) {
		p.Report(sb.Range, "the library header names no engine").
			Help("FUNCTION LOAD fails with 'ERR Engine '' not found'; write #!lua name=<library>")
		return
	}
	if !strings.EqualFold(sb.Engine, "lua") {
		p.Report(sb.EngineRange, "unknown library engine %s", sb.Engine).
			Help("FUNCTION LOAD fails with 'ERR Engine '%s' not found'; write #!lua name=<library>", sb.Engine)
	}
	named := false
	for _, o := range sb.Options {
		text := o.Key
		if o.HasValue {
			text += "=" + o.Value
		}
		switch {
		case o.Key == "name" && o.HasValue && named:
			p.Report(o.Range, "%s names the library a second time", text).
				Help("FUNCTION LOAD fails with 'ERR Invalid metadata value, name argument was given multiple times'; keep one name=")
		case o.Key == "name" && o.HasValue:
			named = true
			if !ruleutil.ValidLibraryName(o.Value) {
				p.Report(o.Range, "invalid library name %q", o.Value).
					Help("FUNCTION LOAD fails with 'ERR %s'; use only letters, digits and underscores", ruleutil.LibraryNameError)
			}
		case o.Key == "flags":
			p.Report(o.Range, "%s in a library header", text).
				Help("FUNCTION LOAD fails with 'ERR Invalid metadata value given: %s'; give each function its flags in redis.register_function{function_name=..., callback=..., flags={...}}", text)
		default:
			p.Report(o.Range, "%s in a library header", text).
				Help("FUNCTION LOAD fails with 'ERR Invalid metadata value given: %s'; a library header takes only name=", text)
		}
	}
	if !named {
		p.Report(sb.Range, "this file registers Redis Functions but its header has no name=").
			Help("FUNCTION LOAD fails with 'ERR Library name was not given'; write %s", libraryHeaderFix(sb))
	}
}

// libraryHeaderFix suggests a header with a name.
func libraryHeaderFix(sb *luasrc.Shebang) string {
	engine := sb.Engine
	if engine == "" || !strings.EqualFold(engine, "lua") {
		engine = "lua"
	}
	return fmt.Sprintf("#!%s name=<library>", engine)
}

// firstTopRegistration returns where the file first reads
// redis.register_function outside a registered function.
func firstTopRegistration(m *model.Model) (span.Range, bool) {
	for _, g := range m.Globals {
		if !g.Write && g.Name == "redis.register_function" && (g.Func == nil || m.Unit(g.Func) == m.Main) {
			return g.Range(), true
		}
	}
	return span.Range{}, false
}
