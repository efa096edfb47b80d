package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// Tree gives each path the settings of the configuration nearest above it:
// the first .lint-lua.yaml found walking up from the path's folder to the
// repository's root (config.Find), so that `lint-lua services/a/x.lua`
// run from the root reads services/a/.lint-lua.yaml, as go vet and the
// golangci-lint plugin read the one nearest each package. --config names
// one file for every path, and --no-config reads none. The flags lie over
// each configuration as Resolve lays them; each configuration is read
// once. A Tree may be used by several goroutines.
type Tree struct {
	root  *Settings
	flags *Settings // the flags alone, checked
	// perPath is false when the flags name the configuration or refuse
	// one: then every path has root.
	perPath bool
	mu      sync.Mutex
	// found is the configuration file found from a folder ("" for none),
	// and loaded the settings of each file found.
	found  map[string]foundConfig
	loaded map[string]*loadedSettings
	// finder remembers the walks up of the folders already asked about,
	// and byFolder the answer of For for each folder as a path names it.
	finder   config.Finder
	byFolder map[string]forResult
}

type forResult struct {
	set *Settings
	err error
}

type foundConfig struct {
	path string
	err  error
}

type loadedSettings struct {
	once sync.Once
	set  *Settings
	err  error
}

// NewTree checks the flags and resolves the settings of dir, the working
// directory (Root): the run-wide settings (languages:, includes:,
// script_apis:) are its.
func NewTree(cat *lint.Catalogue, dir string, f Flags) (*Tree, error) {
	root, err := Resolve(cat, dir, f)
	if err != nil {
		return nil, err
	}
	flags, err := resolveFlags(cat, f)
	if err != nil {
		return nil, err
	}
	return &Tree{root: root, flags: flags, perPath: f.Config == "" && !f.NoConfig,
		found: map[string]foundConfig{}, loaded: map[string]*loadedSettings{}}, nil
}

// Root is the settings of the working directory: its nearest
// configuration, or the one --config names.
func (t *Tree) Root() *Settings { return t.root }

// ConfigError is a configuration that could not be read, as the files it
// would have applied to report it: once however many there are.
type ConfigError struct {
	Path string
	Err  error
}

func (e *ConfigError) Error() string { return e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// Key makes the driver report the error once (driver.keyedError).
func (e *ConfigError) Key() string { return "config " + e.Path }

// For returns the settings of the file or folder at path: those of the
// configuration nearest above it (for a folder, above the folder: a
// folder's own configuration is about what it holds, so that its parent's
// exclude: decides whether it is searched).
func (t *Tree) For(path string) (*Settings, error) {
	if !t.perPath {
		return t.root, nil
	}
	// Paths of one folder share the text before their last separator,
	// which decides filepath.Dir: the answer is looked up by it, so that
	// the files of a folder do not each clean their path twice (Dir and
	// Abs, 25 M instructions over Redisson's 3,753 files).
	i := len(path) - 1
	for i >= 0 && !os.IsPathSeparator(path[i]) {
		i--
	}
	folder := path[:i+1]
	t.mu.Lock()
	r, ok := t.byFolder[folder]
	t.mu.Unlock()
	if ok {
		return r.set, r.err
	}
	r.set, r.err = t.forFolder(path)
	t.mu.Lock()
	if t.byFolder == nil {
		t.byFolder = map[string]forResult{}
	}
	t.byFolder[folder] = r
	t.mu.Unlock()
	return r.set, r.err
}

// forFolder is For without the answers by folder.
func (t *Tree) forFolder(path string) (*Settings, error) {
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t.mu.Lock()
	fc, ok := t.found[dir]
	t.mu.Unlock()
	if !ok {
		fc.path, fc.err = t.finder.Find(dir)
		t.mu.Lock()
		t.found[dir] = fc
		t.mu.Unlock()
	}
	if fc.err != nil {
		return nil, &ConfigError{Path: dir, Err: fc.err}
	}
	if t.root.Config != nil && t.root.Config.Path == fc.path {
		return t.root, nil
	}
	t.mu.Lock()
	ls := t.loaded[fc.path]
	if ls == nil {
		ls = &loadedSettings{}
		t.loaded[fc.path] = ls
	}
	t.mu.Unlock()
	ls.once.Do(func() {
		set := *t.flags
		if fc.path != "" {
			if set.Config, ls.err = load(set.rules, "", fc.path); ls.err != nil {
				ls.err = &ConfigError{Path: fc.path, Err: ls.err}
				return
			}
		}
		set.withConfig()
		ls.set = &set
	})
	return ls.set, ls.err
}
