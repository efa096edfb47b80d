package cli

import (
	"slices"
	"strings"
	"testing"
)

// TestBundleFragments: a built bundle that carries its .lua originals
// beside it (bullmq's dist/cjs/scripts/*.js next to dist/cjs/commands/ and
// its includes/) joins header strings with pieces at run time. A piece
// found by its text that only calls what those headers define is a
// fragment: one info finding, never an error. A name no header defines is
// still an error, and so is a header name in a text given to a script API,
// which is a whole script by contract.
func TestBundleFragments(t *testing.T) {
	t.Parallel()
	dir := tree(t, t.TempDir(), map[string]string{
		"dist/cjs/commands/includes/removeLock.lua": "local function removeLock(k, token)\n" +
			"  if redis.call('GET', k) == token then return redis.call('DEL', k) end\n  return 0\nend\n",
		"dist/cjs/commands/includes/rcall.lua": "local rcall = redis.call\n",
		"dist/cjs/scripts/release.js": "const { header } = require('./header');\n" +
			"const piece = `return removeLock(KEYS[1], ARGV[1]) + rcall('DEL', KEYS[2])`;\n" +
			"const broken = `return unknownHelper(KEYS[1])`;\n" +
			"exports.release = { piece, keys: 2 }; // joined with the header in another module\n" +
			"async function direct(redis) { return redis.eval(\"return removeLock(KEYS[1], ARGV[1])\", 1, 'k'); }\n",
	})
	code, got, errs := runIn(t, dir, "--min-severity", "info", "--only", "undefined-global", ".")
	lines := slices.Sorted(slices.Values(got))
	want := []string{
		// The piece: one info finding, naming the header.
		"dist/cjs/scripts/release.js:2:23-2:33 undefined-global global removeLock (+1 more) is defined only by the .lua header ../commands/includes/removeLock.lua",
		"dist/cjs/scripts/release.js:3:24-3:37 undefined-global global unknownHelper does not exist",
		"dist/cjs/scripts/release.js:5:58-5:68 undefined-global global removeLock does not exist",
	}
	if code != ExitFindings || errs != "" || len(lines) != len(want) {
		t.Fatalf("exit %d, stderr %q, findings:\n%s", code, errs, strings.Join(lines, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("finding %d:\n got %s\nwant %s...", i, lines[i], want[i])
		}
	}
	r := decode(t, in(t, dir, "--format", "json", "--min-severity", "info", "--only", "undefined-global", "."))
	sev := r.findings()
	slices.Sort(sev)
	if strings.Join(sev, " ") != "dist/cjs/scripts/release.js:2:undefined-global:info dist/cjs/scripts/release.js:3:undefined-global:error dist/cjs/scripts/release.js:5:undefined-global:error" {
		t.Errorf("severities: %v", sev)
	}
}
