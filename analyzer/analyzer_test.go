package analyzer

import (
	"strings"
	"testing"
)

// TestAnalyzer checks the Lua findings in scripts found through every
// client library, with `// want` comments on the lines they must be
// reported on.
func TestAnalyzer(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{}), "goredis", "goredisv8", "redigo", "rueidis", "redsync")
}

// TestSeverityInfo checks that info findings are left out unless the
// minimum severity is info (the -severity flag is TestFlags's).
func TestSeverityInfo(t *testing.T) {
	t.Parallel()
	if got := findings(t, mainFixtures, testAnalyzer(t, Settings{}), "severity"); len(got) != 0 {
		t.Errorf("by default: got %q, want nothing", got)
	}
	got := findings(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "severity")
	if len(got) != 1 || !strings.HasPrefix(got[0], "severity.go:12:") || !strings.HasSuffix(got[0], "(unused-ignore)") {
		t.Errorf("with -severity=info: got %q, want the unused ignore", got)
	}
}

// TestEmbedFS checks that the .lua files of an embed.FS the package reads
// its scripts from are linted in those files (and only those the directive
// embeds), and that a package whose scripts are all known adds none.
func TestEmbedFS(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{}), "embedfs", "embedfsquiet")
}

// TestEmbedFSAcrossPackages checks an embed.FS that one package embeds
// and exports (a fact lists its .lua files) and another reads in a loop
// and hands to NewScript: the files are the reading package's scripts,
// reported in them.
func TestEmbedFSAcrossPackages(t *testing.T) {
	t.Parallel()
	a := testAnalyzer(t, Settings{})
	runWants(t, mainFixtures, a, "embedfsexport")
	got := findings(t, mainFixtures, a, "embedfsread")
	want := []string{
		`get.lua:1:19-1:25: "GETT" is not a known command (did you mean GET?) (unknown-command, warning)`,
		`incr.lua:2:1-2:6: assignment to global total (global-assignment)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestHelpers checks the project's own script functions: a helper whose
// parameter reaches Eval or NewScript, a chain of them, a method wrapping
// Do, one over the project's own interface, and one of another package
// (facts); each caller's constant is linted where it is written, a
// run-time one is dynamic-script, and a parameter that is not a script, or
// that the function rewrites, is no script.
func TestHelpers(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "helpers", "helpersuse")
}

// TestInterfaceClients checks a client interface of the package's own:
// implemented over go-redis here, a call on it is a script call site with
// its keys and arguments (through a helper too); implemented by a type
// that sends nothing, it is none; implemented nowhere here (a library's
// users implement it), an Eval of a script, keys and arguments is one by
// its shape, and another shape is not. Another package's calls on those
// interfaces are script calls too (the facts cross the import).
func TestInterfaceClients(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "ifaceclient", "ifacelib", "ifaceuse")
}

// TestScriptMaps checks scripts kept in a map, slice or array filled at
// package level or in init and passed as one element: each value is
// linted; a container another function fills, or with a value built at
// run time, is not known.
func TestScriptMaps(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "scriptmaps")
}

// TestKnownValues checks scripts whose text is known without being a Go
// constant: one of two constants an if chooses (each linted, no
// dynamic-script), fmt.Sprintf over such values and over package
// variables, a package variable set once in init; and a choice with a
// run-time value, which is neither linted nor reported.
func TestKnownValues(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{MinSeverity: "info"}), "knownvalues")
}

// TestConfiguredAPIs checks the script APIs .lint-lua.yaml names
// (script_apis:, the fixture's own configuration): the script argument is
// linted, the numkeys or keys argument is checked, a helper that reaches
// one is a helper, and an entry for another language is not Go's.
func TestConfiguredAPIs(t *testing.T) {
	t.Parallel()
	runWants(t, mainFixtures, testAnalyzer(t, Settings{}), "configapis")
}
