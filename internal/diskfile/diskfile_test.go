package diskfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func write(t *testing.T, p, s string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// within fails the test instead of hanging when f does not return.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("did not return")
	}
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.lua")
	write(t, p, "return 1\n", 0o644)
	src, id, err := Read(p, 100)
	if err != nil || string(src) != "return 1\n" || id.Size != 9 {
		t.Fatalf("Read: %q %+v %v", src, id, err)
	}
	if _, _, err := Read(p, 8); !isTooLarge(err) {
		t.Errorf("Read past the cap: %v, want *TooLargeError", err)
	}
	if src, _, err := Read(p, 9); err != nil || len(src) != 9 {
		t.Errorf("Read at the cap: %q %v", src, err)
	}
	if _, _, err := Read(dir, 100); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("Read of a directory: %v, want EISDIR", err)
	}
	if _, _, err := Read(filepath.Join(dir, "none.lua"), 100); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Read of nothing: %v", err)
	}
}

func isTooLarge(err error) bool {
	var e *TooLargeError
	return errors.As(err, &e)
}

// TestReadSpecial: Read refuses a named pipe without waiting for a writer,
// and a device, also through a symbolic link (issue 19 item 6: an include
// or a configuration that is a FIFO hung, one that is a link to /dev/zero
// ran out of memory); ReadNamed reads them to the cap.
func TestReadSpecial(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.lua")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	zero := filepath.Join(dir, "zero.lua")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skip(err)
	}
	within(t, func() {
		for _, p := range []string{fifo, zero, "/dev/null", "/dev/zero"} {
			_, _, err := Read(p, 1<<20)
			if !IsNotRegular(err) {
				t.Errorf("Read(%s): %v, want a refusal", p, err)
			}
		}
	})
	if _, _, err := Read(fifo, 1); err == nil || !strings.Contains(err.Error(), "not a regular file but a named pipe") {
		t.Errorf("message: %v", err)
	}
	if _, _, err := Read(zero, 1); err == nil || !strings.Contains(err.Error(), "not a regular file but a device") {
		t.Errorf("message: %v", err)
	}
	within(t, func() {
		if _, _, err := ReadNamed(zero, 1<<20); !isTooLarge(err) {
			t.Errorf("ReadNamed(/dev/zero): %v, want *TooLargeError", err)
		}
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err == nil {
				io.WriteString(f, "return 1\n")
				f.Close()
			}
		}()
		if src, _, err := ReadNamed(fifo, 1<<20); err != nil || string(src) != "return 1\n" {
			t.Errorf("ReadNamed(pipe): %q %v", src, err)
		}
	})
}

func TestReplace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.lua")
	write(t, p, "old\n", 0o640)
	old, id, err := Read(p, 100)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.lua")
	if err := os.Symlink("a.lua", link); err != nil {
		t.Fatal(err)
	}
	if err := Replace(link, old, id, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, p); got != "new\n" {
		t.Errorf("content %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", fi.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestReplaceKeepsOwnerAndMode: the new file has the old one's owner,
// group, and setuid, setgid and sticky bits (issue 19 item 2: run as root,
// --fix gave a user's file to root).
func TestReplaceKeepsOwnerAndMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.lua")
	write(t, p, "old\n", 0o600)
	uid, gid := os.Geteuid(), os.Getegid()
	if uid == 0 {
		uid, gid = 4321, 5432
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	for _, mode := range []os.FileMode{0o600, 0o755 | os.ModeSetuid | os.ModeSetgid, 0o644 | os.ModeSticky} {
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		old, id, err := Read(p, 100)
		if err != nil {
			t.Fatal(err)
		}
		if err := Replace(p, old, id, []byte(fmt.Sprint(mode))); err != nil {
			if errors.Is(err, ErrOwner) && os.Geteuid() != 0 {
				// A group bit the system does not let this user set is
				// refused, not dropped: also a pass.
				continue
			}
			t.Fatalf("%v: %v", mode, err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		if fi.Mode() != mode || int(st.Uid) != uid || int(st.Gid) != gid {
			t.Errorf("after Replace: mode %v uid %d gid %d, want %v %d %d", fi.Mode(), st.Uid, st.Gid, mode, uid, gid)
		}
	}
}

// TestReplaceChanged: a file edited, or replaced by another, between the
// read and the write is left alone (issue 19 item 1), whether the change
// comes before Replace or while it writes its temporary file.
func TestReplaceChanged(t *testing.T) {
	for _, when := range []string{"before", "during"} {
		for _, change := range []struct {
			name string
			do   func(p string)
			want string
		}{
			{"appended", func(p string) {
				f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
				f.WriteString("edit\n")
				f.Close()
			}, "old\nedit\n"},
			{"same size", func(p string) {
				// An editor's save with the same length and, on a coarse
				// clock, the same time: the content tells.
				f, _ := os.OpenFile(p, os.O_WRONLY, 0)
				f.WriteString("OLD\n")
				f.Close()
			}, "OLD\n"},
			{"replaced", func(p string) {
				os.Rename(p, p+".orig")
				os.WriteFile(p, []byte("NEW\n"), 0o644)
			}, "NEW\n"},
			{"removed", func(p string) { os.Remove(p) }, ""},
		} {
			t.Run(when+"/"+change.name, func(t *testing.T) {
				dir := t.TempDir()
				p := filepath.Join(dir, "a.lua")
				write(t, p, "old\n", 0o644)
				old, id, err := Read(p, 100)
				if err != nil {
					t.Fatal(err)
				}
				if when == "before" {
					change.do(p)
				} else {
					afterTemp = func(string) { change.do(p) }
					t.Cleanup(func() { afterTemp = nil })
				}
				err = Replace(p, old, id, []byte("fixed\n"))
				if change.name == "removed" {
					if err == nil {
						t.Fatal("Replace wrote a removed file back")
					}
					if _, serr := os.Stat(p); serr == nil {
						t.Error("the removed file is back")
					}
				} else {
					if !errors.Is(err, ErrChanged) {
						t.Fatalf("Replace: %v, want ErrChanged", err)
					}
					if got := readString(t, p); got != change.want {
						t.Errorf("content %q, want %q", got, change.want)
					}
				}
				if left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*")); len(left) > 0 {
					t.Errorf("temporary files left: %v", left)
				}
			})
		}
	}
}

// TestReplaceRefuses: a read-only file and a file with another hard link
// are refused and left as they are (issue 19 items 2 and 3).
func TestReplaceRefuses(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.lua")
	write(t, ro, "old\n", 0o444)
	old, id, _ := Read(ro, 100)
	if err := Replace(ro, old, id, []byte("new\n")); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only: %v", err)
	}
	if readString(t, ro) != "old\n" {
		t.Error("read-only file written")
	}
	a := filepath.Join(dir, "a.lua")
	write(t, a, "old\n", 0o644)
	if err := os.Link(a, filepath.Join(dir, "b.lua")); err != nil {
		t.Skip(err)
	}
	old, id, _ = Read(a, 100)
	if err := Replace(a, old, id, []byte("new\n")); !errors.Is(err, ErrLinked) || !strings.Contains(err.Error(), "2 links") {
		t.Errorf("hard link: %v", err)
	}
	if readString(t, a) != "old\n" || readString(t, filepath.Join(dir, "b.lua")) != "old\n" {
		t.Error("linked file written")
	}
}

// TestWritableBy is the permission check by mode bits for every class of
// user, without needing one.
func TestWritableBy(t *testing.T) {
	const owner, group = 1000, 100
	id := func(mode uint32) ID { return ID{Mode: mode, Uid: owner, Gid: group} }
	for _, c := range []struct {
		mode       uint32
		euid, egid int
		groups     []int
		want       bool
	}{
		{0o644, owner, group, nil, true},
		{0o444, owner, group, nil, false},
		{0o464, owner, group, nil, false}, // the owner's bits apply to the owner
		{0o464, 2000, group, nil, true},
		{0o464, 2000, 7, []int{group}, true},
		{0o644, 2000, 7, []int{group}, false},
		{0o646, 2000, 7, nil, true},
		{0o644, 2000, 7, nil, false},
		{0o444, 0, 0, nil, false}, // nobody may write it: read-only by intent
		{0o400, 0, 0, nil, false},
		{0o600, 0, 0, nil, true},
		{0o004, 0, 0, nil, false},
	} {
		if got := writableBy(id(c.mode), c.euid, c.egid, c.groups); got != c.want {
			t.Errorf("mode %04o, euid %d egid %d groups %v: %v, want %v", c.mode, c.euid, c.egid, c.groups, got, c.want)
		}
	}
}

// The helper process runs one Replace, or waits in one, as told by its
// environment, for the tests that need another user or a signal.
func TestHelperProcess(t *testing.T) {
	p := os.Getenv("DISKFILE_HELPER_FILE")
	if p == "" {
		t.Skip("run by other tests")
	}
	if os.Getenv("DISKFILE_HELPER_WAIT") != "" {
		stop := CleanUpOnSignal()
		defer stop()
		afterTemp = func(tmp string) {
			fmt.Println("temp", tmp)
			time.Sleep(time.Minute)
		}
	}
	old, id, err := Read(p, 1<<20)
	if err == nil {
		err = Replace(p, old, id, []byte("new\n"))
	}
	fmt.Println("result:", err)
}

func helper(t *testing.T, bin string, env ...string) *exec.Cmd {
	cmd := exec.Command(bin, "-test.run=^TestHelperProcess$", "-test.v")
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// TestReplaceAsAnotherUser runs Replace as nobody (from root): a read-only
// file of its own is refused, and so is a file it may write but whose
// owner it cannot give the new file; both are left as they are.
func TestReplaceAsAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to drop to another user; TestReplaceRefuses and TestWritableBy cover this user")
	}
	const nobody = 65534
	// A copy of the test binary and a directory that nobody can reach.
	dir, err := os.MkdirTemp("", "diskfile-user-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "diskfile.test")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	write(t, bin, string(self), 0o755)
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(work, 0o777)
	own := filepath.Join(work, "own.lua")
	write(t, own, "old\n", 0o444)
	os.Chown(own, nobody, nobody)
	shared := filepath.Join(work, "shared.lua")
	write(t, shared, "old\n", 0o666) // root's, writable by all
	mine := filepath.Join(work, "mine.lua")
	write(t, mine, "old\n", 0o640)
	os.Chown(mine, nobody, nobody)
	for _, c := range []struct{ file, want, content string }{
		{own, "result: " + ErrReadOnly.Error(), "old\n"},
		{shared, "result: " + ErrOwner.Error(), "old\n"},
		{mine, "result: <nil>", "new\n"},
	} {
		cmd := helper(t, bin, "DISKFILE_HELPER_FILE="+c.file)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.file, err, out)
		}
		if !strings.Contains(string(out), c.want) {
			t.Errorf("%s: want %q in\n%s", filepath.Base(c.file), c.want, out)
		}
		if got := readString(t, c.file); got != c.content {
			t.Errorf("%s: content %q, want %q", filepath.Base(c.file), got, c.content)
		}
	}
	if fi, _ := os.Stat(mine); fi.Sys().(*syscall.Stat_t).Uid != nobody || fi.Mode().Perm() != 0o640 {
		t.Errorf("nobody's own file: %v", fi.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(work, ".*lint-lua*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestSignalRemovesTemp: SIGINT or SIGTERM while the temporary file exists
// removes it, leaves the old file, and ends the process by the signal.
func TestSignalRemovesTemp(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		if signal.Ignored(sig) {
			continue // nohup: the helper ignores it too
		}
		dir := t.TempDir()
		p := filepath.Join(dir, "a.lua")
		write(t, p, "old\n", 0o644)
		cmd := helper(t, os.Args[0], "DISKFILE_HELPER_FILE="+p, "DISKFILE_HELPER_WAIT=1")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the temporary file.
		buf := make([]byte, 4096)
		var got string
		for !strings.Contains(got, "temp ") {
			n, err := out.Read(buf)
			if err != nil {
				t.Fatalf("helper: %v: %s", err, got)
			}
			got += string(buf[:n])
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*")); len(left) != 1 {
			t.Fatalf("no temporary file while waiting: %v", left)
		}
		cmd.Process.Signal(sig)
		err = cmd.Wait()
		ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ok || !(ws.Signaled() && ws.Signal() == sig) && !(ws.Exited() && ws.ExitStatus() == 128+int(sig)) {
			// 128+N: the signal was ignored from the start (nohup's
			// SIGHUP), and the process exits as a shell reports it.
			t.Errorf("%v: the helper ended with %v, not by the signal", sig, err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*")); len(left) > 0 {
			t.Errorf("%v: temporary files left: %v", sig, left)
		}
		if readString(t, p) != "old\n" {
			t.Errorf("%v: the file changed", sig)
		}
	}
}
