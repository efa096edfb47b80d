// Package config reads .lint-lua.yaml: per-rule severities, enablement and
// options, paths to exclude, the server the scripts run on (target and
// modules), the languages linted and the script APIs of the user's own,
// and overrides for files matching globs.
// Loading is strict, because a misspelt rule ID or key that is silently
// ignored leaves a user believing a check runs when it does not; every
// problem is reported as PATH:LINE:COL so an editor can jump to it.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/diskfile"
	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
	"go.yaml.in/yaml/v3"
)

// FileNames are the names Find looks for, in order of preference.
var FileNames = []string{".lint-lua.yaml", ".lint-lua.yml"}

// Config is a loaded configuration file. A nil *Config is valid and means
// no configuration: no rule settings and nothing excluded.
type Config struct {
	// Path is the file the configuration was read from.
	Path string
	// Dir is the absolute directory that patterns and Rel are relative to:
	// the directory holding the file.
	Dir string
	// Rules is the base rules section.
	Rules map[string]RuleSetting
	// Exclude holds glob patterns of files and directories not to lint.
	Exclude []string
	// Include holds glob patterns of .lua files (and directories of them)
	// linted as Redis scripts whatever their text shows: by default a .lua
	// file is linted only when it shows it is one (luasrc.RedisEvidence).
	// Patterns mean what Exclude's mean; an excluded file stays excluded.
	Include []string
	// AllLua is all_lua: every .lua file is linted as a Redis script, as
	// --all-lua says.
	AllLua bool
	// Pos holds where each top-level key's value is written,
	// "PATH:LINE:COL", for lint-lua --show-config; RulePos where each
	// rule's setting is, by rule ID in rules: and by "overrides[i].ID" in
	// an override (RuleSource).
	Pos, RulePos map[string]string
	// Overrides apply in order to files matching their globs; later ones win.
	Overrides []Override
	// RedisVersion is redis_version: the Redis version the scripts run on
	// ("7.0", "7.0.15"), empty when not set. It is the target
	// redis-<version>, and Server.Target holds it parsed.
	RedisVersion string
	// Server is what target: (or redis_version:) and modules: say of the
	// server the scripts run on; TargetFor adds the overrides.
	Server Server
	// Includes says whether `--- @include "file"` directives are resolved
	// as BullMQ's script loader does: each script is linted as assembled,
	// with findings reported in the fragment that holds the line. It is
	// true unless the file says includes: false: a fragment linted alone
	// reads its includer's names as undefined globals, a false error on
	// every fragment of a repository that uses the directive.
	Includes bool
	// Languages is languages: the languages a directory run lints ("lua"
	// and the host languages of the Languages list); nil when not set,
	// which lints every one.
	Languages []string
	// ScriptAPIs is script_apis: the functions and methods of the user's
	// own that receive a script, in host-language files.
	ScriptAPIs []ScriptAPI
	// Cluster is cluster: whether the scripts run on Redis Cluster; nil
	// when not set, and then the evidence in each script decides (a {hash
	// tag} in its key names): the cluster rules' findings are info on a
	// script that nothing suggests will run on a cluster.
	Cluster *bool
	// RequireReason is require_reason: an ignore comment without a
	// reason is then an invalid-ignore finding.
	RequireReason bool
	// Baseline is baseline: the baseline file (package baseline) whose
	// findings are not reported, made absolute from the configuration's
	// directory; empty when not set.
	Baseline string
}

// Override changes rule settings, and the target, for the files that
// match Files.
type Override struct {
	Files  []string
	Rules  map[string]RuleSetting
	Server Server
	// Pos holds where each key's value is written, "PATH:LINE:COL".
	Pos map[string]string
}

// Server is what a configuration (or an override) says of the server the
// scripts run on. A field not set leaves the default, or an earlier
// setting, alone.
type Server struct {
	// Target is target: parsed (redis_version: at the top level is the
	// target redis-<version>); TargetSet says it was given.
	Target    target.Target
	TargetSet bool
	// Modules is modules: (an empty list loads none); ModulesSet says it
	// was given.
	Modules    []redisdb.Module
	ModulesSet bool
}

// Set reports whether the configuration says anything of the server.
func (s Server) Set() bool { return s.TargetSet || s.ModulesSet }

// Over returns s with the fields that o sets replaced by o's.
func (s Server) Over(o Server) Server {
	if o.TargetSet {
		s.Target, s.TargetSet = o.Target, true
	}
	if o.ModulesSet {
		s.Modules, s.ModulesSet = o.Modules, true
	}
	return s
}

// Resolve is the target s describes: its target (the default, the newest
// Redis, when not set) with its modules when set.
func (s Server) Resolve() target.Target {
	t := s.Target
	if s.ModulesSet {
		t = t.WithModules(s.Modules)
	}
	return t
}

// RuleSetting is what the configuration says about one rule; a nil field
// leaves the rule's default (or an earlier setting) alone.
type RuleSetting struct {
	Enabled  *bool
	Severity *diag.Severity
	Options  map[string]any
	// OptionPos holds where each option's value is written, "PATH:LINE:COL",
	// for the errors that checking it against the rule finds.
	OptionPos map[string]string
}

// MaxSize is the largest configuration file read: a thousand times a
// large one.
const MaxSize = 1 << 20

// Find walks up from startDir and returns the first configuration file
// found, or "" when there is none. The walk stops at the root of the
// repository (the first directory holding .git), at the user's home
// directory, and before a directory anyone may write to (the system's
// temporary directory), having looked there for the first two only: a
// .lint-lua.yaml planted above the project must not change its runs, as
// ruff and eslint stop there too. A configuration that is there but
// cannot be read (a dangling or looping symbolic link) is an error, not
// a reason to use one further up.
func Find(startDir string) (string, error) {
	return (&Finder{}).Find(startDir)
}

// Finder is Find for many folders of one tree: it remembers what it found
// from each folder it has looked at, so that a folder whose parent was
// searched costs the look at its own configuration names, not a walk to
// the repository's root (a run over Redisson's 1,117 folders made 43,568
// stat calls, 32,415 of them for names that were not there). The result
// for a folder is the same as Find's. A Finder may be used by several
// goroutines; its zero value is ready.
type Finder struct {
	mu   sync.Mutex
	home *string
	// start is what a walk that starts at a folder finds, above what a
	// walk from below finds on reaching it (nothing when anyone may write
	// to the folder).
	start, above map[string]found
}

type found struct {
	path string
	err  error
}

// Find is config.Find with the answers of earlier calls remembered.
func (f *Finder) Find(startDir string) (string, error) {
	dir, err := filepath.Abs(startDir)
	if err != nil {
		return "", fmt.Errorf("find config: %w", err)
	}
	r := f.from(dir, true)
	return r.path, r.err
}

// from is what a walk finds from dir: a walk that starts there (first), or
// one that comes up to it from below.
func (f *Finder) from(dir string, first bool) found {
	f.mu.Lock()
	if f.home == nil {
		home, _ := os.UserHomeDir()
		f.home = &home
		f.start, f.above = map[string]found{}, map[string]found{}
	}
	memo := f.start
	if !first {
		memo = f.above
	}
	r, ok := memo[dir]
	home := *f.home
	f.mu.Unlock()
	if ok {
		return r
	}
	r = f.walk(dir, first, home)
	f.mu.Lock()
	memo[dir] = r
	f.mu.Unlock()
	return r
}

// walk is one step of Find's walk, at dir, and the rest of the walk from
// dir's parent.
func (f *Finder) walk(dir string, first bool, home string) found {
	if !first {
		// Not above the working directory into one anyone may write.
		if fi, err := os.Stat(dir); err == nil && fi.Mode().Perm()&0o002 != 0 {
			return found{}
		}
		return f.from(dir, true)
	}
	for _, name := range FileNames {
		p := filepath.Join(dir, name)
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			return found{err: fmt.Errorf("%s: %w", p, unwrapPath(err))}
		}
		if !fi.IsDir() {
			return found{path: p}
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil || (home != "" && dir == home) {
		return found{}
	}
	parent := filepath.Dir(dir)
	if parent == dir {
		return found{}
	}
	return f.from(parent, false)
}

// unwrapPath drops the path an *fs.PathError repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, syscall.ELOOP) {
			return errors.New("a symbolic link loop")
		}
		if errors.Is(pe.Err, fs.ErrNotExist) {
			return errors.New("a symbolic link to nothing")
		}
		return pe.Err
	}
	return err
}

// Load reads and parses the configuration file at path. known reports
// whether a rule ID exists; nil accepts every ID.
func Load(path string, known func(ruleID string) bool) (*Config, error) {
	// Only a regular file, and not a huge one: a configuration that is a
	// named pipe hung the run, one linked to /dev/zero exhausted memory.
	data, _, err := diskfile.Read(path, MaxSize)
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", path, err)
	}
	return Parse(path, data, known)
}

// Parse parses configuration text; path names it in errors and sets the
// directory patterns are relative to. All problems found are returned
// together, one "PATH:LINE:COL: problem" per line.
func Parse(path string, data []byte, known func(string) bool) (*Config, error) {
	c := &Config{Path: path, Rules: map[string]RuleSetting{}, Includes: true}
	dir := "."
	if path != "" {
		dir = filepath.Dir(path)
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	c.Dir = dir

	root, err := decode(path, data)
	if err != nil {
		return nil, err
	}
	c.RulePos = map[string]string{}
	p := &parser{path: path, known: known, dir: dir, rulePos: c.RulePos}
	if root != nil {
		p.top(c, root)
	}
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	return c, nil
}

var (
	yamlLineErr   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: line (\d+): (.*)$`) })
	yamlAnchorErr = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`) })
)

// decode returns the root node of the single YAML document in data, or nil
// for an empty document.
func decode(path string, data []byte) (*yaml.Node, error) {
	if err := checkText(data); err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, nil
		}
		return nil, yamlError(path, data, err)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == nil:
		return nil, fmt.Errorf("%s:%d:%d: only one YAML document is allowed", path, extra.Line, extra.Column)
	case err != io.EOF:
		return nil, yamlError(path, data, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, nil
	}
	root := resolve(doc.Content[0])
	if isNull(root) {
		return nil, nil
	}
	return root, nil
}

// yamlError turns the YAML library's "yaml: line N: msg" into
// "PATH:N: msg", and finds the line of an unknown alias, which the library
// does not give.
func yamlError(path string, data []byte, err error) error {
	msg := err.Error()
	if m := yamlLineErr().FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s:%s: %s", path, m[1], m[2])
	}
	if m := yamlAnchorErr().FindStringSubmatch(msg); m != nil {
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			line := bytes.Count(data[:i], []byte("\n")) + 1
			col := utf8.RuneCount(data[bytes.LastIndexByte(data[:i], '\n')+1:i]) + 1
			return fmt.Errorf("%s:%d:%d: unknown anchor %q", path, line, col, m[1])
		}
	}
	return fmt.Errorf("%s: %s", path, strings.TrimPrefix(msg, "yaml: "))
}

// checkText finds the bytes the YAML library rejects without saying where:
// invalid UTF-8 and control characters.
func checkText(data []byte) error {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return fmt.Errorf("%d:%d: invalid UTF-8 (the file must be UTF-8 text)", line, col)
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f:
			return fmt.Errorf("%d:%d: control character %U is not allowed", line, col, r)
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return nil
}

type parser struct {
	// rulePos is Config.RulePos, and rulePrefix the prefix of the rules
	// section being read ("" or "overrides[i].").
	rulePos    map[string]string
	rulePrefix string
	path       string
	known      func(string) bool
	errs       []error
	// dir is the absolute directory patterns are relative to.
	dir string
}

// checkAbsolute refuses a pattern written as an absolute path: patterns
// are relative to the configuration's directory (a leading "/" anchors
// one there), so "/home/me/app/gen" or "C:\\app\\gen" would match nothing,
// silently. A leading "/" followed by the configuration's own directory
// is such a path, as are a drive letter and "~".
func (p *parser) checkAbsolute(pat string) error {
	rel := func() string {
		if p.dir == "" || p.dir == "/" {
			return ""
		}
		if r, err := filepath.Rel(p.dir, filepath.FromSlash(pat)); err == nil && !strings.HasPrefix(r, "..") {
			return "/" + filepath.ToSlash(r)
		}
		return ""
	}
	switch {
	case strings.HasPrefix(pat, "~"):
		return fmt.Errorf("%q is a path in a home directory: patterns are relative to the configuration's directory", pat)
	case len(pat) >= 3 && pat[1] == ':' && (pat[2] == '\\' || pat[2] == '/'):
		return fmt.Errorf("%q is an absolute path: patterns are relative to the configuration's directory", pat)
	case strings.HasPrefix(pat, "/"):
		if r := rel(); r != "" {
			return fmt.Errorf("%q is an absolute path: patterns are relative to the configuration's directory; write %q", pat, r)
		}
	}
	return nil
}

// pos is where n is written, "PATH:LINE:COL".
func (p *parser) pos(n *yaml.Node) string {
	return fmt.Sprintf("%s:%d:%d", p.path, n.Line, n.Column)
}

func (p *parser) errorf(n *yaml.Node, format string, args ...any) {
	p.errs = append(p.errs, fmt.Errorf("%s:%d:%d: %s", p.path, n.Line, n.Column, fmt.Sprintf(format, args...)))
}

var topKeys = []string{"rules", "exclude", "include", "all_lua", "overrides", "target", "modules", "redis_version", "includes", "languages", "script_apis", "cluster", "baseline", "require_reason"}

func (p *parser) top(c *Config, root *yaml.Node) {
	if root.Kind != yaml.MappingNode {
		p.errorf(root, "want a mapping with the keys %s, got %s", strings.Join(topKeys, ", "), kindName(root))
		return
	}
	var targetKey, versionKey *yaml.Node
	c.Pos = map[string]string{}
	p.mapping(root, func(key string, k, v *yaml.Node) {
		c.Pos[key] = p.pos(v)
		switch key {
		case "rules":
			c.Rules = p.rules(v)
		case "exclude":
			c.Exclude = p.patterns("exclude", v, false)
		case "include":
			c.Include = p.patterns("include", v, false)
		case "all_lua":
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
				p.errorf(v, "all_lua: want true or false, got %s", describe(v))
				return
			}
			_ = v.Decode(&c.AllLua) // a !!bool scalar always decodes
		case "overrides":
			c.Overrides = p.overrides(v)
		case "target":
			targetKey = k
			c.Server.Target, c.Server.TargetSet = p.target("target", v)
		case "modules":
			c.Server.Modules, c.Server.ModulesSet = p.modules("modules", v)
		case "redis_version":
			versionKey = k
			c.RedisVersion = p.redisVersion(v)
			if c.RedisVersion != "" && targetKey == nil {
				// A plain version is Redis's (target.Parse), as
				// redis_version has always meant.
				c.Server.Target, c.Server.TargetSet = target.MustParse(c.RedisVersion), true
			}
		case "includes":
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
				p.errorf(v, "includes: want true or false, got %s", describe(v))
				return
			}
			_ = v.Decode(&c.Includes) // a !!bool scalar always decodes
		case "cluster":
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
				p.errorf(v, "cluster: want true or false, got %s", describe(v))
				return
			}
			var b bool
			_ = v.Decode(&b) // a !!bool scalar always decodes
			c.Cluster = &b
		case "require_reason":
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
				p.errorf(v, "require_reason: want true or false, got %s", describe(v))
				return
			}
			_ = v.Decode(&c.RequireReason) // a !!bool scalar always decodes
		case "baseline":
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!str" || v.Value == "" {
				p.errorf(v, "baseline: want a file name, got %s", describe(v))
				return
			}
			c.Baseline = filepath.Join(c.Dir, filepath.FromSlash(v.Value))
			if filepath.IsAbs(v.Value) {
				c.Baseline = v.Value
			}
		case "languages":
			c.Languages = p.languages(v)
		case "script_apis":
			c.ScriptAPIs = p.scriptAPIs(v)
		default:
			p.errorf(k, "unknown key %q (valid: %s)", key, strings.Join(topKeys, ", "))
		}
	})
	if targetKey != nil && versionKey != nil {
		later := targetKey
		if versionKey.Line > targetKey.Line || (versionKey.Line == targetKey.Line && versionKey.Column > targetKey.Column) {
			later = versionKey
		}
		p.errorf(later, "target and redis_version are both set: keep target (redis_version: 7.2 is target: redis-7.2)")
	}
}

// target reads a target: redis, redis-7.2, valkey-8.0, upstash, or a plain
// Redis version (target.Parse). YAML reads 7.2 as a number; its text is
// what counts.
func (p *parser) target(what string, n *yaml.Node) (target.Target, bool) {
	if n.Kind != yaml.ScalarNode || isNull(n) || n.ShortTag() == "!!bool" {
		p.errorf(n, "%s: want a target such as redis-7.2, valkey-8.0 or upstash (%s), got %s", what, strings.Join(target.Names(), ", "), describe(n))
		return target.Target{}, false
	}
	t, err := target.Parse(n.Value)
	if err != nil {
		p.errorf(n, "%s: %v", what, err)
		return target.Target{}, false
	}
	return t, true
}

// modules reads a list of module names (json, search, timeseries, bloom).
func (p *parser) modules(what string, n *yaml.Node) ([]redisdb.Module, bool) {
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "%s: want a list of modules such as [json, search], got %s", what, describe(n))
		return nil, false
	}
	out := []redisdb.Module{}
	ok := true
	for _, item := range n.Content {
		item = resolve(item)
		if item.Kind != yaml.ScalarNode || item.ShortTag() != "!!str" {
			p.errorf(item, "%s: want a module name, got %s", what, describe(item))
			ok = false
			continue
		}
		mods, err := target.ParseModules([]string{item.Value})
		if err != nil {
			p.errorf(item, "%s: %v", what, err)
			ok = false
			continue
		}
		out = append(out, mods...)
	}
	return out, ok
}

// versionRE is a Redis version: major.minor, optionally .patch.
var versionRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]{1,3}\.[0-9]{1,3}(\.[0-9]{1,3})?$`) })

// majorRE is a bare major version.
var majorRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]{1,3}$`) })

// CheckRedisVersion reports whether s names a Redis version the way the
// configuration and --redis-version take it: "7.0", "7.0.15", "6.2".
func CheckRedisVersion(s string) error {
	_, err := NormalizeRedisVersion(s)
	return err
}

// NormalizeRedisVersion returns the Redis version s names: a bare major
// version, as people write it (--redis-version 7), is major.0.
func NormalizeRedisVersion(s string) (string, error) {
	if majorRE().MatchString(s) {
		s += ".0"
	}
	if !versionRE().MatchString(s) {
		return "", fmt.Errorf("invalid Redis version %q (want major.minor or major.minor.patch, such as 7.0 or 7.0.15)", s)
	}
	return s, nil
}

// redisVersion reads redis_version. YAML reads 6.2 as a number; its text
// is what counts (7.10 stays 7.10).
func (p *parser) redisVersion(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode || isNull(n) {
		p.errorf(n, "redis_version: want a version such as 7.0 or 7.0.15, got %s", describe(n))
		return ""
	}
	v, err := NormalizeRedisVersion(n.Value)
	if err != nil {
		p.errorf(n, "redis_version: %v", err)
		return ""
	}
	return v
}

// mapping calls f for each key of n in order, reporting non-string and
// repeated keys (which the YAML library accepts silently for nodes).
func (p *parser) mapping(n *yaml.Node, f func(key string, k, v *yaml.Node)) {
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.ShortTag() != "!!str" {
			p.errorf(k, "key must be a string, got %s", kindName(k))
			continue
		}
		if prev, dup := seen[k.Value]; dup {
			p.errorf(k, "key %q repeated (first at line %d)", k.Value, prev.Line)
			continue
		}
		seen[k.Value] = k
		f(k.Value, k, v)
	}
}

func (p *parser) rules(n *yaml.Node) map[string]RuleSetting {
	out := map[string]RuleSetting{}
	if isNull(n) {
		return out
	}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "rules: want a mapping from rule ID to setting, got %s", kindName(n))
		return out
	}
	p.mapping(n, func(id string, k, v *yaml.Node) {
		if p.known != nil && !p.known(id) {
			p.errorf(k, "unknown rule %q", id)
			return
		}
		if s, ok := p.rule(id, v); ok {
			p.rulePos[p.rulePrefix+id] = p.pos(v)
			out[id] = s
		}
	})
	return out
}

var ruleKeys = []string{"severity", "enabled", "options"}

// rule reads either the shorthand (off, on, true, false or a severity) or a
// mapping with severity, enabled and options.
func (p *parser) rule(id string, n *yaml.Node) (RuleSetting, bool) {
	var s RuleSetting
	switch n.Kind {
	case yaml.ScalarNode:
		switch tag := n.ShortTag(); {
		case tag == "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				p.errorf(n, "rule %s: %v", id, err)
				return s, false
			}
			s.Enabled = &b
			return s, true
		case tag == "!!str" && strings.EqualFold(n.Value, "off"):
			s.Enabled = boolPtr(false)
			return s, true
		case tag == "!!str" && strings.EqualFold(n.Value, "on"):
			s.Enabled = boolPtr(true)
			return s, true
		case tag == "!!str":
			if sev, err := diag.ParseSeverity(n.Value); err == nil {
				s.Enabled, s.Severity = boolPtr(true), &sev
				return s, true
			}
		}
		got := strconv.Quote(n.Value)
		if isNull(n) {
			got = "nothing"
		}
		p.errorf(n, "rule %s: invalid value %s (want off, on, true, false, error, warning, info or a mapping)", id, got)
		return s, false
	case yaml.MappingNode:
		ok := true
		var enabledSet bool
		p.mapping(n, func(key string, k, v *yaml.Node) {
			switch key {
			case "severity":
				sev, good := p.severity(id, v)
				if !good {
					ok = false
					return
				}
				s.Severity = &sev
			case "enabled":
				if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
					p.errorf(v, "rule %s: enabled: want true or false, got %s", id, describe(v))
					ok = false
					return
				}
				var b bool
				_ = v.Decode(&b) // a !!bool scalar always decodes
				s.Enabled, enabledSet = &b, true
			case "options":
				opts, pos, good := p.options(id, v)
				if !good {
					ok = false
					return
				}
				s.Options, s.OptionPos = opts, pos
			default:
				p.errorf(k, "rule %s: unknown key %q (valid: %s)", id, key, strings.Join(ruleKeys, ", "))
				ok = false
			}
		})
		// Naming a severity asks for the rule to run, as the shorthand
		// does, unless enabled says otherwise.
		if s.Severity != nil && !enabledSet {
			s.Enabled = boolPtr(true)
		}
		return s, ok
	}
	p.errorf(n, "rule %s: want off, on, a severity or a mapping, got %s", id, kindName(n))
	return s, false
}

func (p *parser) severity(id string, n *yaml.Node) (diag.Severity, bool) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		if sev, err := diag.ParseSeverity(n.Value); err == nil {
			return sev, true
		}
	}
	got := describe(n)
	if n.Kind == yaml.ScalarNode {
		got = strconv.Quote(n.Value)
	}
	p.errorf(n, "rule %s: invalid severity %s (want error, warning or info)", id, got)
	return 0, false
}

func (p *parser) options(id string, n *yaml.Node) (map[string]any, map[string]string, bool) {
	if isNull(n) {
		return nil, nil, true
	}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "rule %s: options: want a mapping, got %s", id, kindName(n))
		return nil, nil, false
	}
	out := map[string]any{}
	pos := map[string]string{}
	ok := true
	p.mapping(n, func(key string, k, v *yaml.Node) {
		var val any
		if err := v.Decode(&val); err != nil {
			p.errorf(v, "rule %s: option %s: %v", id, key, err)
			ok = false
			return
		}
		out[key] = val
		pos[key] = fmt.Sprintf("%s:%d:%d", p.path, v.Line, v.Column)
	})
	return out, pos, ok
}

// patterns reads a list of glob patterns; what names the list in errors.
func (p *parser) patterns(what string, n *yaml.Node, required bool) []string {
	if isNull(n) && !required {
		return nil
	}
	if n.Kind != yaml.SequenceNode || (required && len(n.Content) == 0) {
		p.errorf(n, "%s: want a non-empty list of glob patterns, got %s", what, describe(n))
		return nil
	}
	var out []string
	for _, item := range n.Content {
		item = resolve(item)
		if item.Kind != yaml.ScalarNode || item.ShortTag() != "!!str" {
			p.errorf(item, "%s: want a glob pattern string, got %s", what, describe(item))
			continue
		}
		if err := checkPattern(item.Value); err != nil {
			p.errorf(item, "%s: %v", what, err)
			continue
		}
		if err := p.checkAbsolute(item.Value); err != nil {
			p.errorf(item, "%s: %v", what, err)
			continue
		}
		out = append(out, item.Value)
	}
	return out
}

var overrideKeys = []string{"files", "rules", "target", "modules"}

func (p *parser) overrides(n *yaml.Node) []Override {
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "overrides: want a list of {files, rules, target, modules} mappings, got %s", kindName(n))
		return nil
	}
	var out []Override
	for i, item := range n.Content {
		item = resolve(item)
		if item.Kind != yaml.MappingNode {
			p.errorf(item, "overrides[%d]: want a mapping with files and rules, got %s", i, kindName(item))
			continue
		}
		o := Override{Rules: map[string]RuleSetting{}, Pos: map[string]string{}}
		hasFiles := false
		p.mapping(item, func(key string, k, v *yaml.Node) {
			o.Pos[key] = p.pos(v)
			switch key {
			case "files":
				hasFiles = true
				o.Files = p.patterns(fmt.Sprintf("overrides[%d].files", i), v, true)
			case "rules":
				p.rulePrefix = fmt.Sprintf("overrides[%d].", i)
				o.Rules = p.rules(v)
				p.rulePrefix = ""
			case "target":
				o.Server.Target, o.Server.TargetSet = p.target(fmt.Sprintf("overrides[%d].target", i), v)
			case "modules":
				o.Server.Modules, o.Server.ModulesSet = p.modules(fmt.Sprintf("overrides[%d].modules", i), v)
			default:
				p.errorf(k, "overrides[%d]: unknown key %q (valid: %s)", i, key, strings.Join(overrideKeys, ", "))
			}
		})
		if !hasFiles {
			p.errorf(item, "overrides[%d]: files is required", i)
		}
		out = append(out, o)
	}
	return out
}

// ForFile returns the rule settings for one file: the base rules section,
// then each override whose globs match relPath, in order, later ones
// winning field by field (options key by key). relPath is slash-separated
// and relative to the config file's directory (see Rel). The result is the
// caller's to modify.
func (c *Config) ForFile(relPath string) map[string]RuleSetting {
	out := map[string]RuleSetting{}
	if c == nil {
		return out
	}
	merge(out, c.Rules)
	for _, o := range c.Overrides {
		if matchAny(o.Files, relPath) {
			merge(out, o.Rules)
		}
	}
	return out
}

// RuleSource returns where the setting of rule id that ForFile(relPath)
// ends with is written, "PATH:LINE:COL": the last override matching
// relPath that sets the rule, or else the rules section; "" when the
// configuration does not set it.
func (c *Config) RuleSource(id, relPath string) string {
	if c == nil {
		return ""
	}
	src := ""
	if _, ok := c.Rules[id]; ok {
		src = c.RulePos[id]
	}
	for i, o := range c.Overrides {
		if _, ok := o.Rules[id]; ok && matchAny(o.Files, relPath) {
			src = c.RulePos[fmt.Sprintf("overrides[%d].%s", i, id)]
		}
	}
	return src
}

// ServerFor returns what the configuration says of the server one file
// runs on: the top level's target and modules, then each override whose
// globs match relPath, in order, later ones winning field by field. A
// project with both Redis and Valkey scripts sets target: valkey for the
// Valkey ones in an override.
func (c *Config) ServerFor(relPath string) Server {
	if c == nil {
		return Server{}
	}
	s := c.Server
	for _, o := range c.Overrides {
		if o.Server.Set() && matchAny(o.Files, relPath) {
			s = s.Over(o.Server)
		}
	}
	return s
}

// ServerSource returns where the value of key ("target" or "modules") that
// ServerFor(relPath) ends with is written, "PATH:LINE:COL", or "" when the
// configuration does not set it.
func (c *Config) ServerSource(key, relPath string) string {
	if c == nil {
		return ""
	}
	set := func(s Server) bool {
		if key == "modules" {
			return s.ModulesSet
		}
		return s.TargetSet
	}
	src := ""
	if set(c.Server) {
		src = c.Pos[key]
		if key == "target" && src == "" {
			src = c.Pos["redis_version"]
		}
	}
	for _, o := range c.Overrides {
		if set(o.Server) && matchAny(o.Files, relPath) {
			src = o.Pos[key]
		}
	}
	return src
}

func merge(dst, src map[string]RuleSetting) {
	for id, s := range src {
		cur := dst[id]
		if s.Enabled != nil {
			cur.Enabled = boolPtr(*s.Enabled)
		}
		if s.Severity != nil {
			sev := *s.Severity
			cur.Severity = &sev
		}
		if s.Options != nil {
			opts := make(map[string]any, len(cur.Options)+len(s.Options))
			for k, v := range cur.Options {
				opts[k] = v
			}
			for k, v := range s.Options {
				opts[k] = v
			}
			cur.Options = opts
		}
		dst[id] = cur
	}
}

// Excluded reports whether relPath, a file or a directory, is excluded:
// it or one of its parent directories matches an exclude pattern, so a
// walker can skip a whole directory and "vendor" excludes everything in
// any directory called vendor.
func (c *Config) Excluded(relPath string) bool {
	return c != nil && matchPath(c.Exclude, relPath)
}

// Included reports whether include: matches relPath, a file or a
// directory above it, as Excluded matches exclude:.
func (c *Config) Included(relPath string) bool {
	return c != nil && matchPath(c.Include, relPath)
}

// matchPath reports whether relPath or one of its parent directories
// matches one of patterns.
func matchPath(patterns []string, relPath string) bool {
	if len(patterns) == 0 {
		return false
	}
	p := path.Clean(relPath)
	if p == "." || outside(p) {
		return false
	}
	segs := strings.Split(p, "/")
	for i := 1; i <= len(segs); i++ {
		if matchAny(patterns, strings.Join(segs[:i], "/")) {
			return true
		}
	}
	return false
}

func matchAny(patterns []string, relPath string) bool {
	for _, pat := range patterns {
		if Match(pat, relPath) {
			return true
		}
	}
	return false
}

// Rel converts an absolute or working-directory-relative path into the
// slash-separated form, relative to the config file's directory, that
// ForFile and Excluded take. Without a config it is relative to the working
// directory.
func (c *Config) Rel(p string) string {
	var base string
	if c != nil {
		base = c.Dir
	}
	if base == "" {
		wd, err := os.Getwd()
		if err != nil {
			return filepath.ToSlash(filepath.Clean(p))
		}
		base = wd
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.ToSlash(filepath.Clean(p))
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil {
		// Another volume: no relative form exists.
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "nothing"
		case "!!bool":
			return "a boolean"
		case "!!int", "!!float":
			return "a number"
		case "!!str":
			return "a string"
		}
	}
	return "a " + strings.TrimPrefix(n.ShortTag(), "!!")
}

// describe names a node's kind, quoting scalars so the user sees the value.
func describe(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && n.ShortTag() != "!!null" {
		return kindName(n) + " " + strconv.Quote(n.Value)
	}
	return kindName(n)
}

func boolPtr(b bool) *bool { return &b }
