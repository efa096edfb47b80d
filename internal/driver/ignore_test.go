package driver

import (
	"testing"
)

func TestInsertIgnores(t *testing.T) {
	t.Parallel()
	src := "a\r\n  b\nc"
	got := string(insertIgnores([]byte(src), map[int][]string{1: {"r1"}, 2: {"r2", "r3"}, 3: {"r4"}}, 1, []string{"whole"}, "#"))
	want := "# lint-lua: ignore-file whole -- " + IgnoreReason + "\r\n" +
		"# lint-lua: ignore r1 -- " + IgnoreReason + "\r\na\r\n" +
		"  # lint-lua: ignore r2,r3 -- " + IgnoreReason + "\n  b\n" +
		"# lint-lua: ignore r4 -- " + IgnoreReason + "\nc"
	if got != want {
		t.Errorf("insertIgnores:\n%q\nwant\n%q", got, want)
	}
}

// TestIgnoreLines: a comment line goes only above a line that starts
// outside every token and comment (Lua), or that does not continue the
// line above (a host file's backslash), and never above a shebang.
func TestIgnoreLines(t *testing.T) {
	t.Parallel()
	lua := &File{Name: "a.lua", Src: []byte("#!lua flags=no-writes\nlocal s = [[\nx]] .. 'y'\n--[[ a\nb ]] return s\n")}
	safe := luaLineStarts(lua)
	for line, want := range map[int]bool{1: false, 2: true, 3: false, 4: true, 5: false} {
		if got := safe(line); got != want {
			t.Errorf("Lua line %d: safe %v, want %v", line, got, want)
		}
	}
	host := hostLineStarts([]byte("#!/usr/bin/env python\nx = 1 + \\\n  2\ny = 3\n"))
	for line, want := range map[int]bool{1: false, 2: true, 3: false, 4: true, 9: false} {
		if got := host(line); got != want {
			t.Errorf("host line %d: safe %v, want %v", line, got, want)
		}
	}
	// A file that does not parse takes no ignore.
	if luaLineStarts(&File{Name: "b.lua", Src: []byte("if then")})(1) {
		t.Error("an ignore above a line of a file that does not parse")
	}
}
