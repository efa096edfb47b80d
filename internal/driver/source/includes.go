package source

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diskfile"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// includeCache remembers, for one run, what each included file declares:
// loaders share fragments among many scripts (bullmq includes the same
// helpers in dozens), so each is read and parsed once.
type includeCache struct {
	mu    sync.Mutex
	files map[string]*includedFile
	// named memoizes, by the directory part of a script's path (up to its
	// last separator, as written) and a directive, the records of the
	// files the directive names: the scripts of a tree share a few
	// directories and directives, and resolving the joined path for each
	// was a percent of a run.
	named map[string]map[string][]*includedFile
	// keep says a fragment parsed for its names before the walk reaches
	// it is kept for its own lint (take); kept counts the parsed files
	// held. A run that fixes does not keep them: its fix loop parses.
	keep bool
	kept int
	// limit is --max-file-size: a larger fragment is not read.
	limit int64
}

type includedFile struct {
	path  string
	once  sync.Once
	ok    bool
	names []string
	// includes are the paths the fragment's own directives name, as
	// written: its text is not kept,
	// so that a run over many trees holds no sources of finished files.
	includes []string
	// parsed is the fragment, parsed whole when a script needed its names
	// first, until its own lint takes it (guarded by includeCache.mu).
	parsed *luasrc.File
	// kids are the records of the files includes name (children).
	kidsOnce sync.Once
	kids     []*includedFile
}

// maxKept bounds the parsed fragments held for their own lint: a fragment
// outside the linted tree is never taken.
const maxKept = 64

// keepParsedMax is the largest fragment kept parsed: the AST and token
// index of a larger one weigh more than parsing it again costs.
const keepParsedMax = 64 << 10

func newIncludeCache(limit int64) *includeCache {
	return &includeCache{files: map[string]*includedFile{}, named: map[string]map[string][]*includedFile{}, limit: limit}
}

// load reads and parses an included file once; ok is false when it cannot
// be read. Fragments include one another in any order of their names, so
// a fragment is often needed before the walk reaches it: it is parsed
// whole, and kept (within maxKept) for its own lint, which then neither
// reads nor parses it again. One that does not parse gives the names of
// ParseDeclarations, as before.
func (c *includeCache) load(p string) (*includedFile, bool) {
	inc := c.entry(p)
	c.ensure(inc)
	return inc, inc.ok
}

// entry returns the cache's record of the file at p, made empty the first
// time.
func (c *includeCache) entry(p string) *includedFile {
	c.mu.Lock()
	defer c.mu.Unlock()
	inc, ok := c.files[p]
	if !ok {
		inc = &includedFile{path: p}
		c.files[p] = inc
	}
	return inc
}

// ensure reads and parses inc's file, once.
func (c *includeCache) ensure(inc *includedFile) {
	p := inc.path
	inc.once.Do(func() {
		// Only a regular file: an include that names a pipe or a device
		// must not hang the run.
		src, _, err := diskfile.Read(p, c.limit)
		if err != nil {
			return
		}
		driver.Parsing(len(src))
		if !c.keep || len(src) > keepParsedMax {
			inc.fill(luasrc.ParseDeclarations(p, src))
			return
		}
		f := luasrc.Parse(p, src)
		if len(f.Errors) > 0 || f.Chunk == nil {
			inc.fill(luasrc.ParseDeclarations(p, src))
			return
		}
		inc.fill(f)
		c.mu.Lock()
		if c.kept < maxKept {
			inc.parsed = f
			c.kept++
		}
		c.mu.Unlock()
	})
}

// children returns the records of the files inc's directives name, resolved
// once for the run.
func (c *includeCache) children(inc *includedFile) []*includedFile {
	inc.kidsOnce.Do(func() {
		for _, d := range inc.includes {
			inc.kids = append(inc.kids, c.directive(inc.path, d)...)
		}
	})
	return inc.kids
}

// directive returns the records of the files that directive d names in the
// file at path, as the loader resolves it (resolveInclude: a glob names
// every .lua file it matches); none when it names nothing.
func (c *includeCache) directive(path, d string) []*includedFile {
	i := len(path) - 1
	for i >= 0 && !os.IsPathSeparator(path[i]) {
		i--
	}
	// A Windows volume ("C:x.lua") is part of the directory too.
	prefix := path[:max(i+1, len(filepath.VolumeName(path)))]
	c.mu.Lock()
	incs, ok := c.named[prefix][d]
	c.mu.Unlock()
	if ok {
		return incs
	}
	// filepath.Dir(path) depends on prefix only.
	paths, _ := resolveInclude(filepath.Dir(path), d)
	for _, p := range paths {
		incs = append(incs, c.entry(p))
	}
	c.mu.Lock()
	byName := c.named[prefix]
	if byName == nil {
		byName = map[string][]*includedFile{}
		c.named[prefix] = byName
	}
	byName[d] = incs
	c.mu.Unlock()
	return incs
}

// take returns the fragment at p parsed whole by load, once, or nil. The
// parse had no error, so its name only labels findings: it becomes name.
func (c *includeCache) take(p, name string) *luasrc.File {
	c.mu.Lock()
	defer c.mu.Unlock()
	inc := c.files[p]
	if inc == nil || inc.parsed == nil {
		return nil
	}
	f := inc.parsed
	inc.parsed = nil
	c.kept--
	f.Name = name
	return f
}

// offer gives the cache what a file linted whole declares, so that the
// scripts that include it need not read and parse it again: the walk lists
// a directory's subdirectories before its files, and the loaders' fragments
// (bullmq's includes/) sit below the scripts that include them. Only a file
// that parsed and declares nothing but definitions at its top level is
// kept, so the cache does not grow with every script of a run; anything
// else is loaded when a script includes it. The names are
// luasrc.TopLevelNames of the whole parse, which are ParseDeclarations'
// when the file parses (TestParseDeclarationsMatchesParse).
func (c *includeCache) offer(p string, f *luasrc.File) {
	if len(f.Errors) > 0 || f.Chunk == nil || int64(len(f.Src)) > c.limit || !luasrc.DefinitionsOnly(f.Chunk) {
		return
	}
	inc := c.entry(p)
	inc.once.Do(func() { inc.fill(f) })
}

// fill sets what a readable fragment declares and includes.
func (inc *includedFile) fill(f *luasrc.File) {
	inc.ok = true
	// The names are cut from the parsed text: copy them, or the cache
	// would keep every fragment's whole source for the rest of the run.
	for _, name := range luasrc.TopLevelNames(f.Chunk) {
		inc.names = append(inc.names, strings.Clone(name))
	}
	for _, d := range findDirectives(f.Src) {
		inc.includes = append(inc.includes, d.ref)
	}
}

// includedNames returns the names that the files a script includes define at
// their top level (recursively), so that calling them is not an undefined
// global. Includes that cannot be read are ignored: the directive belongs to
// the loader, and the script itself is still linted.
func (c *includeCache) includedNames(path string, src []byte) []string {
	var names []string
	// A script includes a few dozen fragments at most: a list is quicker
	// to search than a map is to build.
	var seen []*includedFile
	var visit func(includes []*includedFile, depth int)
	visit = func(includes []*includedFile, depth int) {
		if depth > 16 {
			return
		}
		for _, inc := range includes {
			if slices.Contains(seen, inc) {
				continue
			}
			seen = append(seen, inc)
			if c.ensure(inc); !inc.ok {
				continue
			}
			names = append(names, inc.names...)
			visit(c.children(inc), depth+1)
		}
	}
	var top []*includedFile
	for _, d := range findDirectives(src) {
		top = append(top, c.directive(path, d.ref)...)
	}
	visit(top, 0)
	return names
}
