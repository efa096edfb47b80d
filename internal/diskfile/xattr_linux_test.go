package diskfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// run runs a command of the attr and acl tools, skipping the test where
// the file system keeps no extended attributes.
func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		if strings.Contains(string(out), "not supported") {
			t.Skipf("the file system of the test's temporary directory keeps no extended attributes: %s", out)
		}
		if errors.Is(err, exec.ErrNotFound) {
			t.Skipf("%s is not installed", name)
		}
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// attrs is what getfacl and getfattr say of a file: its ACL (with the
// mode bits it shows) and every extended attribute this process may list.
func attrs(t *testing.T, p string) string {
	t.Helper()
	return run(t, "getfacl", "--absolute-names", p) + run(t, "getfattr", "--absolute-names", "-d", "-m", "-", p)
}

// TestReplaceKeepsACLAndXattrs: a file with an ACL entry for another user
// and user.* attributes keeps them, and its mode, after a Replace (issue 25
// item 1: the ACL was dropped and its mask landed in the group bits); a
// file without an ACL in a directory with a default ACL does not gain the
// ACL the new file inherits.
func TestReplaceKeepsACLAndXattrs(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.lua")
	write(t, p, "old\n", 0o640)
	run(t, "setfattr", "-n", "user.origin", "-v", "from the test", p)
	run(t, "setfattr", "-n", "user.empty", p)
	run(t, "setfacl", "-m", "u:nobody:rw,g::r", p)
	before := attrs(t, p)
	if !strings.Contains(before, "user:nobody:rw-") || !strings.Contains(before, "mask::rw-") {
		t.Fatalf("setfacl did not take:\n%s", before)
	}
	old, id, err := Read(p, 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := Replace(p, old, id, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if readString(t, p) != "new\n" {
		t.Fatal("not written")
	}
	if after := attrs(t, p); after != before {
		t.Errorf("attributes before:\n%s\nafter:\n%s", before, after)
	}

	// A directory whose default ACL each new file inherits, and a file
	// whose own ACL was removed: the new file must not keep the
	// inherited one.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, "setfacl", "-d", "-m", "u:nobody:rwx", sub)
	q := filepath.Join(sub, "b.lua")
	write(t, q, "old\n", 0o644)
	run(t, "setfacl", "-b", q)
	before = attrs(t, q)
	if strings.Contains(before, "nobody") {
		t.Fatalf("setfacl -b left the entry:\n%s", before)
	}
	old, id, _ = Read(q, 100)
	if err := Replace(q, old, id, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if after := attrs(t, q); after != before {
		t.Errorf("inherited ACL kept; before:\n%s\nafter:\n%s", before, after)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*", ".*lint-lua*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestReplaceRefusesLostAttr: an attribute the new file cannot be given
// (the system refuses it) makes Replace refuse the file, named with the
// attribute and the reason, and leave it as it was.
func TestReplaceRefusesLostAttr(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.lua")
	write(t, p, "old\n", 0o644)
	run(t, "setfattr", "-n", "user.kept", "-v", "1", p)
	before := attrs(t, p)
	fsetxattr = func(fd int, name string, v []byte, flags int) error {
		if name == "user.kept" {
			return syscall.EPERM
		}
		return defaultFsetxattr(fd, name, v, flags)
	}
	t.Cleanup(func() { fsetxattr = defaultFsetxattr })
	old, id, _ := Read(p, 100)
	err := Replace(p, old, id, []byte("new\n"))
	if !errors.Is(err, ErrAttrs) || !strings.Contains(err.Error(), "user.kept: operation not permitted") {
		t.Fatalf("Replace: %v, want ErrAttrs naming user.kept", err)
	}
	if readString(t, p) != "old\n" || attrs(t, p) != before {
		t.Error("the refused file changed")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestReplaceRefusesSecurityAttrAsUser: run as nobody (from root), a file
// of nobody's own with a security.* attribute, which only a privileged
// process may set, is refused with the attribute and the system's reason,
// and left as it was.
func TestReplaceRefusesSecurityAttrAsUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to set a security.* attribute and drop to another user")
	}
	const nobody = 65534
	dir, err := os.MkdirTemp("", "diskfile-attr-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	bin := filepath.Join(dir, "diskfile.test")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	write(t, bin, string(self), 0o755)
	p := filepath.Join(dir, "tagged.lua")
	write(t, p, "old\n", 0o644)
	run(t, "setfattr", "-n", "security.lintlua", "-v", "label", p)
	os.Chown(p, nobody, nobody)
	before := attrs(t, p)
	cmd := helper(t, bin, "DISKFILE_HELPER_FILE="+p)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := "result: " + ErrAttrs.Error() + " (security.lintlua: operation not permitted)"; !strings.Contains(string(out), want) {
		t.Errorf("want %q in\n%s", want, out)
	}
	if readString(t, p) != "old\n" || attrs(t, p) != before {
		t.Error("the refused file changed")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*lint-lua*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
