package source

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// maxSiblings bounds the .lua files of one folder read for their top-level
// names: a folder of fragments that a loader joins holds a few dozen.
const maxSiblings = 500

// siblingDefs knows, per folder, the names the folder's headers (.lua
// files that only define names at their top level: luasrc.Header) define
// there (luasrc.TopLevelNames), read the first time a file of the
// folder asks: only a file with a global it does not define or assigns
// asks (undefined-global and global-assignment through
// lint.Config.Siblings), so a folder of clean scripts is never read twice.
type siblingDefs struct {
	limit int64
	mu    sync.Mutex
	dirs  map[string]func() map[string][]siblingDef
}

// siblingDef is a header that defines a name, and whether it declares it
// local (lint.Sibling).
type siblingDef struct {
	file  string
	local bool
}

func (s *Files) siblings() *siblingDefs {
	s.sibOnce.Do(func() { s.sibs = &siblingDefs{limit: s.Limit, dirs: map[string]func() map[string][]siblingDef{}} })
	return s.sibs
}

// of returns, for the file at path, the names other .lua files of its
// folder define at their top level, each with the first such file (in
// name order) that declares it local, or else the first that assigns it,
// named "sibling " and its base name as a message names it.
func (d *siblingDefs) of(path string) func() map[string]lint.Sibling {
	dir, self := filepath.Dir(path), filepath.Base(path)
	d.mu.Lock()
	defs, ok := d.dirs[dir]
	if !ok {
		defs = sync.OnceValue(func() map[string][]siblingDef { return d.read(dir) })
		d.dirs[dir] = defs
	}
	d.mu.Unlock()
	return func() map[string]lint.Sibling {
		out := map[string]lint.Sibling{}
		for name, files := range defs() {
			for _, f := range files {
				if f.file == self {
					continue
				}
				if got, ok := out[name]; !ok || f.local && !got.Local {
					out[name] = lint.Sibling{Script: "sibling " + f.file, Local: f.local}
				}
			}
		}
		return out
	}
}

// read parses the regular .lua files of dir (each within the size limit;
// what cannot be read is left out: the folder's scripts are still linted)
// and lists, per top-level name, the files that define it.
func (d *siblingDefs) read(dir string) map[string][]siblingDef {
	out := map[string][]siblingDef{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".lua") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) > maxSiblings {
		names = names[:maxSiblings]
	}
	for _, n := range names {
		src, _, err := readFile(filepath.Join(dir, n), d.limit, false)
		if err != nil {
			continue
		}
		f := luasrc.ParseDeclarations(n, src)
		if f.Chunk == nil || !luasrc.Header(f.Chunk) {
			continue
		}
		locals := luasrc.TopLevelLocals(f.Chunk)
		for _, name := range luasrc.TopLevelNames(f.Chunk) {
			fs := out[name]
			switch {
			case len(fs) == 0 || fs[len(fs)-1].file != n:
				out[name] = append(fs, siblingDef{file: n, local: slices.Contains(locals, name)})
			case slices.Contains(locals, name):
				fs[len(fs)-1].local = true
			}
		}
	}
	return out
}
