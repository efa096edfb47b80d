package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigDiscovery checks issue 19 item 7 on the command line: a nearer
// configuration that is a dangling symbolic link is an error, not a reason
// to use the one above; the walk stops at the repository's root; option
// errors carry their line; a negative max-lines and an absolute exclude
// pattern are refused; a configuration past the size cap is refused,
// named.
func TestConfigDiscovery(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := tree(t, root, map[string]string{
		".lint-lua.yaml":      "rules:\n  global-assignment: off\n",
		"repo/.git/HEAD":      "ref: refs/heads/main\n",
		"repo/a.lua":          "x = ARGV[1]\n",
		"repo/sub/b.lua":      "x = ARGV[1]\n",
		"linked/c.lua":        "x = ARGV[1]\n",
		"linked/.placeholder": "",
	})
	// Above the repository: not read, so global-assignment is on.
	r := in(t, filepath.Join(dir, "repo"), "a.lua")
	wantCode(t, r, ExitFindings)

	if err := os.Symlink("missing.yaml", filepath.Join(dir, "linked", ".lint-lua.yaml")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	r = in(t, filepath.Join(dir, "linked"), "c.lua")
	wantCode(t, r, ExitError)
	if !strings.Contains(r.errOut, filepath.Join(dir, "linked", ".lint-lua.yaml")) || !strings.Contains(r.errOut, "symbolic link to nothing") {
		t.Errorf("dangling link: %q", r.errOut)
	}

	for _, tc := range []struct{ cfg, want string }{
		{"rules:\n  script-too-long:\n    options:\n      max-lines: -3\n", ".lint-lua.yaml:4:18: rule script-too-long option max-lines: want 0 or more, have -3"},
		{"rules:\n  script-too-long:\n    options:\n      max_lines: 4\n", ".lint-lua.yaml:4:18: rule script-too-long has no option \"max_lines\""},
		{"exclude:\n  - " + filepath.ToSlash(filepath.Join(dir, "repo", "gen")) + "/*.lua\n", `is an absolute path: patterns are relative to the configuration's directory; write "/gen/*.lua"`},
		{"exclude: ['~/gen']\n", "is a path in a home directory"},
		{"# " + strings.Repeat("x", 1<<20) + "\n", ".lint-lua.yaml: larger than 1 MiB"},
	} {
		tree(t, dir, map[string]string{"repo/.lint-lua.yaml": tc.cfg})
		r := in(t, filepath.Join(dir, "repo", "sub"), "b.lua")
		if r.code != ExitError || !strings.Contains(r.errOut, tc.want) {
			t.Errorf("%.60q: exit %d, %q; want an error containing %q", tc.cfg, r.code, r.errOut, tc.want)
		}
	}
}
