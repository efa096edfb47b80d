package vettool

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestConfigFiles checks which configuration files the vet tool's
// -V=full answer hashes: the nearest at or above the directory, and those
// below it in the directories go vet ./... reaches.
func TestConfigFiles(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := []string{
		".lint-lua.yaml",
		"mod/.lint-lua.yml",
		"mod/a/.lint-lua.yaml",
		"mod/a/b/.lint-lua.yaml",
		"mod/.hidden/.lint-lua.yaml",
		"mod/_skip/.lint-lua.yaml",
		"mod/testdata/.lint-lua.yaml",
		"mod/vendor/x/.lint-lua.yaml",
		"mod/nested/go.mod",
		"mod/nested/.lint-lua.yaml",
	}
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("rules: {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := configFiles(filepath.Join(root, "mod"))
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range got {
		got[i] = filepath.ToSlash(strings.TrimPrefix(g, root+string(filepath.Separator)))
	}
	want := []string{"mod/.lint-lua.yml", "mod/a/.lint-lua.yaml", "mod/a/b/.lint-lua.yaml"}
	if !slices.Equal(got, want) {
		t.Errorf("configFiles(mod) = %q, want %q", got, want)
	}
	// From a directory without one, the nearest above it.
	got, err = configFiles(filepath.Join(root, "mod", "nested"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.HasSuffix(filepath.ToSlash(got[0]), "mod/nested/.lint-lua.yaml") {
		t.Errorf("configFiles(mod/nested) = %q", got)
	}
	if err := os.Remove(filepath.Join(root, "mod", ".lint-lua.yml")); err != nil {
		t.Fatal(err)
	}
	got, _ = configFiles(filepath.Join(root, "mod"))
	if len(got) == 0 || filepath.ToSlash(strings.TrimPrefix(got[0], root+string(filepath.Separator))) != ".lint-lua.yaml" {
		t.Errorf("configFiles(mod) without its own = %q, want the root's first", got)
	}
}

// TestToolID checks that the -V=full answer has the form the go command
// parses, and changes with a configuration file.
func TestToolID(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	id := func() string {
		t.Helper()
		s, err := toolID("/x/lint-lua-vet", dir)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(s)
		if len(f) != 5 || f[0] != "lint-lua-vet" || f[1] != "version" || f[2] != "devel" || !strings.HasPrefix(f[4], "buildID=") {
			t.Fatalf("-V=full answer %q: want 'lint-lua-vet version devel ... buildID=...'", s)
		}
		return f[4]
	}
	none := id()
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, ".lint-lua.yaml"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("rules: {}\n")
	one := id()
	write("rules:\n  global-assignment: off\n")
	two := id()
	if none == one || one == two || none == two {
		t.Errorf("ids %s, %s, %s: want three different", none, one, two)
	}
	write("rules: {}\n")
	if id() != one {
		t.Error("the same configuration gave another id")
	}
}
