package analyzer

import (
	"flag"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/baseline"
	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/lint-lua/lint-lua/internal/target"
	"golang.org/x/tools/go/analysis"
)

// Settings configure an analyzer made by New. The zero value is what
// Analyzer does without flags: every rule, the newest Redis the command
// table knows with the modules it bundles, errors and warnings reported,
// and the .lint-lua.yaml found from each package's directory. Each field
// means what the command line's flag of the same name means
// (internal/settings.Flags): both convert to the one settings value.
type Settings struct {
	// Config is the configuration file to read; empty means the nearest
	// .lint-lua.yaml above each package's directory, found as the
	// command line finds it above the working directory (up to the
	// repository's root or the home directory).
	Config string
	// NoConfig reads no configuration file.
	NoConfig bool
	// Target is the server the scripts run on: redis, redis-7.2,
	// valkey-8.0, upstash... (target.Parse; target.Names lists them). The
	// rules read its commands, sandbox, shebang flags and error texts.
	// Empty means the configuration's, else the newest Redis.
	Target string
	// Modules lists the modules the target loads (json, search,
	// timeseries, bloom), in place of its default (all four on Redis 8.0
	// and later, json on Upstash, none elsewhere); nil leaves the default, an empty list
	// loads none.
	Modules []string
	// RedisVersion is the Redis version the scripts run on ("7.0",
	// "6.2.14"; a missing patch counts as 0): the target redis-<version>,
	// as before targets. It cannot be set with Target.
	RedisVersion string
	// Enable turns rules on, over a configuration that turns them off, as
	// --enable does (every rule is on by default).
	Enable []string
	// Disable lists rules that are not reported. It wins over Enable and
	// Only.
	Disable []string
	// Only, when not empty, lists the only rules reported.
	Only []string
	// Severity overrides rules' severities: rule ID to "error", "warning"
	// or "info". A rule set below MinSeverity is not reported.
	Severity map[string]string
	// MinSeverity is the lowest severity reported: "error", "warning" or
	// "info". Empty means "warning": go/analysis diagnostics carry no
	// severity, and go vet fails on any diagnostic, so info findings
	// (style hints, unused ignores) are left out unless asked for.
	MinSeverity string
	// GoFilesOnly reports the findings in a file embedded with //go:embed
	// at the Go expression that first uses the script, the file's
	// position leading the message ("get.lua:2:19: ..."), instead of in
	// the file: for tools that keep only findings in .go files
	// (golangci-lint drops the others).
	GoFilesOnly bool
	// MaxFileSize is the largest script linted, in bytes, as lint-lua's
	// --max-file-size: a //go:embed file or a Go string past it is
	// reported and not linted. 0 means 1 MiB, lint-lua's default.
	MaxFileSize int64
	// Baseline is a baseline file (lint-lua --write-baseline writes one):
	// the findings it holds are not reported. Empty means the
	// configuration's baseline:, relative to its directory. NoBaseline
	// reads none.
	Baseline   string
	NoBaseline bool
}

// flags are s as the one settings value's input.
func (s Settings) flags() settings.Flags {
	return settings.Flags{
		Config:       s.Config,
		NoConfig:     s.NoConfig,
		Target:       s.Target,
		RedisVersion: s.RedisVersion,
		Modules:      s.Modules,
		ModulesSet:   s.Modules != nil,
		Enable:       s.Enable,
		Disable:      s.Disable,
		Only:         s.Only,
		Severity:     s.Severity,
		MinSeverity:  s.MinSeverity,
		Baseline:     s.Baseline,
		NoBaseline:   s.NoBaseline,
	}
}

// New returns an analyzer that runs with settings s, for programs that
// embed lint-lua's analyzer (a golangci-lint plugin, a multichecker). The
// settings are checked: an unknown rule ID, Redis version or severity is an
// error naming it (a configuration file is read, and checked, when the
// analyzer runs). The analyzer has the same flags as Analyzer, which start
// from s.
func New(cat *lint.Catalogue, s Settings) (*analysis.Analyzer, error) {
	o := defaultOptions(cat)
	o.flags = s.flags()
	o.flags.Names = vetName
	if err := o.absConfig(); err != nil {
		return nil, err
	}
	if err := absPath("baseline", &o.flags.Baseline); err != nil {
		return nil, err
	}
	if _, err := o.check(); err != nil {
		return nil, err
	}
	o.goFilesOnly = s.GoFilesOnly
	if s.MaxFileSize < 0 {
		return nil, fmt.Errorf("max file size: %d is negative", s.MaxFileSize)
	}
	if s.MaxFileSize > 0 {
		o.maxFileSize = settings.Size(s.MaxFileSize)
	}
	return newAnalyzer(o), nil
}

// vetName is a setting's name as go vet's flag.
func vetName(name string) string { return "-" + name }

// options are an analyzer's settings as flag values, so that go vet
// -vettool can set them and New can start them from Settings.
type options struct {
	// rules is the catalogue the analyzer runs and checks names against.
	rules       *lint.Catalogue
	flags       settings.Flags
	goFilesOnly bool // set by New only: no tool that takes flags needs it
	maxFileSize settings.Size
	// resolved caches the settings by package directory: the
	// configuration that applies is the one found from there.
	resolved sync.Map // string -> *resolvedOrErr
	// baselines caches the baseline files read, by path.
	baselines sync.Map // string -> *baselineOrErr
}

type baselineOrErr struct {
	once sync.Once
	b    *baseline.Baseline
	err  error
}

// baseline reads the baseline file at path once.
func (o *options) baseline(path string) (*baseline.Baseline, error) {
	v, _ := o.baselines.LoadOrStore(path, &baselineOrErr{})
	r := v.(*baselineOrErr)
	r.once.Do(func() { r.b, r.err = baseline.Read(path) })
	return r.b, r.err
}

type resolvedOrErr struct {
	once sync.Once
	set  *settings.Settings
	err  error
}

func defaultOptions(cat *lint.Catalogue) *options {
	return &options{rules: cat, flags: settings.Flags{Names: vetName}, maxFileSize: settings.DefaultMaxFileSize}
}

func (o *options) register(fs *flag.FlagSet) {
	f := &o.flags
	add := func(v flag.Value, name, usage string) {
		// Setting a flag drops the settings resolved with the old value.
		fs.Var(&resetting{v, o}, name, usage)
	}
	add(&checked{p: &f.MinSeverity, def: "warning", check: checkSeverity}, "min-severity", "lowest severity of findings to report: error|warning|info")
	add(&checked{p: &f.MinSeverity, def: "warning", check: checkSeverity}, "severity", "the same as -min-severity")
	add(&checked{p: &f.Config, check: func(string) error { return o.absConfig() }}, "config", "configuration file (default: .lint-lua.yaml found by walking up from the package's directory to the repository's root or the home directory)")
	add(&checked{p: &f.Target, check: func(v string) error {
		if _, err := target.Parse(v); err != nil {
			return err
		}
		if f.RedisVersion != "" {
			return fmt.Errorf("-target %s with -redis-version %s: use -target alone (-redis-version 7.2 is -target redis-7.2)", v, f.RedisVersion)
		}
		return nil
	}}, "target", "server the scripts run on: "+strings.Join(target.Names(), ", ")+", or a server with -major.minor[.patch] (default: target from the configuration, else the newest Redis)")
	add(&modulesFlag{f}, "modules", "comma-separated modules the target loads: json, search, timeseries, bloom (default: modules from the configuration, else all four on Redis 8.0 and later, json on Upstash, none elsewhere; empty for none)")
	add(&checked{p: &f.RedisVersion, check: func(v string) error {
		if err := config.CheckRedisVersion(v); err != nil {
			return err
		}
		if f.Target != "" {
			return fmt.Errorf("-redis-version %s with -target %s: use -target alone (-redis-version 7.2 is -target redis-7.2)", v, f.Target)
		}
		return nil
	}}, "redis-version", "Redis version the scripts run on, such as 7.0 or 6.2.14: the target redis-<version> (not with -target)")
	add(&checked{p: &f.Baseline, check: func(string) error { return absPath("baseline", &f.Baseline) }}, "baseline", "baseline file whose findings are not reported (lint-lua --write-baseline writes one); go vet runs the tool in each package's directory: give an absolute path (default: baseline: from the configuration)")
	add(&ruleListFlag{&f.Enable, o.rules}, "enable", "comma-separated rule IDs to turn on, over a configuration that turns them off")
	add(&ruleListFlag{&f.Disable, o.rules}, "disable", "comma-separated rule IDs not to report (wins over -enable and -only)")
	add(&ruleListFlag{&f.Only, o.rules}, "only", "comma-separated rule IDs: report only these rules (default: all)")
	add(&ruleSeverityFlag{&f.Severity, o.rules}, "rule-severity", "comma-separated RULE=error|warning|info severity overrides")
	fs.Var(&o.maxFileSize, "max-file-size", "largest script linted, such as 512KiB, 4MiB or 4MB; a larger one is reported, not linted")
}

// resetting is a flag whose setting drops the settings resolved before.
type resetting struct {
	flag.Value
	o *options
}

func (r *resetting) String() string {
	if r == nil || r.Value == nil {
		return ""
	}
	return r.Value.String()
}

func (r *resetting) Set(v string) error {
	r.o.resolved.Clear()
	return r.Value.Set(v)
}

// absConfig makes the configuration file's path absolute: the analyzer
// resolves its settings from each package's directory, and a relative
// path is the working directory's.
func (o *options) absConfig() error {
	if o.flags.Config == "" || filepath.IsAbs(o.flags.Config) {
		return nil
	}
	abs, err := filepath.Abs(o.flags.Config)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	o.flags.Config = abs
	return nil
}

// absPath makes the path of a setting absolute: it is the working
// directory's, and the analyzer resolves its settings from each package's
// directory.
func absPath(setting string, p *string) error {
	if *p == "" || filepath.IsAbs(*p) {
		return nil
	}
	abs, err := filepath.Abs(*p)
	if err != nil {
		return fmt.Errorf("%s: %w", setting, err)
	}
	*p = abs
	return nil
}

// check checks the flags without reading a configuration.
func (o *options) check() (*settings.Settings, error) {
	f := o.flags
	f.NoConfig = true
	return settings.Resolve(o.rules, "", f)
}

// settingsFor resolves the settings for the package in dir, once per
// directory.
func (o *options) settingsFor(dir string) (*settings.Settings, error) {
	v, _ := o.resolved.LoadOrStore(dir, &resolvedOrErr{})
	r := v.(*resolvedOrErr)
	r.once.Do(func() { r.set, r.err = settings.Resolve(o.rules, dir, o.flags) })
	return r.set, r.err
}

// resolved is what one run of the analyzer on one package reads: the
// settings, and each file's view of them.
type resolved struct {
	cat *lint.Catalogue
	set *settings.Settings
	// target is the package's server (its directory's), which the
	// call-site checks read; a script is linted for its own file's.
	target target.Target
	// modelOptions build the call-site checks' models for the target, as
	// the Lua engine builds its own.
	modelOptions model.Options
	minSeverity  diag.Severity
	// baseline holds the findings not reported, when there is one.
	baseline    *baseline.Baseline
	goFilesOnly bool
	maxFileSize int
	// files caches the rule settings by file name.
	files map[string]lint.Settings
}

// resolve returns the settings of the package pass analyzes.
func (o *options) resolve(pass *analysis.Pass) (*resolved, error) {
	dir := ""
	if len(pass.Files) > 0 {
		if tf := pass.Fset.File(pass.Files[0].Pos()); tf != nil {
			dir = filepath.Dir(tf.Name())
		}
	}
	set, err := o.settingsFor(dir)
	if err != nil {
		return nil, err
	}
	r := &resolved{
		cat:         o.rules,
		set:         set,
		target:      set.Target(dir),
		minSeverity: set.MinSeverity,
		goFilesOnly: o.goFilesOnly,
		maxFileSize: int(o.maxFileSize),
		files:       map[string]lint.Settings{},
	}
	if r.minSeverity == 0 {
		r.minSeverity = diag.SeverityWarning
	}
	if set.Baseline != "" {
		if r.baseline, err = o.baseline(set.Baseline); err != nil {
			return nil, err
		}
	}
	r.modelOptions = model.Options{ServerAlias: r.target.ServerAlias(), Lookup: r.target.Lookup}
	return r, nil
}

// rules are the rule settings of the file named file.
func (r *resolved) rules(file string) lint.Settings {
	ls, ok := r.files[file]
	if !ok {
		ls = r.set.Rules(file)
		r.files[file] = ls
	}
	return ls
}

// fileAt is the name of the file that holds pos.
func fileAt(pass *analysis.Pass, pos token.Pos) string {
	if tf := pass.Fset.File(pos); tf != nil {
		return tf.Name()
	}
	return ""
}

// severityOf is the severity rule is set to in file: its override, or its
// default.
func (r *resolved) severityOf(file, rule string) diag.Severity {
	_, sev := r.set.Rule(r.rules(file), rule)
	return sev
}

// fixed reports whether rule's severity is configured in file: then every
// finding of it shows that severity.
func (r *resolved) fixed(file, rule string) bool {
	return settings.Fixed(r.rules(file), rule)
}

// off reports whether rule is turned off in file.
func (r *resolved) off(file, rule string) bool {
	on, _ := r.set.Rule(r.rules(file), rule)
	return !on
}

// reports says whether a finding of rule in file may be reported: the file
// is not excluded, the rule is on and its severity, as set, is not below
// the minimum. A Lua finding of lower severity than its rule's
// (ReportLower) is filtered before.
func (r *resolved) reports(file, rule string) bool {
	if r.set.Excluded(file) {
		return false
	}
	on, sev := r.set.Rule(r.rules(file), rule)
	return on && sev >= r.minSeverity
}

// checked is a string flag whose value is checked when set.
type checked struct {
	p     *string
	def   string // shown when not set
	check func(string) error
}

func (c *checked) String() string {
	if c == nil || c.p == nil {
		return ""
	}
	if *c.p == "" {
		return c.def
	}
	return *c.p
}

func (c *checked) Set(v string) error {
	old := *c.p
	*c.p = v
	if v == "" {
		return nil
	}
	if err := c.check(v); err != nil {
		*c.p = old
		return err
	}
	return nil
}

func checkSeverity(v string) error { _, err := diag.ParseSeverity(v); return err }

// modulesFlag is -modules: the modules the target loads, when set.
type modulesFlag struct{ f *settings.Flags }

func (m *modulesFlag) String() string {
	if m == nil || m.f == nil {
		return ""
	}
	return strings.Join(m.f.Modules, ",")
}

func (m *modulesFlag) Set(s string) error {
	names := []string{}
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if _, err := target.ParseModules(names); err != nil {
		return err
	}
	m.f.Modules, m.f.ModulesSet = names, true
	return nil
}

// ruleListFlag is a list of rule IDs; setting it replaces the list.
type ruleListFlag struct {
	p   *[]string
	cat *lint.Catalogue
}

func (l *ruleListFlag) String() string {
	if l == nil || l.p == nil {
		return ""
	}
	ids := slices.Clone(*l.p)
	sort.Strings(ids)
	return strings.Join(ids, ",")
}

func (l *ruleListFlag) Set(s string) error {
	var ids []string
	for _, id := range strings.Split(s, ",") {
		if id = strings.TrimSpace(id); id == "" {
			continue
		}
		if err := settings.KnownRule(l.cat, id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	*l.p = ids
	return nil
}

// ruleSeverityFlag maps rule IDs to the severity they are reported at;
// setting it replaces the map.
type ruleSeverityFlag struct {
	p   *map[string]string
	cat *lint.Catalogue
}

func (m *ruleSeverityFlag) String() string {
	if m == nil || m.p == nil {
		return ""
	}
	var parts []string
	for id, sev := range *m.p {
		parts = append(parts, id+"="+sev)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (m *ruleSeverityFlag) Set(s string) error {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, sev, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("%q: want RULE=error|warning|info", part)
		}
		id, sev = strings.TrimSpace(id), strings.TrimSpace(sev)
		if err := settings.KnownRule(m.cat, id); err != nil {
			return err
		}
		if _, err := diag.ParseSeverity(sev); err != nil {
			return fmt.Errorf("rule %s: %w", id, err)
		}
		out[id] = sev
	}
	*m.p = out
	return nil
}
