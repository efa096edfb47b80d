package source

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestWalkSubdirectoriesFirst: the walk lists a directory's subdirectories
// before its files, in the order of names, so that fragments below the
// scripts that include them are linted first; skip leaves out a directory
// whole.
func TestWalkSubdirectoriesFirst(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.lua", "z.lua", "includes/b.lua", "includes/deep/c.lua", "m/d.lua", "node_modules/x.lua", "notes.txt", "skipped/e.lua"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	skip := func(p string) bool { return filepath.Base(p) == "skipped" }
	if errs := walk("root", dir, skip, isLua, func(name, _ string, named bool) {
		if named {
			t.Errorf("%s found as named", name)
		}
		got = append(got, name)
	}); len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []string{"root/includes/deep/c.lua", "root/includes/b.lua", "root/m/d.lua", "root/a.lua", "root/z.lua"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("walk order %q, want %q", got, want)
	}
	// A file given as the root is found whatever its name, as named.
	got = nil
	walk("notes", filepath.Join(dir, "notes.txt"), skip, isLua, func(name, _ string, named bool) {
		if !named {
			t.Errorf("%s found as not named", name)
		}
		got = append(got, name)
	})
	if !reflect.DeepEqual(got, []string{"notes"}) {
		t.Errorf("a named file: %q", got)
	}
}

// joinClean must give what filepath.Join gives for the paths a walk joins.
func TestJoinCleanMatchesJoin(t *testing.T) {
	for _, root := range []string{".", "./", "..", "../x/", "a", "a/b/", "./a//b/../c", "/", "/a", "//a/", "a/./"} {
		dir := filepath.Clean(root)
		for _, elem := range []string{"x.lua", "sub", ".hidden", "a b.lua", "..x"} {
			if got, want := joinClean(dir, elem), filepath.Join(root, elem); got != want {
				t.Errorf("joinClean(%q, %q) = %q, filepath.Join(%q, %q) = %q", dir, elem, got, root, elem, want)
			}
		}
	}
}
