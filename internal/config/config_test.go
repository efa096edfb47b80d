package config

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

var knownRules = map[string]bool{
	"script-too-long": true,
	"undeclared-key":  true,
	"cross-slot":      true,
	"global-write":    true,
}

func known(id string) bool { return knownRules[id] }

const example = `# example
rules:
  script-too-long:
    severity: error        # error|warning|info
    options: {max-lines: 80}
  undeclared-key: off      # shorthand
exclude: ["vendor/**", "third_party/*.lua"]
overrides:
  - files: ["legacy/**/*.lua"]
    rules:
      undeclared-key: on
      script-too-long:
        options: {max-lines: 200, strict: true}
  - files: ["legacy/old/*.lua"]
    rules:
      undeclared-key: warning
`

func parse(t *testing.T, src string) *Config {
	t.Helper()
	c, err := Parse("cfg.yaml", []byte(src), known)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return c
}

func sevPtr(s diag.Severity) *diag.Severity { return &s }

func TestParseValid(t *testing.T) {
	c := parse(t, example)
	want := map[string]RuleSetting{
		"script-too-long": {Enabled: boolPtr(true), Severity: sevPtr(diag.SeverityError), Options: map[string]any{"max-lines": 80}},
		"undeclared-key":  {Enabled: boolPtr(false)},
	}
	if pos := c.Rules["script-too-long"].OptionPos["max-lines"]; !strings.HasPrefix(pos, ".lint-lua.yaml:") && !strings.Contains(pos, ":") {
		t.Errorf("max-lines is at %q, want PATH:LINE:COL", pos)
	}
	for id, rs := range c.Rules {
		rs.OptionPos = nil // checked above
		c.Rules[id] = rs
	}
	if !reflect.DeepEqual(c.Rules, want) {
		t.Errorf("Rules = %s, want %s", show(c.Rules), show(want))
	}
	if !reflect.DeepEqual(c.Exclude, []string{"vendor/**", "third_party/*.lua"}) {
		t.Errorf("Exclude = %q", c.Exclude)
	}
	if len(c.Overrides) != 2 || !reflect.DeepEqual(c.Overrides[0].Files, []string{"legacy/**/*.lua"}) {
		t.Errorf("Overrides = %+v", c.Overrides)
	}
	if c.Path != "cfg.yaml" || !filepath.IsAbs(c.Dir) {
		t.Errorf("Path, Dir = %q, %q", c.Path, c.Dir)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "---\n", "~\n", "rules:\nexclude:\noverrides:\n"} {
		c := parse(t, src)
		if len(c.Rules) != 0 || len(c.Exclude) != 0 || len(c.Overrides) != 0 {
			t.Errorf("%q: got %+v", src, c)
		}
	}
}

func TestShorthand(t *testing.T) {
	for _, tc := range []struct {
		value   string
		enabled *bool
		sev     *diag.Severity
	}{
		{"off", boolPtr(false), nil},
		{"OFF", boolPtr(false), nil},
		{"false", boolPtr(false), nil},
		{"on", boolPtr(true), nil},
		{"true", boolPtr(true), nil},
		{"error", boolPtr(true), sevPtr(diag.SeverityError)},
		{"warning", boolPtr(true), sevPtr(diag.SeverityWarning)},
		{"info", boolPtr(true), sevPtr(diag.SeverityInfo)},
		{`"off"`, boolPtr(false), nil},
		{"{severity: info}", boolPtr(true), sevPtr(diag.SeverityInfo)},
		{"{severity: info, enabled: false}", boolPtr(false), sevPtr(diag.SeverityInfo)},
		{"{enabled: true}", boolPtr(true), nil},
		{"{options: {a: 1}}", nil, nil},
	} {
		c := parse(t, "rules:\n  undeclared-key: "+tc.value+"\n")
		got := c.Rules["undeclared-key"]
		want := RuleSetting{Enabled: tc.enabled, Severity: tc.sev, Options: got.Options, OptionPos: got.OptionPos}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %s, want %s", tc.value, show(map[string]RuleSetting{"": got}), show(map[string]RuleSetting{"": want}))
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"unknown top-level key", "rules: {}\nexlude: [a]\n", `cfg.yaml:2:1: unknown key "exlude"`},
		{"unknown rule", "rules:\n  script-too-long: off\n  undeclared-kye: off\n", `cfg.yaml:3:3: unknown rule "undeclared-kye"`},
		{"unknown rule in override", "overrides:\n  - files: [a]\n    rules:\n      nope: off\n", `cfg.yaml:4:7: unknown rule "nope"`},
		{"bad shorthand", "rules:\n  undeclared-key: fatal\n", `cfg.yaml:2:19: rule undeclared-key: invalid value "fatal"`},
		{"numeric shorthand", "rules:\n  undeclared-key: 1\n", `cfg.yaml:2:19: rule undeclared-key: invalid value "1"`},
		{"bad severity", "rules:\n  script-too-long:\n    severity: critical\n", `cfg.yaml:3:15: rule script-too-long: invalid severity "critical"`},
		{"severity not a string", "rules:\n  script-too-long:\n    severity: [error]\n", `cfg.yaml:3:15: rule script-too-long: invalid severity a list`},
		{"unknown rule key", "rules:\n  script-too-long:\n    level: error\n", `cfg.yaml:3:5: rule script-too-long: unknown key "level"`},
		{"options not a mapping", "rules:\n  script-too-long:\n    options: [1]\n", `cfg.yaml:3:14: rule script-too-long: options: want a mapping, got a list`},
		{"enabled not bool", "rules:\n  script-too-long:\n    enabled: yes\n", `cfg.yaml:3:14: rule script-too-long: enabled: want true or false`},
		{"rule value list", "rules:\n  undeclared-key: [a]\n", `cfg.yaml:2:19: rule undeclared-key: want off, on, a severity or a mapping, got a list`},
		{"rule without value", "rules:\n  undeclared-key:\n", `cfg.yaml:2:18: rule undeclared-key: invalid value nothing`},
		{"rules not a mapping", "rules: [a, b]\n", `cfg.yaml:1:8: rules: want a mapping`},
		{"exclude a string", "exclude: vendor/**\n", `cfg.yaml:1:10: exclude: want a non-empty list of glob patterns, got a string "vendor/**"`},
		{"exclude item not string", "exclude:\n  - a\n  - 3\n", `cfg.yaml:3:5: exclude: want a glob pattern string, got a number "3"`},
		{"bad glob", "exclude:\n  - \"[a-\"\n", `cfg.yaml:2:5: exclude: malformed pattern "[a-"`},
		{"overrides not a list", "overrides: {files: [a]}\n", `cfg.yaml:1:12: overrides: want a list`},
		{"override without files", "overrides:\n  - rules: {undeclared-key: off}\n", `cfg.yaml:2:5: overrides[0]: files is required`},
		{"override empty files", "overrides:\n  - files: []\n", `cfg.yaml:2:12: overrides[0].files: want a non-empty list`},
		{"override unknown key", "overrides:\n  - files: [a]\n    rule: {}\n", `cfg.yaml:3:5: overrides[0]: unknown key "rule"`},
		{"duplicate key", "rules:\n  undeclared-key: off\n  undeclared-key: on\n", `cfg.yaml:3:3: key "undeclared-key" repeated (first at line 2)`},
		{"top level not a mapping", "- a\n- b\n", `cfg.yaml:1:1: want a mapping`},
		{"two documents", "rules: {}\n---\nrules: {}\n", `cfg.yaml:2:1: only one YAML document is allowed`},
		{"invalid yaml", "rules:\n  undeclared-key: off\n   bad: [\n", `cfg.yaml:3: mapping values are not allowed`},
		{"unterminated flow", "exclude: [a,\nrules: {}\n", `cfg.yaml:2: did not find expected ',' or ']'`},
		{"unknown alias", "rules:\n  x: off\nexclude: [a, *nope]\n", `cfg.yaml:3:14: unknown anchor "nope"`},
		{"invalid utf-8", "rules:\n  a\xff: off\n", `cfg.yaml:2:4: invalid UTF-8`},
		{"control character", "exclude: [a]\nrules: {}\x01\n", `cfg.yaml:2:10: control character U+0001`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("cfg.yaml", []byte(tc.src), known)
			if err == nil {
				t.Fatalf("no error; config %+v", c)
			}
			if c != nil {
				t.Errorf("config returned with error")
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error = %q\nwant prefix %q", err, tc.want)
			}
		})
	}
}

func TestParseReportsEveryProblem(t *testing.T) {
	_, err := Parse("cfg.yaml", []byte("bogus: 1\nrules:\n  nope: off\n  undeclared-key: loud\n"), known)
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{"cfg.yaml:1:1:", "cfg.yaml:3:3:", "cfg.yaml:4:19:"}
	if len(lines) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%v", len(lines), len(want), err)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("problem %d = %q, want prefix %q", i, lines[i], w)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".lint-lua.yaml")
	if err := os.WriteFile(p, []byte(example), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p, known)
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != p || c.Dir != dir {
		t.Errorf("Path, Dir = %q, %q; want %q, %q", c.Path, c.Dir, p, dir)
	}
	if err := os.WriteFile(p, []byte("rules:\n  x: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(p, known); err == nil || !strings.HasPrefix(err.Error(), p+":2:3: ") {
		t.Errorf("Load error = %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml"), known); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("Load of missing file: %v", err)
	}
	// A nil known accepts every rule ID.
	if _, err := Parse("x", []byte("rules: {whatever: off}\n"), nil); err != nil {
		t.Errorf("nil known: %v", err)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err == nil && p != "" {
		// Only possible if the temp dir itself sits below a config file.
		if !strings.HasPrefix(root, filepath.Dir(p)) {
			t.Fatalf("found %s outside the tree", p)
		}
	}
	write := func(p string) {
		t.Helper()
		if err := os.WriteFile(p, []byte("rules: {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, ".lint-lua.yml"))
	if p, err := Find(deep); err != nil || p != filepath.Join(root, ".lint-lua.yml") {
		t.Errorf("Find = %q, %v; want the .yml at the root", p, err)
	}
	write(filepath.Join(root, "a", ".lint-lua.yaml"))
	if p, err := Find(deep); err != nil || p != filepath.Join(root, "a", ".lint-lua.yaml") {
		t.Errorf("Find = %q, %v; want the nearest", p, err)
	}
	write(filepath.Join(root, "a", ".lint-lua.yml"))
	if p, _ := Find(filepath.Join(root, "a")); p != filepath.Join(root, "a", ".lint-lua.yaml") {
		t.Errorf("Find = %q; want .yaml preferred over .yml", p)
	}
	// A directory with the config's name is not a config.
	if err := os.Mkdir(filepath.Join(deep, ".lint-lua.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, _ := Find(deep); p != filepath.Join(root, "a", ".lint-lua.yaml") {
		t.Errorf("Find = %q; a directory was taken for the config", p)
	}
}

// TestFindStops checks where the walk stops (issue 19 item 7): at the
// repository's root, before a directory anyone may write to, and at a
// nearer configuration that cannot be read, which is an error rather than
// a reason to use one further up.
func TestFindStops(t *testing.T) {
	write := func(p string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("rules: {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	write(filepath.Join(root, ".lint-lua.yaml"))
	repo := filepath.Join(root, "repo")
	deep := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err != nil || p != "" {
		t.Errorf("Find below a repository = %q, %v; want none: the walk stops at .git", p, err)
	}
	write(filepath.Join(repo, ".lint-lua.yaml"))
	if p, err := Find(deep); err != nil || p != filepath.Join(repo, ".lint-lua.yaml") {
		t.Errorf("Find = %q, %v; want the repository's", p, err)
	}

	// A directory anyone may write to, above the working directory.
	shared := filepath.Join(root, "shared")
	write(filepath.Join(shared, ".lint-lua.yaml"))
	if err := os.Chmod(shared, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(shared, "proj")
	if err := os.Mkdir(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(proj); err != nil || p != "" {
		t.Errorf("Find below a world-writable directory = %q, %v; want none", p, err)
	}
	if p, err := Find(shared); err != nil || p != filepath.Join(shared, ".lint-lua.yaml") {
		t.Errorf("Find in the world-writable directory itself = %q, %v; want its own", p, err)
	}

	// A dangling and a looping symbolic link.
	for name, target := range map[string]string{"dangling": "nowhere.yaml", "loop": ".lint-lua.yaml"} {
		dir := filepath.Join(repo, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(dir, ".lint-lua.yaml")); err != nil {
			t.Skip("no symbolic links:", err)
		}
		p, err := Find(dir)
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, ".lint-lua.yaml")) {
			t.Errorf("%s: Find = %q, %v; want an error naming the link", name, p, err)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"*.lua", "a.lua", true},
		{"*.lua", "x/y/a.lua", true}, // no slash: base name at any depth
		{"*.lua", "a.luac", false},
		{"vendor", "vendor", true},
		{"vendor", "x/vendor", true},
		{"vendor", "vendor/a.lua", false}, // Excluded covers parents
		{"vendor/", "x/vendor", true},
		{"vendor/**", "vendor", true},
		{"vendor/**", "vendor/a.lua", true},
		{"vendor/**", "vendor/a/b/c.lua", true},
		{"vendor/**", "x/vendor/a.lua", false}, // has a slash: anchored
		{"/vendor/**", "vendor/a.lua", true},
		{"./vendor/*", "vendor/a.lua", true},
		{"third_party/*.lua", "third_party/a.lua", true},
		{"third_party/*.lua", "third_party/x/a.lua", false}, // * stays in a segment
		{"legacy/**/*.lua", "legacy/a.lua", true},           // ** may be empty
		{"legacy/**/*.lua", "legacy/x/y/a.lua", true},
		{"legacy/**/*.lua", "legacy/x/y/a.txt", false},
		{"legacy/**/*.lua", "other/legacy/a.lua", false},
		{"**/test/*.lua", "test/a.lua", true},
		{"**/test/*.lua", "a/b/test/a.lua", true},
		{"**/test/*.lua", "a/b/test/c/a.lua", false},
		{"**", "anything/at/all.lua", true},
		{"a/**/**/b", "a/b", true},
		{"a/**/b/**/c", "a/x/b/y/z/c", true},
		{"a/?.lua", "a/b.lua", true},
		{"a/?.lua", "a/bc.lua", false},
		{"a/?", "a/é", true}, // ? is one character, not one byte
		{"s[0-9].lua", "dir/s3.lua", true},
		{"s[0-9].lua", "dir/sx.lua", false},
		{"s[^0-9].lua", "sx.lua", true},
		{`a\*.lua`, "a*.lua", true},
		{`a\*.lua`, "ab.lua", false},
		{"a/*", "a/", false},
		{"*.lua", "../a.lua", false}, // outside the config directory
		{"**", "../x/a.lua", false},
		{"*.lua", "/abs/a.lua", false},
		{"[", "[", false}, // malformed matches nothing
		{"", "a", false},
		{"x/y", "x//y", true}, // names are cleaned
		{"x/y", "./x/y", true},
	} {
		if got := Match(tc.pattern, tc.name); got != tc.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}

func TestCheckPattern(t *testing.T) {
	for _, p := range []string{"*.lua", "a/**/b", "[a-z]*", `\*`} {
		if err := checkPattern(p); err != nil {
			t.Errorf("checkPattern(%q) = %v", p, err)
		}
	}
	for _, p := range []string{"[", "a/[b/c", "", "/", `x\`} {
		if err := checkPattern(p); err == nil {
			t.Errorf("checkPattern(%q) accepted", p)
		}
	}
}

func TestForFileOverrides(t *testing.T) {
	c := parse(t, example)
	tests := []struct {
		file string
		want map[string]RuleSetting
	}{
		{"main.lua", map[string]RuleSetting{
			"script-too-long": {Enabled: boolPtr(true), Severity: sevPtr(diag.SeverityError), Options: map[string]any{"max-lines": 80}},
			"undeclared-key":  {Enabled: boolPtr(false)},
		}},
		// First override: re-enables undeclared-key, merges options key by
		// key and keeps the base severity.
		{"legacy/a.lua", map[string]RuleSetting{
			"script-too-long": {Enabled: boolPtr(true), Severity: sevPtr(diag.SeverityError), Options: map[string]any{"max-lines": 200, "strict": true}},
			"undeclared-key":  {Enabled: boolPtr(true)},
		}},
		// Both overrides match; the later one wins.
		{"legacy/old/a.lua", map[string]RuleSetting{
			"script-too-long": {Enabled: boolPtr(true), Severity: sevPtr(diag.SeverityError), Options: map[string]any{"max-lines": 200, "strict": true}},
			"undeclared-key":  {Enabled: boolPtr(true), Severity: sevPtr(diag.SeverityWarning)},
		}},
	}
	for _, tc := range tests {
		got := c.ForFile(tc.file)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ForFile(%q) = %s\nwant %s", tc.file, show(got), show(tc.want))
		}
	}
	// The result is a copy: changing it leaves the config alone.
	got := c.ForFile("legacy/a.lua")
	got["script-too-long"].Options["max-lines"] = 1
	*got["undeclared-key"].Enabled = false
	if again := c.ForFile("legacy/a.lua"); !reflect.DeepEqual(again, tests[1].want) {
		t.Errorf("ForFile result aliases the config: %s", show(again))
	}
}

func TestOverridesLaterWin(t *testing.T) {
	c := parse(t, `rules:
  cross-slot: warning
overrides:
  - files: ["*.lua"]
    rules: {cross-slot: error}
  - files: ["gen/**"]
    rules: {cross-slot: off}
  - files: ["gen/keep.lua"]
    rules: {cross-slot: {enabled: true}}
`)
	for file, want := range map[string]RuleSetting{
		"a.lua":        {Enabled: boolPtr(true), Severity: sevPtr(diag.SeverityError)},
		"gen/x.lua":    {Enabled: boolPtr(false), Severity: sevPtr(diag.SeverityError)},
		"gen/keep.lua": {Enabled: boolPtr(true), Severity: sevPtr(diag.SeverityError)},
		"gen/x.txt":    {Enabled: boolPtr(false), Severity: sevPtr(diag.SeverityWarning)},
	} {
		got := c.ForFile(file)["cross-slot"]
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %s, want %s", file, show(map[string]RuleSetting{"": got}), show(map[string]RuleSetting{"": want}))
		}
	}
}

func TestExcluded(t *testing.T) {
	c := parse(t, "exclude: [\"vendor/**\", \"third_party/*.lua\", \"build\", \"*.gen.lua\"]\n")
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"vendor", true}, // the directory itself, so a walker can skip it
		{"vendor/a.lua", true},
		{"vendor/x/y/a.lua", true},
		{"src/vendor/a.lua", false},
		{"third_party/a.lua", true},
		{"third_party/sub/a.lua", false},
		{"third_party", false},
		{"build", true},
		{"x/build", true},
		{"x/build/deep/a.lua", true}, // below an excluded directory
		{"src/a.gen.lua", true},
		{"src/a.lua", false},
		{".", false},
		{"", false},
		{"../vendor/a.lua", false},
	} {
		if got := c.Excluded(tc.path); got != tc.want {
			t.Errorf("Excluded(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

func TestNilConfig(t *testing.T) {
	var c *Config
	if got := c.ForFile("a.lua"); got == nil || len(got) != 0 {
		t.Errorf("ForFile = %v", got)
	}
	if c.Excluded("vendor/a.lua") {
		t.Error("nil config excludes")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Rel(filepath.Join(wd, "x", "a.lua")); got != "x/a.lua" {
		t.Errorf("Rel = %q", got)
	}
}

func TestRel(t *testing.T) {
	dir := t.TempDir()
	c := &Config{Dir: dir}
	for _, tc := range []struct{ in, want string }{
		{filepath.Join(dir, "a", "b.lua"), "a/b.lua"},
		{dir, "."},
		{filepath.Join(dir, "..", "x.lua"), "../x.lua"},
	} {
		if got := c.Rel(tc.in); got != tc.want {
			t.Errorf("Rel(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Relative paths are taken from the working directory.
	t.Chdir(dir)
	if got := c.Rel(filepath.Join("a", "b.lua")); got != "a/b.lua" {
		t.Errorf("Rel(relative) = %q", got)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(sub)
	if got := c.Rel("c.lua"); got != "sub/c.lua" {
		t.Errorf("Rel from a subdirectory = %q", got)
	}
}

// show renders settings readably for failure messages.
func show(m map[string]RuleSetting) string {
	var b strings.Builder
	for id, s := range m {
		b.WriteString(id + "{")
		if s.Enabled != nil {
			fmt.Fprintf(&b, "enabled=%v ", *s.Enabled)
		}
		if s.Severity != nil {
			b.WriteString("severity=" + s.Severity.String() + " ")
		}
		if s.Options != nil {
			fmt.Fprintf(&b, "options=%v", s.Options)
		}
		b.WriteString("} ")
	}
	return b.String()
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(example))
	f.Add([]byte("rules:\n  undeclared-key: off\n   bad: [\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("cfg.yaml", data, known)
		if (c == nil) == (err == nil) {
			t.Fatalf("Parse returned config %v and error %v", c, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "cfg.yaml:") {
			t.Errorf("error without the path: %v", err)
		}
		if c != nil {
			c.ForFile("a/b.lua")
			c.Excluded("a/b.lua")
		}
	})
}

func FuzzMatch(f *testing.F) {
	f.Add("legacy/**/*.lua", "legacy/x/a.lua")
	f.Add("[", "a")
	f.Fuzz(func(t *testing.T, pattern, name string) {
		Match(pattern, name)
	})
}

func TestRedisVersion(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"redis_version: 6.2\n", "6.2"},
		{"redis_version: 7.0.15\n", "7.0.15"},
		{"redis_version: '7.0'\n", "7.0"},
		{"redis_version: 7.10\n", "7.10"},
		{"rules: {}\n", ""},
	} {
		if got := parse(t, tc.src).RedisVersion; got != tc.want {
			t.Errorf("%q: RedisVersion = %q, want %q", tc.src, got, tc.want)
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"redis_version: banana\n", `cfg.yaml:1:16: redis_version: invalid Redis version "banana"`},
		{"rules: {}\nredis_version: 7.x\n", `cfg.yaml:2:16: redis_version: invalid Redis version "7.x"`},
		{"redis_version: 7.0.15.1\n", `cfg.yaml:1:16: redis_version: invalid Redis version "7.0.15.1"`},
		{"redis_version: [7, 0]\n", "cfg.yaml:1:16: redis_version: want a version such as 7.0 or 7.0.15, got a list"},
		{"redis_version:\n", "cfg.yaml:1:15: redis_version: want a version such as 7.0 or 7.0.15, got nothing"},
	} {
		_, err := Parse("cfg.yaml", []byte(tc.src), known)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to start with %q", tc.src, err, tc.want)
		}
	}
	// A bare major version is major.0, as people write it.
	if got := parse(t, "redis_version: 7\n").RedisVersion; got != "7.0" {
		t.Errorf("redis_version: 7 is %q, want 7.0", got)
	}
	for _, v := range []string{"6.2", "7.0.15", "10.0", "7"} {
		if err := CheckRedisVersion(v); err != nil {
			t.Errorf("CheckRedisVersion(%q) = %v", v, err)
		}
	}
	for _, v := range []string{"", "v7.0", "7.x", "7.0.", " 7.0"} {
		if CheckRedisVersion(v) == nil {
			t.Errorf("CheckRedisVersion(%q) accepted it", v)
		}
	}
}

func TestTarget(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"target: valkey-8.0\n", "valkey-8.0"},
		{"target: redis-7.2\n", "redis-7.2"},
		{"target: 7.2\n", "redis-7.2"}, // a number in YAML, a Redis version
		{"target: upstash\n", "upstash"},
		{"redis_version: 6.2\n", "redis-6.2"},
		{"modules: [json, Search]\n", "redis with modules [json, search]"},
		{"modules: [json, search, timeseries, bloom]\n", "redis"}, // the newest Redis bundles them all
		{"target: redis-7.4\nmodules: [json, bloom]\n", "redis-7.4 with modules [json, bloom]"},
		{"target: redis-8.0\nmodules: []\n", "redis-8.0 with modules []"},
		{"rules: {}\n", "redis"},
	} {
		c := parse(t, tc.src)
		if got := c.ServerFor("a.lua").Resolve().String(); got != tc.want {
			t.Errorf("%q: target %q, want %q", tc.src, got, tc.want)
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"target: keydb\n", `cfg.yaml:1:9: target: invalid target "keydb"`},
		{"target: valkey-7.0\n", `cfg.yaml:1:9: target: invalid target "valkey-7.0": Valkey's first release is 7.2.4`},
		{"target: [redis]\n", "cfg.yaml:1:9: target: want a target such as redis-7.2, valkey-8.0 or upstash"},
		{"target:\n", "cfg.yaml:1:8: target: want a target"},
		{"modules: json\n", `cfg.yaml:1:10: modules: want a list of modules such as [json, search], got a string "json"`},
		{"modules: [json, graph]\n", `cfg.yaml:1:17: modules: unknown module "graph" (want json, search, timeseries, bloom)`},
		{"target: redis-7.2\nredis_version: 7.2\n", "cfg.yaml:2:1: target and redis_version are both set: keep target"},
		{"redis_version: 7.2\ntarget: redis-7.2\n", "cfg.yaml:2:1: target and redis_version are both set"},
		{"overrides:\n  - files: [a.lua]\n    target: nope\n", `cfg.yaml:3:13: overrides[0].target: invalid target "nope"`},
		{"overrides:\n  - files: [a.lua]\n    modules: [x]\n", `cfg.yaml:3:15: overrides[0].modules: unknown module "x"`},
	} {
		_, err := Parse("cfg.yaml", []byte(tc.src), known)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to start with %q", tc.src, err, tc.want)
		}
	}
}

// A project with Redis and Valkey scripts (rate-limiter-flexible's
// RateLimiterValkey*.js) sets the target per glob; later overrides win,
// and modules and target are set apart.
func TestTargetOverrides(t *testing.T) {
	c := parse(t, `target: redis-7.2
modules: [json]
overrides:
  - files: ["**/*Valkey*"]
    target: valkey-8.0
  - files: ["search/**"]
    modules: [json, search]
  - files: ["**/*ValkeyGlide*"]
    target: valkey-7.2
    rules:
      undeclared-key: warning
`)
	for _, tc := range []struct{ file, want string }{
		{"lib/RateLimiterRedis.lua", "redis-7.2 with modules [json]"},
		{"lib/RateLimiterValkey.lua", "valkey-8.0 with modules [json]"},
		{"lib/RateLimiterValkeyGlide.lua", "valkey-7.2 with modules [json]"},
		{"search/q.lua", "redis-7.2 with modules [json, search]"},
		{"search/Valkey.lua", "valkey-8.0 with modules [json, search]"},
	} {
		if got := c.ServerFor(tc.file).Resolve().String(); got != tc.want {
			t.Errorf("%s: target %q, want %q", tc.file, got, tc.want)
		}
	}
	if got := c.ForFile("lib/RateLimiterValkeyGlide.lua")["undeclared-key"]; got.Severity == nil || *got.Severity != diag.SeverityWarning {
		t.Errorf("the override's rules are lost beside its target: %+v", got)
	}
	var nilCfg *Config
	if s := nilCfg.ServerFor("a.lua"); s.Set() {
		t.Errorf("no configuration sets a server: %+v", s)
	}
}

// TestCluster: cluster: true or false says whether the scripts run on
// Redis Cluster; without it the evidence decides (nil).
func TestCluster(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		src  string
		want *bool
	}{
		{"cluster: true\n", &yes},
		{"cluster: false\n", &no},
		{"rules: {}\n", nil},
	} {
		got := parse(t, tc.src).Cluster
		if (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
			t.Errorf("%q: Cluster = %v, want %v", tc.src, got, tc.want)
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"cluster: auto\n", "cfg.yaml:1:10: cluster: want true or false, got"},
		{"cluster: [a]\n", "cfg.yaml:1:10: cluster: want true or false, got a list"},
	} {
		_, err := Parse("cfg.yaml", []byte(tc.src), known)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to start with %q", tc.src, err, tc.want)
		}
	}
}

func TestIncludes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"includes: true\n", true},
		{"includes: false\n", false},
		{"rules: {}\n", true},
	} {
		if got := parse(t, tc.src).Includes; got != tc.want {
			t.Errorf("%q: Includes = %v, want %v", tc.src, got, tc.want)
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"includes: yes please\n", "cfg.yaml:1:11: includes: want true or false, got"},
		{"includes: [a]\n", "cfg.yaml:1:11: includes: want true or false, got a list"},
	} {
		_, err := Parse("cfg.yaml", []byte(tc.src), known)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to start with %q", tc.src, err, tc.want)
		}
	}
}

// TestBaseline: baseline: names a file relative to the configuration's
// directory.
func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	c, err := Parse(filepath.Join(dir, "cfg.yaml"), []byte("baseline: ci/base.json\n"), known)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "ci", "base.json"); c.Baseline != want {
		t.Errorf("Baseline = %q, want %q", c.Baseline, want)
	}
	for _, tc := range []struct{ src, want string }{
		{"baseline: [a]\n", "cfg.yaml:1:11: baseline: want a file name, got a list"},
		{"baseline: 12\n", "cfg.yaml:1:11: baseline: want a file name, got"},
		{"baseline: ''\n", "cfg.yaml:1:11: baseline: want a file name, got"},
	} {
		_, err := Parse("cfg.yaml", []byte(tc.src), known)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to start with %q", tc.src, err, tc.want)
		}
	}
}

func TestRequireReason(t *testing.T) {
	if !parse(t, "require_reason: true\n").RequireReason || parse(t, "rules: {}\n").RequireReason {
		t.Error("require_reason: true not read, or set by default")
	}
	_, err := Parse("cfg.yaml", []byte("require_reason: always\n"), known)
	if err == nil || !strings.HasPrefix(err.Error(), "cfg.yaml:1:17: require_reason: want true or false") {
		t.Errorf("error %v", err)
	}
}

// findSimple is Find as it was first written: a walk up from startDir
// that remembers nothing.
func findSimple(startDir string) (string, error) {
	dir, err := filepath.Abs(startDir)
	if err != nil {
		return "", err
	}
	home, _ := os.UserHomeDir()
	for first := true; ; first = false {
		if !first {
			if fi, err := os.Stat(dir); err == nil && fi.Mode().Perm()&0o002 != 0 {
				return "", nil
			}
		}
		for _, name := range FileNames {
			p := filepath.Join(dir, name)
			if _, err := os.Lstat(p); err != nil {
				continue
			}
			fi, err := os.Stat(p)
			if err != nil {
				return "", fmt.Errorf("%s: %w", p, unwrapPath(err))
			}
			if !fi.IsDir() {
				return p, nil
			}
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil || (home != "" && dir == home) {
			return "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// TestFinderMatchesSimple checks that a Finder asked about every folder
// of a tree, in several orders (children before parents and after), gives
// what the walk that remembers nothing gives: configurations at several
// depths, a repository root, a folder anyone may write to, a directory
// with a configuration's name and a dangling link.
func TestFinderMatchesSimple(t *testing.T) {
	root := t.TempDir()
	mk := func(rel ...string) string {
		t.Helper()
		p := filepath.Join(append([]string{root}, rel...)...)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write := func(p string) {
		t.Helper()
		if err := os.WriteFile(p, []byte("rules: {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, ".lint-lua.yaml"))
	mk("plain", "a", "b", "c")
	write(filepath.Join(mk("plain", "a"), ".lint-lua.yml"))
	mk("repo", ".git")
	mk("repo", "x", "y", "z")
	write(filepath.Join(mk("repo", "x"), ".lint-lua.yaml"))
	mk("repo", "w", ".lint-lua.yaml") // a directory, not a configuration
	shared := mk("shared", "proj", "deep")
	write(filepath.Join(root, "shared", ".lint-lua.yaml"))
	if err := os.Chmod(filepath.Join(root, "shared"), 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere.yaml", filepath.Join(mk("links", "in"), ".lint-lua.yaml")); err != nil {
		t.Fatal(err)
	}
	mk("links", "in", "below")
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() != ".git" && d.Name() != ".lint-lua.yaml" {
			dirs = append(dirs, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 15 || !slices.Contains(dirs, shared) {
		t.Fatalf("the tree has %d folders: %v", len(dirs), dirs)
	}
	found, failed := 0, 0
	for round := range 2 {
		f := &Finder{}
		list := slices.Clone(dirs)
		if round == 1 {
			slices.Reverse(list)
		}
		for range 2 { // each folder twice: the second answer is remembered
			for _, d := range list {
				wp, werr := findSimple(d)
				gp, gerr := f.Find(d)
				if gp != wp || fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Errorf("Finder.Find(%s) = %q, %v; the simple walk finds %q, %v", d, gp, gerr, wp, werr)
				}
				if wp != "" {
					found++
				}
				if werr != nil {
					failed++
				}
			}
		}
	}
	if found == 0 || failed == 0 {
		t.Fatalf("the tree exercised %d finds and %d errors", found, failed)
	}
}
