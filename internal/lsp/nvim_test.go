package lsp

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/slowtest"
)

var updateTranscript = flag.Bool("update-transcript", false, "write the Neovim session's log to docs/lsp-neovim-transcript.txt")

// nvimScript is the script the Neovim session opens.
const nvimScript = `-- Top ten, and an idempotency token taken with SETNX then EXPIRE
local top = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '+inf', 'LIMIT', 0, 10)
if redis.call('SETNX', KEYS[1], '1') == 1 then
  redis.call('EXPIRE', KEYS[1], 86400)
  return top
end
seen = true
return 'dup'
`

// TestNeovim runs lint-lua lsp under Neovim's built-in client
// (testdata/nvim/init.lua): diagnostics, hover on ZRANGEBYSCORE, a code
// action applied, and the diagnostics of the fixed buffer. It skips when
// nvim is not installed.
func TestNeovim(t *testing.T) {
	slowtest.Gate(t, "builds lint-lua and runs Neovim")
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (apt-get install neovim)")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "lint-lua")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/lint-lua").CombinedOutput(); err != nil {
		t.Fatalf("build lint-lua: %v\n%s", err, out)
	}
	proj := filepath.Join(tmp, "project")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(proj, "token.lua")
	if err := os.WriteFile(file, []byte(nvimScript), 0o644); err != nil {
		t.Fatal(err)
	}
	init, err := filepath.Abs("testdata/nvim/init.lua")
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(tmp, "session.log")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "-u", init)
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "LINT_LUA_BIN="+bin, "LINT_LUA_FILE="+file, "LINT_LUA_LOG="+logPath, "XDG_STATE_HOME="+tmp, "XDG_CACHE_HOME="+tmp, "XDG_DATA_HOME="+tmp, "XDG_CONFIG_HOME="+tmp)
	out, runErr := cmd.CombinedOutput()
	logText, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatalf("no session log: %v (nvim: %v)\n%s", err, runErr, out)
	}
	t.Logf("session:\n%s", logText)
	if runErr != nil {
		t.Fatalf("nvim: %v\n%s", runErr, out)
	}
	got := string(logText)
	for _, want := range []string{
		"diagnostics (textDocument/publishDiagnostics):",
		"3:4 info [setnx-then-expire] key KEYS[1] taken with SETNX gets its expiry from the EXPIRE on line 4",
		"7:1 error [global-assignment] assignment to global seen",
		"**ZRANGEBYSCORE** · sorted set",
		"**complexity**: `O(log(N)+M)`",
		"**deprecated**: since 6.2.0",
		"https://redis.io/docs/latest/commands/zrangebyscore/",
		"- ignore setnx-then-expire on this line",
		"3 | if redis.call('SET', KEYS[1], '1', 'NX', 'EX', 86400) then",
		"diagnostics after the fix (from the unsaved buffer):",
		"\nok\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("session log lacks %q", want)
		}
	}
	if after := got[strings.Index(got, "diagnostics after the fix"):]; strings.Contains(after, "[setnx-then-expire]") || !strings.Contains(after, "[global-assignment]") {
		t.Errorf("diagnostics after the fix:\n%s", after)
	}
	if *updateTranscript {
		doc := "# lint-lua lsp under Neovim: a session's log\n\n" +
			"Written by `LINT_LUA_SLOW_TESTS=1 go test ./internal/lsp -run TestNeovim -update-transcript`:\n" +
			"Neovim's built-in client (internal/lsp/testdata/nvim/init.lua) starts `lint-lua lsp`, opens the\n" +
			"script, waits for its diagnostics, hovers ZRANGEBYSCORE, applies the fix of setnx-then-expire\n" +
			"offered as a code action, and waits for the diagnostics of the changed (unsaved) buffer.\n\n```\n" +
			got + "```\n"
		if err := os.WriteFile("../../docs/lsp-neovim-transcript.md", []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
