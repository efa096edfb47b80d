package analyzer

import (
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis"
)

// Settings configure an analyzer made by New. The zero value is what
// Analyzer does without flags: every rule, the newest Redis the command
// table knows with the modules it bundles, errors and warnings reported.
type Settings struct {
	// Target is the server the scripts run on: redis, redis-7.2,
	// valkey-8.0, upstash... (target.Parse; target.Names lists them). The
	// rules read its commands, sandbox, shebang flags and error texts.
	// Empty means the newest Redis.
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
	// Enable, when not empty, lists the only rules reported (every rule is
	// on by default, so naming rules here turns the others off).
	Enable []string
	// Disable lists rules that are not reported. It wins over Enable.
	Disable []string
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
}

// New returns an analyzer that runs with settings s, for programs that
// embed lint-lua's analyzer (a golangci-lint plugin, a multichecker). The
// settings are checked: an unknown rule ID, Redis version or severity is an
// error naming it. The analyzer has the same flags as Analyzer, which start
// from s.
func New(s Settings) (*analysis.Analyzer, error) {
	o := defaultOptions()
	if s.RedisVersion != "" {
		if err := o.redisVersionFlag().Set(s.RedisVersion); err != nil {
			return nil, fmt.Errorf("redis version: %w", err)
		}
	}
	if s.Target != "" {
		if err := o.targetFlag().Set(s.Target); err != nil {
			return nil, fmt.Errorf("target: %w", err)
		}
	}
	if s.Modules != nil {
		if err := o.modules.set(s.Modules); err != nil {
			return nil, fmt.Errorf("modules: %w", err)
		}
	}
	if err := o.enable.add("enable", s.Enable); err != nil {
		return nil, err
	}
	if err := o.disable.add("disable", s.Disable); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(s.Severity))
	for id := range s.Severity {
		ids = append(ids, id)
	}
	sort.Strings(ids) // the first bad one reported is always the same
	for _, id := range ids {
		if err := o.ruleSeverity.set(id, s.Severity[id]); err != nil {
			return nil, fmt.Errorf("severity: %w", err)
		}
	}
	if s.MinSeverity != "" {
		if err := o.minSeverity.Set(s.MinSeverity); err != nil {
			return nil, fmt.Errorf("min severity: %w", err)
		}
	}
	o.goFilesOnly = s.GoFilesOnly
	if s.MaxFileSize < 0 {
		return nil, fmt.Errorf("max file size: %d is negative", s.MaxFileSize)
	}
	if s.MaxFileSize > 0 {
		o.maxFileSize = sizeFlag(s.MaxFileSize)
	}
	return newAnalyzer(o), nil
}

// options are an analyzer's settings as flag values, so that go vet
// -vettool can set them and New can start them from Settings.
type options struct {
	server       serverFlags
	modules      modulesFlag
	enable       ruleListFlag
	disable      ruleListFlag
	ruleSeverity ruleSeverityFlag
	minSeverity  severityFlag
	goFilesOnly  bool // set by New only: no tool that takes flags needs it
	maxFileSize  sizeFlag
}

// defaultMaxFileSize is lint-lua's --max-file-size default: real scripts
// are a few KB, and a MiB lints in seconds (internal/cli/filesize.go).
const defaultMaxFileSize = 1 << 20

func defaultOptions() *options {
	return &options{minSeverity: severityFlag(diag.SeverityWarning), ruleSeverity: ruleSeverityFlag{}, maxFileSize: defaultMaxFileSize}
}

func (o *options) register(fs *flag.FlagSet) {
	fs.Var(&o.minSeverity, "severity", "lowest severity of findings to report: error|warning|info")
	fs.Var(o.targetFlag(), "target", "server the scripts run on: "+strings.Join(target.Names(), ", ")+", or a server with -major.minor[.patch] (default: the newest Redis)")
	fs.Var(&o.modules, "modules", "comma-separated modules the target loads: json, search, timeseries, bloom (default: all four on Redis 8.0 and later, json on Upstash, none elsewhere; empty for none)")
	fs.Var(o.redisVersionFlag(), "redis-version", "Redis version the scripts run on, such as 7.0 or 6.2.14: the target redis-<version> (not with -target)")
	fs.Var(&o.enable, "enable", "comma-separated rule IDs: report only these rules (default: all)")
	fs.Var(&o.disable, "disable", "comma-separated rule IDs not to report (wins over -enable)")
	fs.Var(&o.ruleSeverity, "rule-severity", "comma-separated RULE=error|warning|info severity overrides")
	fs.Var(&o.maxFileSize, "max-file-size", "largest script linted, in bytes or with KiB or MiB; a larger one is reported, not linted")
}

// resolved is what one run of the analyzer reads: the options turned into
// the Lua engine's settings and a test per rule.
type resolved struct {
	target target.Target
	// modelOptions build the call-site checks' models for the target, as
	// the Lua engine builds its own.
	modelOptions model.Options
	minSeverity  diag.Severity
	// lua is given to the Lua engine: the rules turned off, and the
	// severities changed.
	lua lint.Settings
	// off are the rules not reported, severity the overridden severities.
	off         map[string]bool
	severity    map[string]diag.Severity
	goFilesOnly bool
	maxFileSize int
}

func (o *options) resolve() *resolved {
	r := &resolved{
		target:      o.target(),
		minSeverity: diag.Severity(o.minSeverity),
		lua:         lint.Settings{},
		off:         map[string]bool{},
		severity:    map[string]diag.Severity{},
		goFilesOnly: o.goFilesOnly,
		maxFileSize: int(o.maxFileSize),
	}
	r.modelOptions = model.Options{ServerAlias: r.target.ServerAlias(), Lookup: r.target.Lookup}
	for id, sev := range o.ruleSeverity {
		r.severity[id] = sev
	}
	for _, rule := range rules.All() {
		id := rule.ID
		switch {
		case o.disable[id], len(o.enable) > 0 && !o.enable[id]:
			r.off[id] = true
			r.lua[id] = lint.Setting{Enabled: false}
		case r.severity[id] != 0:
			r.lua[id] = lint.Setting{Enabled: true, Severity: r.severity[id]}
		}
	}
	return r
}

// severityOf is the severity rule is set to: its override, or its default.
func (r *resolved) severityOf(rule string) diag.Severity {
	if sev := r.severity[rule]; sev != 0 {
		return sev
	}
	if rr := rules.ByID(rule); rr != nil {
		return rr.Severity
	}
	return 0
}

// reports says whether a finding of rule may be reported: the rule is on
// and its severity, as set, is not below the minimum. A Lua finding of
// lower severity than its rule's (ReportLower) is filtered before.
func (r *resolved) reports(rule string) bool {
	if r.off[rule] {
		return false
	}
	sev, ok := r.severity[rule]
	if !ok {
		if rr := rules.ByID(rule); rr != nil {
			sev = rr.Severity
		} else {
			return true
		}
	}
	return sev >= r.minSeverity
}

type severityFlag diag.Severity

func (s *severityFlag) String() string { return diag.Severity(*s).String() }

func (s *severityFlag) Set(v string) error {
	sev, err := diag.ParseSeverity(v)
	if err != nil {
		return err
	}
	*s = severityFlag(sev)
	return nil
}

// serverFlags are -target and -redis-version, one setting under two
// names: each is refused once the other is set.
type serverFlags struct {
	target, redisVersion string
	parsed               target.Target
}

// serverFlag is one of the two names of serverFlags; version is
// -redis-version, which takes a plain Redis version only.
type serverFlag struct {
	s       *serverFlags
	version bool
}

func (o *options) targetFlag() *serverFlag       { return &serverFlag{s: &o.server} }
func (o *options) redisVersionFlag() *serverFlag { return &serverFlag{s: &o.server, version: true} }

func (f *serverFlag) String() string {
	if f == nil || f.s == nil {
		return ""
	}
	if f.version {
		return f.s.redisVersion
	}
	return f.s.target
}

func (f *serverFlag) Set(v string) error {
	if f.version {
		if v != "" {
			if err := config.CheckRedisVersion(v); err != nil {
				return err
			}
		}
		if v != "" && f.s.target != "" {
			return fmt.Errorf("-redis-version %s with -target %s: use -target alone (-redis-version 7.2 is -target redis-7.2)", v, f.s.target)
		}
		f.s.redisVersion = v
	} else {
		if v != "" && f.s.redisVersion != "" {
			return fmt.Errorf("-target %s with -redis-version %s: use -target alone (-redis-version 7.2 is -target redis-7.2)", v, f.s.redisVersion)
		}
		f.s.target = v
	}
	t, err := target.Parse(v)
	if err != nil {
		return err
	}
	f.s.parsed = t
	if v == "" && (f.s.target != "" || f.s.redisVersion != "") {
		// Clearing one name leaves the other's value.
		f.s.parsed, _ = target.Parse(f.s.target + f.s.redisVersion)
	}
	return nil
}

// modulesFlag is -modules: the modules the target loads, when set.
type modulesFlag struct {
	names []string
	mods  []redisdb.Module
	isSet bool
}

func (m *modulesFlag) String() string { return strings.Join(m.names, ",") }

func (m *modulesFlag) Set(s string) error {
	var names []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return m.set(names)
}

func (m *modulesFlag) set(names []string) error {
	mods, err := target.ParseModules(names)
	if err != nil {
		return err
	}
	m.names, m.mods, m.isSet = names, mods, true
	return nil
}

// target is the target the flags name.
func (o *options) target() target.Target {
	t := o.server.parsed
	if o.modules.isSet {
		t = t.WithModules(o.modules.mods)
	}
	return t
}

// sizeFlag is a number of bytes, with an optional KiB or MiB.
type sizeFlag int64

func (s *sizeFlag) String() string { return strconv.FormatInt(int64(*s), 10) }

func (s *sizeFlag) Set(v string) error {
	t, mult := strings.TrimSpace(v), int64(1)
	if n, ok := strings.CutSuffix(t, "KiB"); ok {
		t, mult = n, 1<<10
	} else if n, ok := strings.CutSuffix(t, "MiB"); ok {
		t, mult = n, 1<<20
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n < 1 || n > (1<<40)/mult {
		return fmt.Errorf("%q is not a size (a positive number of bytes, or with KiB or MiB)", v)
	}
	*s = sizeFlag(n * mult)
	return nil
}

// ruleListFlag is a set of rule IDs; setting it replaces the set.
type ruleListFlag map[string]bool

func (l *ruleListFlag) String() string {
	ids := make([]string, 0, len(*l))
	for id := range *l {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return strings.Join(ids, ",")
}

func (l *ruleListFlag) Set(s string) error {
	*l = nil
	return l.add("", strings.Split(s, ","))
}

func (l *ruleListFlag) add(what string, ids []string) error {
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		if err := knownRule(id); err != nil {
			if what != "" {
				return fmt.Errorf("%s: %w", what, err)
			}
			return err
		}
		if *l == nil {
			*l = ruleListFlag{}
		}
		(*l)[id] = true
	}
	return nil
}

// ruleSeverityFlag maps rule IDs to the severity they are reported at;
// setting it replaces the map.
type ruleSeverityFlag map[string]diag.Severity

func (m *ruleSeverityFlag) String() string {
	var parts []string
	for id, sev := range *m {
		parts = append(parts, id+"="+sev.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (m *ruleSeverityFlag) Set(s string) error {
	*m = ruleSeverityFlag{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, sev, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("%q: want RULE=error|warning|info", part)
		}
		if err := m.set(strings.TrimSpace(id), strings.TrimSpace(sev)); err != nil {
			return err
		}
	}
	return nil
}

func (m *ruleSeverityFlag) set(id, sev string) error {
	if err := knownRule(id); err != nil {
		return err
	}
	s, err := diag.ParseSeverity(sev)
	if err != nil {
		return fmt.Errorf("rule %s: %w", id, err)
	}
	(*m)[id] = s
	return nil
}

func knownRule(id string) error {
	if rules.ByID(id) == nil {
		return fmt.Errorf("unknown rule %q (see 'lint-lua rules')", id)
	}
	return nil
}
