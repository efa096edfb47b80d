//go:build unix

package cli

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

var (
	hookedOnce sync.Once
	hookedPath string
	hookedErr  error
)

// buildHooked builds lint-lua with the test hook that makes --fix wait
// while its temporary file exists (internal/diskfile/testhook.go).
func buildHooked(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build lint-lua with")
	}
	hookedOnce.Do(func() {
		dir, err := os.MkdirTemp("", "lint-lua-hooked")
		if err != nil {
			hookedErr = err
			return
		}
		hookedPath = filepath.Join(dir, "lint-lua")
		if out, err := exec.Command(goBin, "build", "-tags", "lintlua_testhook", "-o", hookedPath, "../../cmd/lint-lua").CombinedOutput(); err != nil {
			hookedErr = fmt.Errorf("build lint-lua: %v\n%s", err, out)
		}
	})
	if hookedErr != nil {
		t.Fatal(hookedErr)
	}
	return hookedPath
}

const (
	fixableLua = "local v = redis.call('GET', KEYS[1])\nif v == nil then\n  return 0\nend\nreturn v\n"
	fixedLua   = "local v = redis.call('GET', KEYS[1])\nif not v then\n  return 0\nend\nreturn v\n"
)

// startPaused runs lint-lua --fix on a folder of one fixable file and
// returns once its temporary file exists, with the file's path and the
// temporary file's.
func startPaused(t *testing.T, bin string) (cmd *exec.Cmd, file, tmp string) {
	t.Helper()
	dir := t.TempDir()
	file = filepath.Join(dir, "a.lua")
	if err := os.WriteFile(file, []byte(fixableLua), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd = exec.Command(bin, "--fix", "a.lua")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LINT_LUA_TEST_PAUSE_AFTER_TEMP=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if _, p, ok := strings.Cut(sc.Text(), "lint-lua test hook: temp "); ok {
			tmp = p
			break
		}
	}
	if tmp == "" {
		t.Fatalf("lint-lua made no temporary file: %v", sc.Err())
	}
	if _, err := os.Stat(tmp); err != nil {
		t.Fatalf("the temporary file: %v", err)
	}
	go func() {
		for sc.Scan() {
		}
	}()
	return cmd, file, tmp
}

func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	left, err := filepath.Glob(filepath.Join(dir, ".*lint-lua*"))
	if err != nil {
		t.Fatal(err)
	}
	return left
}

// TestFixSignals sends each catchable signal that ends a run to a real
// lint-lua --fix while it holds its temporary file: the file is removed,
// the script keeps its content, and the process ends by the signal, or
// for SIGQUIT with status 131 (or 128+N where the signal is ignored from
// the start, as nohup does for SIGHUP) (issue 25 item 3: SIGHUP and SIGQUIT left
// the temporary file).
func TestFixSignals(t *testing.T) {
	bin := buildHooked(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			if signal.Ignored(sig) {
				t.Skipf("%v is ignored by this process (nohup), and so by lint-lua", sig)
			}
			cmd, file, _ := startPaused(t, bin)
			cmd.Process.Signal(sig)
			cmd.Wait()
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if sig == syscall.SIGQUIT {
				if !ws.Exited() || ws.ExitStatus() != 131 {
					t.Errorf("ended with %v, want exit status 131", cmd.ProcessState)
				}
			} else if !(ws.Signaled() && ws.Signal() == sig) && !(ws.Exited() && ws.ExitStatus() == 128+int(sig)) {
				// Under nohup SIGHUP's default is to ignore it: the
				// process then exits with the status a shell reports.
				t.Errorf("ended with %v, want the signal or status %d", cmd.ProcessState, 128+int(sig))
			}
			if left := leftovers(t, filepath.Dir(file)); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
			if b, _ := os.ReadFile(file); string(b) != fixableLua {
				t.Errorf("the script changed: %q", b)
			}
		})
	}
}

// TestFixAfterKill: SIGKILL leaves the temporary file; the next run that
// fixes a file in that folder removes it (its writer is gone: no process
// has its pid, and its lock is free), says so, and fixes the file. A file
// named as older runs named theirs is reported and kept, as is one whose
// writer still holds its lock.
func TestFixAfterKill(t *testing.T) {
	bin := buildHooked(t)
	cmd, file, tmp := startPaused(t, bin)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	dir := filepath.Dir(file)
	if left := leftovers(t, dir); len(left) != 1 || left[0] != tmp {
		t.Fatalf("after SIGKILL: %v, want %s", left, tmp)
	}
	old := filepath.Join(dir, ".a.lua.lint-lua-123456")
	if err := os.WriteFile(old, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	// A writer at work: this test holds the lock of a file named with a
	// pid no process has.
	busy := filepath.Join(dir, ".a.lua.lint-lua-999999999-42")
	f, err := os.Create(busy)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Skipf("flock: %v", err)
	}

	again := exec.Command(bin, "--fix", "a.lua")
	again.Dir = dir
	out, err := again.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if b, _ := os.ReadFile(file); string(b) != fixedLua {
		t.Errorf("not fixed: %q", b)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the killed run's temporary file is still there: %v", err)
	}
	for _, want := range []string{
		"lint-lua: removed " + tmp + ", the temporary file of a lint-lua --fix that was killed (process ",
		"lint-lua: " + old + " may be the temporary file of a lint-lua --fix that was killed; kept: an older lint-lua's temporary file",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
	if strings.Contains(string(out), busy) {
		t.Errorf("a file whose writer holds its lock is mentioned:\n%s", out)
	}
	for _, p := range []string{old, busy} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
}
