package analyzer

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestSettingsRedisVersion checks, with `// want` comments, that a command
// newer than the target version is reported as unknown-command naming the
// target, and that one the target has is not.
func TestSettingsRedisVersion(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{RedisVersion: "6.2"}), "redisversion")
}

// TestSettingsTarget runs an analyzer for Valkey 8.0 over scripts written
// for it: server.call is redis.call for the Lua rules and the call-site
// checks alike. On a named Redis target, server is an undefined global
// (an error); on the default target, whose scripts say by server.call that
// they are Valkey's, it is info, below vet's default --min-severity.
func TestSettingsTarget(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{Target: "valkey-8.0"}), "valkeytarget")
	got := findings(t, mainFixtures, testAnalyzer(t, Settings{Target: "redis-7.4"}), "valkeytarget")
	if len(got) != 2 || !strings.Contains(got[0], "server is Valkey's name for redis, and the target is Redis 7.4") || !strings.Contains(got[1], "keys-count-mismatch") {
		t.Errorf("Redis 7.4: got %q, want server reported once, HEXPIRE known, and the keys count", got)
	}
	got = findings(t, mainFixtures, testAnalyzer(t, Settings{}), "valkeytarget")
	if len(got) != 1 || !strings.Contains(got[0], "keys-count-mismatch") {
		t.Errorf("the default target: got %q, want the keys count only (server at info)", got)
	}
}

// TestSettings checks what each setting changes on the same package,
// against the default analyzer's findings, in the Lua scripts and at the
// call sites. The package is loaded once for all of them.
func TestSettings(t *testing.T) {
	t.Parallel()
	lmpop := func(target string) string {
		return "redisversion.go:15:22-15:29: LMPOP was added in Redis 7.0.0, after the target Redis " + target + " (unknown-command)"
	}
	const (
		getdel = "redisversion.go:14:49-14:57: GETDEL was added in Redis 6.2.0, after the target Redis 6.0 (unknown-command)"
		global = "redisversion.go:19:32-19:33: assignment to global n"
		keys   = "redisversion.go:23:24-23:27: the script reads KEYS[1] on line 19 but Run passes 0 keys"
	)
	for _, tc := range []struct {
		name     string
		settings Settings
		want     []string // prefixes of the findings, in order
	}{
		{"default", Settings{}, []string{global, keys}},
		{"6.2", Settings{RedisVersion: "6.2"}, []string{lmpop("6.2"), global, keys}},
		{"6.0", Settings{RedisVersion: "6.0"}, []string{getdel, lmpop("6.0"), global, keys}},
		{"6.2.14", Settings{RedisVersion: "6.2.14"}, []string{lmpop("6.2.14"), global, keys}},
		{"7.0", Settings{RedisVersion: "7.0"}, []string{global, keys}},
		{"target redis-6.2", Settings{Target: "redis-6.2"}, []string{lmpop("6.2"), global, keys}},
		{"target valkey-7.2", Settings{Target: "valkey-7.2", Modules: []string{"json"}}, []string{global, keys}},
		{"disable", Settings{RedisVersion: "6.2", Disable: []string{"unknown-command"}}, []string{global, keys}},
		{"disable call site", Settings{Disable: []string{"keys-count-mismatch"}}, []string{global}},
		{"disable all", Settings{RedisVersion: "6.2", Disable: []string{"unknown-command", "global-assignment", "keys-count-mismatch"}}, nil},
		{"only", Settings{RedisVersion: "6.2", Only: []string{"unknown-command"}}, []string{lmpop("6.2")}},
		{"only call site", Settings{RedisVersion: "6.2", Only: []string{"keys-count-mismatch"}}, []string{keys}},
		{"only and disable", Settings{RedisVersion: "6.2", Only: []string{"unknown-command"}, Disable: []string{"unknown-command"}}, nil},
		{"enable turns on, it does not select", Settings{RedisVersion: "6.2", Enable: []string{"unknown-command"}}, []string{lmpop("6.2"), global, keys}},
		{"severity info", Settings{RedisVersion: "6.2", Severity: map[string]string{"unknown-command": "info", "keys-count-mismatch": "info"}}, []string{global}},
		{"severity info shown", Settings{RedisVersion: "6.2", Severity: map[string]string{"unknown-command": "info"}, MinSeverity: "info"}, []string{lmpop("6.2"), global, keys}},
		{"min error", Settings{RedisVersion: "6.2", MinSeverity: "error"}, []string{lmpop("6.2"), global, keys}},
		{"lowered below min", Settings{RedisVersion: "6.2", MinSeverity: "error", Severity: map[string]string{"global-assignment": "warning"}}, []string{lmpop("6.2"), keys}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := New(cat, tc.settings)
			if err != nil {
				t.Fatal(err)
			}
			got := findings(t, mainFixtures, a, "redisversion")
			ok := len(got) == len(tc.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.HasPrefix(got[i], tc.want[i])
			}
			if !ok {
				t.Errorf("got\n\t%s\nwant findings starting with\n\t%s", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
			}
			for _, g := range got {
				if strings.Contains(g, "LMPOP") && !strings.HasSuffix(g, "(unknown-command)") {
					t.Errorf("%q does not name its rule", g)
				}
			}
		})
	}
}

// TestGoFilesOnly checks that with GoFilesOnly a finding in an embedded
// .lua file is reported at the Go expression that first uses the script,
// the file's position leading the message, and in the file otherwise.
func TestGoFilesOnly(t *testing.T) {
	t.Parallel()
	const inFile = `script.lua:3:19-3:26: "SADDD" is not a known command`
	if got := findings(t, mainFixtures, testAnalyzer(t, Settings{}), "embedded"); len(got) != 1 || !strings.HasPrefix(got[0], inFile) {
		t.Errorf("default: got %q, want one finding starting with %s", got, inFile)
	}
	a, err := New(cat, Settings{GoFilesOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	const inGo = `embedded.go:17:27-17:33: script.lua:3:19: "SADDD" is not a known command`
	got := findings(t, mainFixtures, a, "embedded")
	if len(got) != 1 || !strings.HasPrefix(got[0], inGo) || !strings.HasSuffix(got[0], "(unknown-command, warning)") {
		t.Errorf("GoFilesOnly: got %q, want one finding starting with %s", got, inGo)
	}
}

// TestNewErrors checks that bad settings are refused with an error naming
// the value.
func TestNewErrors(t *testing.T) {
	for _, tc := range []struct {
		settings Settings
		want     []string
	}{
		{Settings{RedisVersion: "banana"}, []string{"redis-version", `"banana"`}},
		{Settings{RedisVersion: "7.x"}, []string{"redis-version", `"7.x"`}},
		{Settings{Target: "keydb"}, []string{"target", `"keydb"`}},
		{Settings{Target: "valkey-8.0", RedisVersion: "7.2"}, []string{"target", "use -target alone"}},
		{Settings{Modules: []string{"graph"}}, []string{"modules", `unknown module "graph"`}},
		{Settings{Disable: []string{"unknown-command", "no-such-rule"}}, []string{"disable", `unknown rule "no-such-rule"`}},
		{Settings{Enable: []string{"GETT"}}, []string{"enable", `unknown rule "GETT"`}},
		{Settings{Severity: map[string]string{"undeclared-key": "loud"}}, []string{"severity", "undeclared-key", `"loud"`}},
		{Settings{Severity: map[string]string{"nope": "info"}}, []string{"severity", `unknown rule "nope"`}},
		{Settings{MinSeverity: "all"}, []string{"min-severity", `"all"`}},
	} {
		a, err := New(cat, tc.settings)
		if err == nil {
			t.Errorf("New(cat, %+v) = %v, want an error", tc.settings, a)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("New(cat, %+v): error %q lacks %q", tc.settings, err, w)
			}
		}
	}
}

// TestNewIndependent checks that analyzers made by New do not share
// settings with each other or with Analyzer, and that their flags start
// from the settings.
func TestNewIndependent(t *testing.T) {
	a, err := New(cat, Settings{RedisVersion: "6.2", Disable: []string{"undeclared-key", "dynamic-script"}, Severity: map[string]string{"unknown-command": "info"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(cat, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a          *analysis.Analyzer
		flag, want string
	}{
		{a, "redis-version", "6.2"},
		{a, "disable", "dynamic-script,undeclared-key"},
		{a, "rule-severity", "unknown-command=info"},
		{a, "severity", "warning"},
		{b, "redis-version", ""},
		{b, "disable", ""},
		{Analyzer, "redis-version", ""},
		{Analyzer, "enable", ""},
	} {
		if got := c.a.Flags.Lookup(c.flag).Value.String(); got != c.want {
			t.Errorf("-%s = %q, want %q", c.flag, got, c.want)
		}
	}
}

// TestFlags checks the flags go vet -vettool sets, on the default
// analyzer: each changes the findings as the setting does, and a bad value
// is refused.
func TestFlags(t *testing.T) {
	// It alone sets the flags of Analyzer: the other tests make their own
	// analyzers, and so it may run beside them.
	t.Parallel()
	set := func(name, value string) {
		t.Helper()
		if err := Analyzer.Flags.Set(name, value); err != nil {
			t.Fatalf("-%s=%s: %v", name, value, err)
		}
	}
	defer func() {
		for _, f := range []string{"redis-version", "target", "enable", "disable", "only", "rule-severity"} {
			set(f, "")
		}
		set("severity", "warning")
	}()
	rulesOf := func() []string {
		var out []string
		for _, d := range findings(t, mainFixtures, Analyzer, "redisversion") {
			out = append(out, d[strings.LastIndex(d, "(")+1:len(d)-1])
		}
		return out
	}
	check := func(what string, want ...string) {
		t.Helper()
		if got := rulesOf(); !slices.Equal(got, want) {
			t.Errorf("%s: rules reported %q, want %q", what, got, want)
		}
	}
	check("default", "global-assignment", "keys-count-mismatch")
	set("redis-version", "6.0")
	check("-redis-version=6.0", "unknown-command", "unknown-command", "global-assignment", "keys-count-mismatch")
	set("redis-version", "")
	set("target", "redis-6.0")
	check("-target=redis-6.0", "unknown-command", "unknown-command", "global-assignment", "keys-count-mismatch")
	if err := Analyzer.Flags.Set("redis-version", "6.2"); err == nil || !strings.Contains(err.Error(), "use -target alone") {
		t.Errorf("-redis-version with -target: %v", err)
	}
	set("disable", "global-assignment,keys-count-mismatch")
	check("-disable=global-assignment,keys-count-mismatch", "unknown-command", "unknown-command")
	set("disable", "")
	set("only", " global-assignment , ")
	check("-only=global-assignment", "global-assignment")
	set("only", "")
	set("enable", "global-assignment")
	check("-enable=global-assignment (turns on, does not select)", "unknown-command", "unknown-command", "global-assignment", "keys-count-mismatch")
	set("enable", "")
	set("rule-severity", "unknown-command=info,keys-count-mismatch=info,global-assignment=error")
	check("-rule-severity", "global-assignment")
	set("severity", "info")
	check("-rule-severity -severity=info", "unknown-command", "unknown-command", "global-assignment", "keys-count-mismatch")

	for _, bad := range []struct{ flag, value, want string }{
		{"redis-version", "seven", `"seven"`},
		{"target", "keydb", `"keydb"`},
		{"modules", "json,graph", `"graph"`},
		{"disable", "unknown-command,nope", `"nope"`},
		{"enable", "x", `"x"`},
		{"rule-severity", "unknown-command", `"unknown-command": want RULE=`},
		{"rule-severity", "unknown-command=loud", `"loud"`},
		{"rule-severity", "nope=info", `"nope"`},
	} {
		err := Analyzer.Flags.Set(bad.flag, bad.value)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("-%s=%s: error %v, want one containing %s", bad.flag, bad.value, err, bad.want)
		}
	}
}
