package lint

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/yuin/gopher-lua/ast"
)

// Engine-level rule IDs: reported by the engine itself, not by a rule's Run.
const (
	SyntaxErrorID = "syntax-error"
	UnusedIgnore  = "unused-ignore"
	InvalidIgnore = "invalid-ignore"
)

// Setting is the configuration of one rule for one file.
type Setting struct {
	Enabled  bool
	Severity diag.Severity
	// Fixed says the severity was configured (.lint-lua.yaml or a flag):
	// then every finding of the rule shows it, and a rule's own lowering
	// of one finding (Finding.Lower, Finding.Info, Doc.Lower) does not
	// apply. A user who writes `expensive-command: error` means every
	// finding of it.
	Fixed   bool
	Options map[string]any
}

// Settings maps rule IDs to their settings; a rule missing from it runs
// with its defaults.
type Settings map[string]Setting

// Config is what a lint needs besides the file: the rules to run, their
// settings, the server the scripts run on, and the names the script may use
// because something outside it defines them.
type Config struct {
	Rules    []*Rule
	Settings Settings
	// Target is the server the scripts run on; the zero value is the
	// newest Redis with the modules it bundles.
	Target target.Target
	// Cluster says whether the script runs on Redis Cluster (the
	// configuration's cluster:); nil lets the script's evidence decide
	// (ClusterEvidence). Without a cluster, the findings of the rules of
	// the cluster category, which only break a cluster, are info: true
	// statements, harmless where the script runs.
	Cluster *bool
	// ClusterHint says the code that calls the script builds its keys
	// with a {hash tag} (HasHashTag of a host call's keys): evidence of a
	// cluster, as one in the script's own key names is.
	ClusterHint bool
	// Globals are names defined outside the script: the functions of the
	// fragments a loader splices in before Redis sees it, the placeholders
	// of a host-language interpolation. A rule that declares the option
	// GlobalsOption (undefined-global) receives them after the names the
	// configuration lists there.
	Globals []string
	// Siblings, when set, returns the names that other scripts this one
	// may be joined with define, each with the script that defines it:
	// for a .lua file, what the headers of its folder define at their top
	// level, which a loader that joins the folder's files would make
	// visible; for a host string found by its content, what the file's
	// other scripts declare. undefined-global and global-assignment report
	// a script that uses them once, at info, as a fragment. It is called
	// only when a rule asks, so a clean file costs nothing.
	Siblings func() map[string]Sibling
	// Fragment says the text may be a piece of a larger script that its
	// program joins at run time (a host string found by its content, not
	// given to a script API): when it does not parse as a chunk but does
	// as an expression (a condition a builder splices into an if), its
	// syntax errors are info.
	Fragment bool
}

// A Sibling is the script that defines a name for the scripts that may be
// joined with it (Config.Siblings).
type Sibling struct {
	// Script names it in a message: "sibling refs.lua", "the script at
	// Builder.php:211".
	Script string
	// Local is set when it declares the name (a local, a local function,
	// a for-loop variable) rather than only assigning it as a global, which
	// fails in Redis wherever it is joined: an assignment to the name
	// joined after it then sets that local.
	Local bool
}

// modelOptions holds the model's options for each target a run meets
// (target.Target -> model.Options): made once, not per file, as the
// target's Lookup is a method value that would be made again for every
// file, and a run has one target or a few (per-glob overrides).
var modelOptions sync.Map

// optionsFor returns the model options of target t.
func optionsFor(t target.Target) model.Options {
	if o, ok := modelOptions.Load(t); ok {
		return o.(model.Options)
	}
	o, _ := modelOptions.LoadOrStore(t, model.Options{ServerAlias: t.ServerAlias(), Lookup: t.Lookup})
	return o.(model.Options)
}

// GlobalsOption is the option through which a rule receives
// Config.Globals: a list of names.
const GlobalsOption = "globals"

// Run lints a parsed file: its syntax errors, the findings of the enabled
// rules, with suppressions applied, sorted. It never panics on any input:
// a rule that panics is reported as an error diagnostic of that rule, and
// the other rules still run.
func Run(f *luasrc.File, cfg Config) []diag.Diagnostic {
	var out []diag.Diagnostic
	settings := cfg.Settings
	if s, ok := settings.Enabled(SyntaxErrorID, diag.SeverityError); ok {
		expr := cfg.Fragment && len(f.Errors) > 0 && isExpression(f.Src)
		for _, e := range f.Errors {
			d := syntaxError(f.Name, e, s)
			if !s.Fixed {
				d = lowerPlaceholder(f, e, d)
			}
			if expr {
				if !s.Fixed {
					d.Severity = diag.SeverityInfo
				}
				d.Help = "the text is a Lua expression, not a script: a condition or value that the program splices into a " +
					"larger script, which lint-lua does not see whole; Redis refuses this text only if it is run alone"
			}
			out = append(out, d)
		}
	}
	// The model never leaves this function and the findings hold none of
	// it (strings and ranges): its arrays serve the next file's.
	model.WithModel(f, optionsFor(cfg.Target), func(m *model.Model) {
		if s, ok := settings.Enabled(SyntaxErrorID, diag.SeverityError); ok {
			for _, e := range m.Problems {
				out = append(out, syntaxError(f.Name, e, s))
			}
		}
		out = append(out, runRules(m, cfg)...)
	})
	out = applySuppressions(f.Name, f.Comments, out, nil, statementEnds(f), settings, cfg.Rules)
	diag.SortDiagnostics(out)
	return out
}

// isExpression reports whether src parses as a Lua expression list (what
// may follow `return`), such as `redis.call('EXISTS', k) == 0`.
func isExpression(src []byte) bool {
	f := luasrc.Parse("", append([]byte("return "), src...))
	if f.Chunk == nil || len(f.Errors) > 0 || len(f.Chunk) != 1 {
		return false
	}
	_, ok := f.Chunk[0].(*ast.ReturnStmt)
	return ok
}

// syntaxError is the finding of a syntax error of the file called name:
// the parser's message, in Lua 5.1's words where Lua has them, and its
// help, or else why it matters; s is the rule's setting (an advice is
// info unless the severity is configured).
func syntaxError(name string, e luasrc.SyntaxError, s Setting) diag.Diagnostic {
	sev := s.Severity
	help := e.Help
	if help == "" {
		help = "Redis runs Lua 5.1 and refuses a script that does not compile"
	}
	if e.Advice && !s.Fixed {
		sev = diag.SeverityInfo
	}
	return diag.Diagnostic{File: name, Range: e.Range, Rule: SyntaxErrorID, Severity: sev, Message: e.Message, Help: help}
}

// Enabled returns the setting of a rule whose default severity is def, and
// whether it runs.
func (settings Settings) Enabled(id string, def diag.Severity) (Setting, bool) {
	s, ok := settings[id]
	if !ok {
		return Setting{Enabled: true, Severity: def}, true
	}
	if s.Severity == 0 {
		s.Severity = def
	}
	return s, s.Enabled
}

// runRules runs the enabled rules over a built model, when its file parsed,
// and returns their findings unsorted and before suppressions.
func runRules(m *model.Model, cfg Config) []diag.Diagnostic {
	if m.File.Chunk == nil {
		return nil
	}
	// One Pass serves every rule in turn: a file runs some thirty rules,
	// and most report nothing.
	p := &Pass{Model: m, Target: cfg.Target, Siblings: cfg.Siblings}
	cluster := -1 // not yet known: found on the first cluster rule that reports
	for _, r := range cfg.Rules {
		if r.Run == nil {
			continue
		}
		s, ok := cfg.Settings.Enabled(r.ID, r.Severity)
		if !ok {
			continue
		}
		p.severity = s.Severity
		if len(cfg.Globals) > 0 {
			s = withGlobals(r, s, cfg.Globals)
		}
		from := len(p.out)
		err := runRule(p, r, s)
		if r.Category == diag.Cluster && !s.Fixed && len(p.out) > from {
			if cluster < 0 {
				cluster = 0
				switch {
				case cfg.Cluster != nil && *cfg.Cluster:
					cluster = 1
				case cfg.Cluster == nil && SelectsDatabase(m):
					// The script cannot run on a cluster at all.
				case cfg.Cluster == nil && (cfg.ClusterHint || ClusterEvidence(m)):
					cluster = 1
				}
			}
			if cluster != 1 {
				// Only a cluster would break, and nothing says the script
				// runs on one (or it SELECTs, which a cluster refuses):
				// advice, as the rules' documentation says (Doc.Lower).
				for i := range p.out[from:] {
					p.out[from+i].Severity = diag.SeverityInfo
				}
			}
		}
		if s.Fixed {
			for i := range p.out[from:] {
				p.out[from+i].Severity = s.Severity
			}
		}
		if err != nil {
			p.out = append(p.out, *err)
		}
	}
	return p.out
}

// runRule runs r on p, which reports into the caller's findings; a panic
// becomes a finding of its own.
func runRule(p *Pass, r *Rule, s Setting) (internal *diag.Diagnostic) {
	// Most rules have no options: they read a nil map. A rule run with
	// its defaults reads one map made once for every file (rules only
	// read their options).
	var opts map[string]any
	switch {
	case len(s.Options) == 0 && len(r.Options) > 0:
		opts = defaultOptions(r)
	case len(s.Options) > 0:
		opts = make(map[string]any, len(r.Options)+len(s.Options))
		for _, o := range r.Options {
			opts[o.Name] = o.Default
		}
		for k, v := range s.Options {
			opts[k] = v
		}
	}
	p.Rule, p.Options = r, opts
	defer func() {
		if e := recover(); e != nil {
			internal = &diag.Diagnostic{File: p.Model.File.Name, Range: diag.Range{Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}, Rule: r.ID, Severity: diag.SeverityError,
				Message: fmt.Sprintf("internal error in rule %s: %v", r.ID, e), Help: "this is a bug in lint-lua, not in the script: please report it"}
		}
	}()
	r.Run(p)
	return nil
}

// withGlobals adds names to the GlobalsOption list of s, when r declares
// that option; s's own options are not changed.
func withGlobals(r *Rule, s Setting, names []string) Setting {
	declared := false
	for _, o := range r.Options {
		declared = declared || o.Name == GlobalsOption
	}
	if !declared {
		return s
	}
	// A YAML list arrives as []any, a default as []string.
	var list []any
	switch v := s.Options[GlobalsOption].(type) {
	case []any:
		list = append(list, v...)
	case []string:
		for _, n := range v {
			list = append(list, n)
		}
	}
	for _, n := range names {
		list = append(list, n)
	}
	opts := make(map[string]any, len(s.Options)+1)
	for k, v := range s.Options {
		opts[k] = v
	}
	opts[GlobalsOption] = list
	s.Options = opts
	return s
}

// defaults holds each rule's default options, made on first use: a
// *Rule's map[string]any.
var defaults sync.Map

// defaultOptions returns the options of r when the settings change none.
func defaultOptions(r *Rule) map[string]any {
	if m, ok := defaults.Load(r); ok {
		return m.(map[string]any)
	}
	m := make(map[string]any, len(r.Options))
	for _, o := range r.Options {
		m[o.Name] = o.Default
	}
	got, _ := defaults.LoadOrStore(r, m)
	return got.(map[string]any)
}

// hashTag is a Redis Cluster {hash tag} in a key name: braces around text
// that holds no quote, space, comma or colon (JSON's `{"a":1}` is none).
var hashTag = regexp.MustCompile(`\{[^{}"'\s,:]+\}`)

// HasHashTag reports whether s, a key name or the code that builds one,
// holds a Redis Cluster {hash tag}.
func HasHashTag(s string) bool { return hashTag.MatchString(s) }

// SelectsDatabase reports whether the script SELECTs a database that may
// not be 0 (fishjoy's `redis.call('SELECT', KEYS[1])`): Redis Cluster has
// database 0 only and refuses such a SELECT (observed on a 7.0.15 cluster
// node, TestProofSelectNoCluster), so the script cannot run on a cluster
// and what would break only there is advice.
func SelectsDatabase(m *model.Model) bool {
	for _, c := range m.Calls {
		if c.Name != "SELECT" || len(c.Args) < 2 {
			continue
		}
		if db, ok := c.Literal(1); !ok || strings.TrimSpace(db) != "0" {
			return true
		}
	}
	return false
}

// ClusterEvidence reports whether the script shows that its author cares
// about Redis Cluster: a {hash tag} in a string of the script that names a
// key or a key pattern, or builds one (`'{' .. id .. '}:cart'` counts by
// its piece that closes the tag before the rest of the name).
// KEYS are the caller's: their names are not in the script.
func ClusterEvidence(m *model.Model) bool {
	found := false
	m.Preorder(model.KStringExpr, func(n any) {
		if found {
			return
		}
		v := n.(*ast.StringExpr).Value
		if hashTag.MatchString(v) || len(v) > 1 && v[0] == '}' && (v[1] == ':' || v[1] == '.' || v[1] == '_') && !strings.ContainsAny(v, "\"' ,{") {
			found = true
		}
	})
	return found
}
