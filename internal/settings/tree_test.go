package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTree: each path gets the nearest configuration above it, read once;
// --config and --no-config give every path the same.
func TestTree(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".git/HEAD":             "",
		".lint-lua.yaml":        "target: redis-7.0\ninclude: [legacy]\n",
		"a/.lint-lua.yaml":      "target: valkey-8.0\nall_lua: true\n",
		"a/b/x.lua":             "",
		"c/y.lua":               "",
		"broken/.lint-lua.yaml": "nope: 1\n",
	})
	tr, err := NewTree(cat, dir, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, target string }{
		{"a/b/x.lua", "valkey-8.0"}, {"a/x.lua", "valkey-8.0"}, {"c/y.lua", "redis-7.0"}, {"z.lua", "redis-7.0"},
	} {
		p := filepath.Join(dir, c.path)
		s, err := tr.For(p)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if got := s.Target(p).String(); got != c.target {
			t.Errorf("%s: target %s, want %s", c.path, got, c.target)
		}
	}
	a1, _ := tr.For(filepath.Join(dir, "a/b/x.lua"))
	a2, _ := tr.For(filepath.Join(dir, "a/y.lua"))
	if a1 != a2 {
		t.Errorf("a/.lint-lua.yaml resolved twice")
	}
	if a1.ScriptsOnly(filepath.Join(dir, "a/b/x.lua")) {
		t.Errorf("all_lua: true, but a/b/x.lua is judged")
	}
	root := tr.Root()
	if root.ScriptsOnly(filepath.Join(dir, "legacy/q.lua")) || !root.ScriptsOnly(filepath.Join(dir, "c/y.lua")) {
		t.Errorf("include: [legacy] not applied as exclude: is")
	}
	// The folder a/ is judged by the configuration above it.
	if s, _ := tr.For(filepath.Join(dir, "a")); s != root {
		t.Errorf("a/ has its own configuration's settings, want its parent's")
	}
	_, err = tr.For(filepath.Join(dir, "broken/z.lua"))
	var ce *ConfigError
	if err == nil || !strings.Contains(err.Error(), "unknown key \"nope\"") || !asConfigError(err, &ce) || !strings.HasSuffix(ce.Path, filepath.Join("broken", ".lint-lua.yaml")) {
		t.Errorf("broken configuration: %v", err)
	}

	for _, f := range []Flags{{Config: filepath.Join(dir, "a/.lint-lua.yaml")}, {NoConfig: true}} {
		tr, err := NewTree(cat, dir, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"a/b/x.lua", "c/y.lua", "broken/z.lua"} {
			if s, err := tr.For(filepath.Join(dir, p)); err != nil || s != tr.Root() {
				t.Errorf("%+v: %s has settings of its own (%v)", f, p, err)
			}
		}
	}
}

func asConfigError(err error, ce **ConfigError) bool {
	e, ok := err.(*ConfigError)
	*ce = e
	return ok
}

// TestTreeForByFolder checks that For, which remembers its answer for the
// folder part of a path as written, gives each path what a Tree that
// remembers nothing by folder gives: paths of one folder written in
// several ways, a folder and the files in it, a relative path, a path
// without a folder, and a broken configuration.
func TestTreeForByFolder(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".git/HEAD":             "",
		".lint-lua.yaml":        "target: redis-7.0\n",
		"a/.lint-lua.yaml":      "target: valkey-8.0\n",
		"a/b/x.lua":             "",
		"broken/.lint-lua.yaml": "nope: 1\n",
	})
	t.Chdir(dir)
	paths := []string{"a/b/x.lua", "a/b/y.lua", "a//b/x.lua", "a/./b/x.lua", "a/b", "a/b/", "a", "a/", "x.lua",
		"broken/z.lua", "broken/q.lua", "broken", filepath.Join(dir, "a/b/x.lua"), filepath.Join(dir, "a/b/../z.lua")}
	tr, err := NewTree(cat, dir, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	for round := range 2 {
		for _, p := range paths {
			fresh, err := NewTree(cat, dir, Flags{})
			if err != nil {
				t.Fatal(err)
			}
			ws, werr := fresh.forFolder(p)
			gs, gerr := tr.For(p)
			if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("round %d, %s: error %v, want %v", round, p, gerr, werr)
			}
			if werr == nil && (gs.Config == nil) != (ws.Config == nil) || gs != nil && gs.Config != nil && gs.Config.Path != ws.Config.Path {
				t.Errorf("round %d, %s: settings of %v, want %v", round, p, gs.Config, ws.Config)
			}
		}
	}
	if len(tr.byFolder) < 6 {
		t.Fatalf("%d folders remembered", len(tr.byFolder))
	}
}
