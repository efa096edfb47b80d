package report

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// githubAwkwardResult holds the paths and messages that can break a
// workflow command: the runner ends a property at ',' and the properties at
// '::', ends the command at CR or LF, and unescapes %XX sequences.
func githubAwkwardResult() *Result {
	return &Result{Files: 6, Diagnostics: []diag.Diagnostic{
		finding("scripts/a:b.lua", 1, 1, 1, 4, "undeclared-key", diag.SeverityError,
			"colon in the path"),
		finding("scripts/a,b.lua", 2, 3, 2, 9, "long-span", diag.SeverityWarning,
			"comma in the path"),
		finding("scripts/100%.lua", 3, 5, 3, 6, "style-note", diag.SeverityInfo,
			"percent in the path"),
		finding("dir with space/x y.lua", 4, 1, 5, 2, "undeclared-key", diag.SeverityError,
			"spaces in the path"),
		finding("new\nline\r.lua", 1, 1, 1, 2, "undeclared-key", diag.SeverityError,
			"newline and carriage return in the path"),
		finding("m.lua", 1, 2, 1, 3, "style-note", diag.SeverityInfo,
			"100% sure, %0A is not a newline and %25 not a percent"),
		finding("m.lua", 2, 2, 2, 3, "long-span", diag.SeverityWarning,
			"line one\r\nline two\nline three\r"),
		finding("m.lua", 3, 2, 3, 3, "undeclared-key", diag.SeverityError,
			"::error file=x.lua::injected, key: a,b"),
		finding("m.lua", 4, 1, 4, 1, "rule:with,odd%chars", diag.SeverityWarning,
			"title needs escaping too"),
		finding("m.lua", 5, 0, 0, 0, "style-note", diag.SeverityInfo,
			"line without a column"),
		finding("m.lua", 0, 0, 0, 0, "style-note", diag.SeverityInfo,
			"no position at all"),
	}}
}

func TestGitHubAwkwardGolden(t *testing.T) {
	checkGolden(t, "github_awkward.golden", render(t, "github", Options{}, githubAwkwardResult()))
}

// githubUnescape reverses the escaping the way the Actions runner does
// (ActionCommand unescapes %0D, %0A, then %3A and %2C for properties,
// and %25 last), so the test checks the round trip rather than our own
// spelling of it.
func githubUnescape(s string, prop bool) string {
	s = strings.ReplaceAll(s, "%0D", "\r")
	s = strings.ReplaceAll(s, "%0A", "\n")
	if prop {
		s = strings.ReplaceAll(s, "%3A", ":")
		s = strings.ReplaceAll(s, "%2C", ",")
	}
	return strings.ReplaceAll(s, "%25", "%")
}

// parseGitHubCommand splits a workflow command the way the runner does:
// the command name up to the first space, properties up to the first
// "::", split at ',' and at the first '='.
func parseGitHubCommand(t *testing.T, line string) (cmd string, props map[string]string, data string) {
	t.Helper()
	if !strings.HasPrefix(line, "::") {
		t.Fatalf("not a command: %q", line)
	}
	rest := line[2:]
	end := strings.Index(rest, "::")
	if end < 0 {
		t.Fatalf("no data separator: %q", line)
	}
	info, data := rest[:end], rest[end+2:]
	cmd, propText, _ := strings.Cut(info, " ")
	props = map[string]string{}
	for _, p := range strings.Split(propText, ",") {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			t.Fatalf("property without '=' in %q", line)
		}
		props[k] = githubUnescape(v, true)
	}
	return cmd, props, githubUnescape(data, false)
}

func TestGitHubRoundTrip(t *testing.T) {
	r := githubAwkwardResult()
	out := string(render(t, "github", Options{}, r))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(r.Diagnostics) {
		t.Fatalf("%d lines for %d diagnostics (a CR or LF escaped?):\n%s", len(lines), len(r.Diagnostics), out)
	}
	wantCmd := map[diag.Severity]string{diag.SeverityError: "error", diag.SeverityWarning: "warning", diag.SeverityInfo: "notice"}
	for i, d := range r.Diagnostics {
		if strings.ContainsRune(lines[i], '\r') {
			t.Errorf("line %d holds a raw CR: %q", i, lines[i])
		}
		cmd, props, data := parseGitHubCommand(t, lines[i])
		if cmd != wantCmd[d.Severity] || props["file"] != d.File || props["title"] != d.Rule || data != d.Message {
			t.Errorf("line %d = %q\nparsed %s %q %q", i, lines[i], cmd, props, data)
		}
	}
}

func TestGitHubFromSubdirectory(t *testing.T) {
	r := &Result{
		Diagnostics: []diag.Diagnostic{finding("a.lua", 1, 1, 1, 2, "style-note", diag.SeverityInfo, "m")},
		WorkDir:     "/repo/scripts", SourceRoot: "/repo",
	}
	if got := string(render(t, "github", Options{}, r)); !strings.HasPrefix(got, "::notice file=scripts/a.lua,") {
		t.Errorf("got %q, want the file named from the repository root", got)
	}
}

// TestGitHubEscapesControls: every field of a workflow command that comes
// from the file is free of raw control characters (issue 19 item 10: a
// shebang flag holding ESC reached the log as it was): ESC, BEL, C1
// controls and invalid UTF-8 show as the text format shows them, line
// breaks stay escaped as the runner unescapes them.
func TestGitHubEscapesControls(t *testing.T) {
	r := &Result{Files: 1, Diagnostics: []diag.Diagnostic{
		finding("evil\x1b]8;;x\x07.lua", 1, 1, 1, 2, "invalid-shebang", diag.SeverityError,
			"unknown flag \x1b[2J\x9b31m\xff in #!lua flags=\x1b[2J,\x00\x7f\r\nnext"),
	}}
	out := string(render(t, "github", Options{}, r))
	for _, c := range strings.TrimSuffix(out, "\n") {
		if c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) {
			t.Fatalf("raw control %q in %q", c, out)
		}
	}
	want := "::error file=evil␛]8;;x␇.lua,line=1,col=1,endLine=1,endColumn=2,title=invalid-shebang::unknown flag ␛[2J\uFFFD31m\uFFFD in #!lua flags=␛[2J,␀␡%0D%0Anext\n"
	if out != want {
		t.Errorf("got  %q\nwant %q", out, want)
	}
}
