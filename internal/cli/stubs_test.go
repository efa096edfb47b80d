package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStubs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()

	r := in(t, dir, "stubs", "--format", "luals", "--target", "valkey-8.0")
	wantCode(t, r, ExitOK)
	if !strings.HasPrefix(r.out, "---@meta redis\n") || !strings.Contains(r.out, "\nserver = redis\n") ||
		!strings.Contains(r.out, "`lint-lua stubs --format luals --target valkey-8.0`") {
		t.Errorf("printed definitions lack the meta line, the server alias or the command in the header:\n%.400s", r.out)
	}

	r = in(t, dir, "stubs", "--format", "luacheck", "--target", "redis-7.0", "-o", "defs")
	wantCode(t, r, ExitOK)
	rc, err := os.ReadFile(filepath.Join(dir, "defs", ".luacheckrc"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rc), `std = "redis"`) || strings.Contains(string(rc), "\t\tos = ") {
		t.Errorf(".luacheckrc for redis-7.0 does not select its std or declares os:\n%s", rc)
	}
	if r.out != "wrote "+filepath.Join("defs", ".luacheckrc")+"\n" {
		t.Errorf("stdout = %q", r.out)
	}

	// An existing file stays unless --force.
	r = in(t, dir, "stubs", "--format", "luacheck", "-o", "defs")
	wantCode(t, r, ExitError)
	wantErr(t, r, filepath.Join(dir, "defs", ".luacheckrc")+" exists", "--force")
	r = in(t, dir, "stubs", "--format", "luacheck", "-o", "defs", "--force", "--modules=")
	wantCode(t, r, ExitOK)
	rc, _ = os.ReadFile(filepath.Join(dir, "defs", ".luacheckrc"))
	if !strings.Contains(string(rc), "--target redis --modules=`") {
		t.Errorf("the header does not say the modules were none:\n%.300s", rc)
	}

	r = in(t, dir, "stubs", "--format", "selene", "-o", "sel")
	wantCode(t, r, ExitOK)
	for _, f := range []string{"redis.yml", "selene.toml"} {
		if _, err := os.Stat(filepath.Join(dir, "sel", f)); err != nil {
			t.Error(err)
		}
	}

	// The configuration's target is the default.
	tree(t, dir, map[string]string{".lint-lua.yaml": "target: valkey-7.2\n"})
	r = in(t, dir, "stubs", "--format", "luals")
	wantCode(t, r, ExitOK)
	if !strings.Contains(r.out, "for Valkey 7.2.") {
		t.Errorf("the configuration's target valkey-7.2 is not the one described:\n%.300s", r.out)
	}
}

func TestStubsUsage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stubs"}, "--format is required (luals, luacheck, selene)"},
		{[]string{"stubs", "--format", "emmylua"}, `unknown format "emmylua" (valid: luals, luacheck, selene)`},
		{[]string{"stubs", "--format", "luals", "--target", "redis-5"}, `invalid target "redis-5"`},
		{[]string{"stubs", "--format", "luals", "extra"}, `unknown command "extra"`},
	} {
		r := in(t, dir, tc.args...)
		wantCode(t, r, ExitError)
		wantErr(t, r, tc.want)
	}
	// -o on a file: the error names it.
	tree(t, dir, map[string]string{"file": "x"})
	r := in(t, dir, "stubs", "--format", "selene", "-o", "file")
	wantCode(t, r, ExitError)
	wantErr(t, r, filepath.Join(dir, "file"))
}
