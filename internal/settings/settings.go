// Package settings is lint-lua's one settings value: what .lint-lua.yaml
// and the flags say, resolved by one function, Resolve. Every entry point
// converts from it: the command line (`lint-lua` and `lint-lua go`), the go
// vet tool's -lintlua.* flags and the golangci-lint plugin's settings are
// all a Flags, so that the same words mean the same thing wherever they
// are written: --enable R turns R on (over a configuration that turns it
// off) everywhere, rule options and exclude: apply to scripts embedded in
// Go as to .lua files, and the flags win over the configuration field by
// field.
package settings

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
)

// Flags are the settings an entry point was given besides the
// configuration file, as written: the command line's flags, go vet's
// -lintlua.* flags, the golangci-lint plugin's settings. Resolve checks
// them.
type Flags struct {
	// Config is the configuration file to read (--config), relative to
	// the directory Resolve starts from; empty means the nearest
	// .lint-lua.yaml found by config.Find.
	Config string
	// NoConfig reads no configuration file: a caller that found none
	// where it looked says so, rather than have one found elsewhere.
	NoConfig bool
	// Target, RedisVersion and Modules say which server the scripts run
	// on (--target, --redis-version, --modules); ModulesSet says Modules
	// was given (an empty list loads none).
	Target       string
	RedisVersion string
	Modules      []string
	ModulesSet   bool
	// Enable turns rules on, over a configuration that turns them off
	// (--enable); Disable turns them off and wins (--disable); Only, when
	// not empty, turns every other rule off (--only).
	Enable, Disable, Only []string
	// Severity sets rules' severities: rule ID to error, warning or info,
	// over the configuration's.
	Severity map[string]string
	// MinSeverity is the lowest severity reported (--min-severity); empty
	// leaves the entry point's default.
	MinSeverity string
	// AllLua lints every .lua file as a Redis script (--all-lua), not
	// only those that show they are one.
	AllLua bool
	// Baseline is the baseline file (--baseline), relative to the
	// directory Resolve starts from; empty means the configuration's
	// baseline:. NoBaseline reads none, whatever the configuration says.
	Baseline   string
	NoBaseline bool
	// Names spells a setting's name as the entry point writes it in an
	// error ("--target" on the command line, "-target" under go vet);
	// nil writes "--"+name.
	Names func(setting string) string
}

// Settings are the resolved settings: the configuration with the flags
// laid over it. A Settings is read-only once resolved and may be shared
// between goroutines.
type Settings struct {
	// rules is the catalogue the rule names are checked against.
	rules *lint.Catalogue
	// Config is the configuration file read, nil when there is none.
	Config *config.Config
	// Server is what the flags say of the server; it wins over the
	// configuration's, field by field.
	Server config.Server
	// Enable, Disable and Only are the flags' rule lists, checked.
	Enable, Disable, Only map[string]bool
	// Severity holds the flags' severities by rule.
	Severity map[string]diag.Severity
	// MinSeverity is the lowest severity reported; 0 when not set, which
	// leaves the entry point's default.
	MinSeverity diag.Severity
	// AllLua is Flags.AllLua.
	AllLua bool
	// ScriptAPIs are the configuration's script_apis: the user's own
	// functions and methods that receive a script. The one list serves
	// every language whose calls are read: Go (the analyzer, For("go"))
	// and the host languages (HostAPIs, which adds them to
	// internal/hostlang's table of the clients' APIs).
	ScriptAPIs ScriptAPIs
	// Baseline is the baseline file whose findings are not reported: the
	// flag's, else the configuration's baseline:, as a path the process
	// can open; empty for none.
	Baseline string
}

// Resolve reads the configuration (f.Config, or the nearest one found from
// dir) and checks the flags, their rule names against cat. Every problem
// is an error that names the setting, or the configuration file with its
// line.
func Resolve(cat *lint.Catalogue, dir string, f Flags) (*Settings, error) {
	s, err := resolveFlags(cat, f)
	if err != nil {
		return nil, err
	}
	if !f.NoConfig {
		if s.Config, err = load(cat, dir, f.Config); err != nil {
			return nil, err
		}
	}
	s.withConfig()
	// The baseline is the run's: the flag's, else the configuration's.
	switch {
	case f.NoBaseline:
	case f.Baseline != "":
		s.Baseline = f.Baseline
		if !filepath.IsAbs(f.Baseline) && dir != "" && dir != "." {
			s.Baseline = filepath.Join(dir, f.Baseline)
		}
	case s.Config != nil:
		s.Baseline = s.Config.Baseline
	}
	return s, nil
}

// withConfig sets what s takes from its configuration.
func (s *Settings) withConfig() {
	if s.Config != nil {
		s.ScriptAPIs = ScriptAPIs{list: s.Config.ScriptAPIs, path: s.Config.Path}
	}
}

// resolveFlags checks the flags, and reads no configuration.
func resolveFlags(cat *lint.Catalogue, f Flags) (*Settings, error) {
	if cat == nil {
		return nil, fmt.Errorf("settings: no rule catalogue")
	}
	name := f.Names
	if name == nil {
		name = func(s string) string { return "--" + s }
	}
	s := &Settings{rules: cat, Severity: map[string]diag.Severity{}, AllLua: f.AllLua}
	var err error
	if s.Server, err = server(f, name); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		setting string
		ids     []string
		dst     *map[string]bool
	}{{"enable", f.Enable, &s.Enable}, {"disable", f.Disable, &s.Disable}, {"only", f.Only, &s.Only}} {
		if *l.dst, err = ruleList(cat, name(l.setting), l.ids); err != nil {
			return nil, err
		}
	}
	ids := make([]string, 0, len(f.Severity))
	for id := range f.Severity {
		ids = append(ids, id)
	}
	sort.Strings(ids) // the first bad one reported is always the same
	for _, id := range ids {
		if err := KnownRule(cat, id); err != nil {
			return nil, fmt.Errorf("%s: %w", name("rule-severity"), err)
		}
		sev, err := diag.ParseSeverity(f.Severity[id])
		if err != nil {
			return nil, fmt.Errorf("%s: rule %s: %w", name("rule-severity"), id, err)
		}
		s.Severity[id] = sev
	}
	if f.MinSeverity != "" {
		if s.MinSeverity, err = diag.ParseSeverity(f.MinSeverity); err != nil {
			return nil, fmt.Errorf("%s: %w", name("min-severity"), err)
		}
	}
	return s, nil
}

// load reads the configuration file path (relative to dir), or the nearest
// one above dir.
func load(cat *lint.Catalogue, dir, path string) (*config.Config, error) {
	isRule := func(id string) bool { return cat.ByID(id) != nil }
	if path == "" {
		found, err := config.Find(dir)
		if err != nil || found == "" {
			return nil, err
		}
		path = found
	} else if !filepath.IsAbs(path) && dir != "" && dir != "." {
		path = filepath.Join(dir, path)
	}
	cfg, err := config.Load(path, isRule)
	if err == nil {
		err = checkOptions(cat, cfg)
	}
	return cfg, err
}

// server checks the flags that name the server.
func server(f Flags, name func(string) string) (config.Server, error) {
	var s config.Server
	switch {
	case f.Target != "" && f.RedisVersion != "":
		return s, fmt.Errorf("%s and %s are both set: use %s alone (%s %s is %s redis-%s)",
			name("target"), name("redis-version"), name("target"), name("redis-version"), f.RedisVersion, name("target"), f.RedisVersion)
	case f.Target != "":
		t, err := target.Parse(f.Target)
		if err != nil {
			return s, fmt.Errorf("%s: %w", name("target"), err)
		}
		s.Target, s.TargetSet = t, true
	case f.RedisVersion != "":
		v, err := config.NormalizeRedisVersion(f.RedisVersion)
		if err != nil {
			return s, fmt.Errorf("%s: %w", name("redis-version"), err)
		}
		s.Target, s.TargetSet = target.MustParse(v), true
	}
	if f.ModulesSet {
		var names []string
		for _, n := range f.Modules {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		mods, err := target.ParseModules(names)
		if err != nil {
			return s, fmt.Errorf("%s: %w", name("modules"), err)
		}
		if mods == nil {
			mods = []redisdb.Module{}
		}
		s.Modules, s.ModulesSet = mods, true
	}
	return s, nil
}

func ruleList(cat *lint.Catalogue, flag string, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		if err := KnownRule(cat, id); err != nil {
			return nil, fmt.Errorf("%s: %w", flag, err)
		}
		out[id] = true
	}
	return out, nil
}

// KnownRule returns an error, with a "did you mean" when one is near, when
// id names no rule of cat.
func KnownRule(cat *lint.Catalogue, id string) error {
	if cat.ByID(id) == nil {
		if near := cat.Closest(id); near != "" {
			return fmt.Errorf("unknown rule %q (did you mean %s? see 'lint-lua rules')", id, near)
		}
		return fmt.Errorf("unknown rule %q (see 'lint-lua rules')", id)
	}
	return nil
}

// rel is path relative to the configuration's directory, as its globs are
// written; "" when there is no configuration or no path.
func (s *Settings) rel(path string) string {
	if s.Config == nil || path == "" {
		return ""
	}
	return s.Config.Rel(path)
}

// Excluded reports whether the configuration's exclude: matches path, a
// file or a directory (or a directory above it). It holds wherever the
// path comes from: found by a walk, named on the command line, or the
// file a Go package embeds a script from or writes it in, as ruff's
// force-exclude does, so that a pre-commit hook that names each changed
// file does not lint the files the project excluded.
func (s *Settings) Excluded(path string) bool {
	if s.Config == nil || path == "" {
		return false
	}
	return s.Config.Excluded(s.rel(path))
}

// ScriptsOnly reports whether a .lua file at path is linted only when it
// shows it is a Redis script: not with --all-lua, all_lua: true, or an
// include: pattern that matches the path.
func (s *Settings) ScriptsOnly(path string) bool {
	if s.AllLua {
		return false
	}
	return s.Config == nil || !s.Config.AllLua && !s.Config.Included(s.rel(path))
}

// Target is the server the file at path runs on: the configuration's, with
// the overrides that match the file, the flags winning field by field.
func (s *Settings) Target(path string) target.Target {
	var cs config.Server
	if rel := s.rel(path); rel != "" {
		cs = s.Config.ServerFor(rel)
	} else if s.Config != nil {
		cs = s.Config.Server
	}
	return cs.Over(s.Server).Resolve()
}

// Cluster is the configuration's cluster: whether the scripts run on Redis
// Cluster, nil when it does not say (each script's evidence decides,
// lint.Config.Cluster).
func (s *Settings) Cluster() *bool {
	if s == nil || s.Config == nil {
		return nil
	}
	return s.Config.Cluster
}

// Rules are the rule settings of the file at path: the configuration's
// base rules section and the overrides that match the file, then the
// flags: Severity, Enable, Only and Disable, in that order, so that
// Disable wins. A rule missing from the result runs with its defaults.
func (s *Settings) Rules(path string) lint.Settings {
	out := lint.Settings{}
	var cfg map[string]config.RuleSetting
	if rel := s.rel(path); rel != "" {
		cfg = s.Config.ForFile(rel)
	} else if s.Config != nil {
		cfg = s.Config.ForFile(".")
	}
	setting := func(id string) lint.Setting {
		if st, ok := out[id]; ok {
			return st
		}
		return lint.Setting{Enabled: true, Severity: s.rules.ByID(id).Severity}
	}
	for id, rs := range cfg {
		if s.rules.ByID(id) == nil {
			continue
		}
		st := setting(id)
		st.Options = rs.Options
		if rs.Enabled != nil {
			st.Enabled = *rs.Enabled
		}
		if rs.Severity != nil {
			st.Severity, st.Fixed = *rs.Severity, true
		}
		out[id] = st
	}
	if s.Config != nil && s.Config.RequireReason {
		st := setting(lint.InvalidIgnore)
		opts := map[string]any{lint.RequireReasonOption: true}
		for k, v := range st.Options {
			opts[k] = v
		}
		st.Options = opts
		out[lint.InvalidIgnore] = st
	}
	for id, sev := range s.Severity {
		st := setting(id)
		st.Severity, st.Fixed = sev, true
		out[id] = st
	}
	for id := range s.Enable {
		st := setting(id)
		st.Enabled = true
		out[id] = st
	}
	if len(s.Only) > 0 {
		for _, r := range s.rules.All() {
			if !s.Only[r.ID] {
				st := setting(r.ID)
				st.Enabled = false
				out[r.ID] = st
			}
		}
	}
	for id := range s.Disable {
		st := setting(id)
		st.Enabled = false
		out[id] = st
	}
	return out
}

// Fixed says whether rule id's severity is configured under ls (what Rules
// returned for a file): then every finding of it shows that severity, and a
// rule's own lowering of one finding does not apply.
func Fixed(ls lint.Settings, id string) bool {
	return ls[id].Fixed
}

// Rule says whether rule id runs, and at what severity, under ls (what
// Rules returned for a file).
func (s *Settings) Rule(ls lint.Settings, id string) (on bool, sev diag.Severity) {
	if st, ok := ls[id]; ok {
		return st.Enabled, st.Severity
	}
	if r := s.rules.ByID(id); r != nil {
		return true, r.Severity
	}
	return true, diag.SeverityWarning
}

// ScriptAPIs are the script APIs a configuration names (script_apis:).
type ScriptAPIs struct {
	list []config.ScriptAPI
	// path is the configuration file, for errors.
	path string
}

// For returns the entries that apply to calls written in language lang
// ("go", "python", ...): those that name it and those that name none.
func (a ScriptAPIs) For(lang string) []config.ScriptAPI {
	var out []config.ScriptAPI
	for _, e := range a.list {
		if e.Language == "" || e.Language == lang {
			out = append(out, e)
		}
	}
	return out
}

// HostAPIs returns internal/hostlang's table of the clients' script APIs
// with the entries for the host languages added: nil (the default table)
// when there are none.
func (a ScriptAPIs) HostAPIs() (*hostlang.APIs, error) {
	var extra []hostlang.API
	for _, e := range a.list {
		if e.Language == "go" {
			continue
		}
		api := hostlang.API{Client: "script_apis", Name: e.Name, Form: hostlang.Function, Script: e.Script}
		if e.Language != "" {
			api.Lang, _ = langs.Parse(e.Language)
		}
		if e.NumKeys >= 0 {
			api.Keys = append(api.Keys, hostlang.KeysAt{Arg: e.NumKeys, Form: hostlang.KeysCount})
		}
		if e.Keys >= 0 {
			api.Keys = append(api.Keys, hostlang.KeysAt{Arg: e.Keys, Form: hostlang.KeysList})
		}
		extra = append(extra, api)
	}
	if len(extra) == 0 {
		return nil, nil
	}
	apis, err := langs.NewAPIs(extra...)
	if err != nil {
		// The configuration checked each entry; a table that still
		// refuses one names the first entry.
		e := a.list[0]
		return nil, fmt.Errorf("%s:%d:%d: script_apis: %v", a.path, e.Line, e.Column, err)
	}
	return apis, nil
}

// RuleSource says where the setting of rule id that Rules(path) gives
// comes from: the flag that decides it ("--disable", "--only", "--enable",
// "--rule-severity"), else the configuration's "PATH:LINE:COL" (the rules
// section, or the last override that matches path), else "default".
func (s *Settings) RuleSource(id, path string) string {
	switch _, sev := s.Severity[id]; {
	case s.Disable[id]:
		return "--disable"
	case len(s.Only) > 0 && !s.Only[id]:
		return "--only"
	case s.Enable[id]:
		return "--enable"
	case sev:
		return "--rule-severity"
	}
	if s.Config != nil {
		if src := s.Config.RuleSource(id, s.rel(path)); src != "" {
			return src
		}
	}
	return "default"
}

// ServerSource says where the target ("target") or the modules
// ("modules") that Target(path) gives come from: the flag, the
// configuration's "PATH:LINE:COL", or "default".
func (s *Settings) ServerSource(key, path string) string {
	if key == "modules" && s.Server.ModulesSet || key == "target" && s.Server.TargetSet {
		return "--" + key
	}
	if s.Config != nil {
		if src := s.Config.ServerSource(key, s.rel(path)); src != "" {
			return src
		}
	}
	return "default"
}

// KeySource says where a top-level key of the configuration is written,
// "PATH:LINE:COL", or "default" when it is not.
func (s *Settings) KeySource(key string) string {
	if s.Config != nil && s.Config.Pos[key] != "" {
		return s.Config.Pos[key]
	}
	return "default"
}
