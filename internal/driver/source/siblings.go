package source

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
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
	// dirs holds, per folder, what its .lua files declare and which of
	// them include others (scan), read the first time a file of the
	// folder (or of a folder below it, for includers) asks.
	dirs map[string]func() dirScan
	// loaders holds, per folder, its host-language files' quoted texts
	// (hostLoaders), read the first time a file of the folder or of a
	// folder below it asks.
	loaders map[string]func() []hostLoader
}

// dirScan is what one read of a folder's .lua files tells: per top-level
// name, the headers that define it, and the files with `--- @include`
// directives. Each file is read once for both.
type dirScan struct {
	defs      map[string][]siblingDef
	includers []includer
}

// includer is a .lua file with `--- @include` directives: the files they
// name, and the names it declares local at its top level, which the files
// it includes may use once spliced in (bull's scripts declare
// `local rcall = redis.call` before they include their fragments). The
// locals are parsed for when a file it includes first asks (most of a
// folder's includers include none of the files that ask: a command asks
// about its own folder, whose includers include only fragments), once.
type includer struct {
	file    string // its base name
	targets []string
	locals  func() []string
}

// hostLoader is a host-language file's quoted texts: a loader that
// prepends definitions to a .lua file names the file and the definitions'
// names (TaskTiger's register_script_from_file('lua/move_task.lua',
// include_functions={'zadd_noupdate': ...})).
type hostLoader struct {
	name   string // the file's name as a message gives it
	quoted map[string]bool
}

// siblingDef is a header that defines a name, and whether it declares it
// local (lint.Sibling).
type siblingDef struct {
	file  string
	local bool
}

func (s *Files) siblings() *siblingDefs {
	s.sibOnce.Do(func() { s.sibs = &siblingDefs{limit: s.Limit, dirs: map[string]func() dirScan{}} })
	return s.sibs
}

// of returns, for the file at path, the names other .lua files of its
// folder define at their top level, each with the first such file (in
// name order) that declares it local, or else the first that assigns it,
// named "sibling " and its base name as a message names it.
func (d *siblingDefs) of(path string) func() map[string]lint.Sibling {
	dir, self := filepath.Dir(path), filepath.Base(path)
	defs := d.defsOf(dir)
	loaders := []func() []hostLoader{d.loadersOf(dir), d.loadersOf(filepath.Dir(dir))}
	includers := []func() []includer{d.includersOf(dir), d.includersOf(filepath.Dir(dir))}
	clean := filepath.Clean(path)
	return func() map[string]lint.Sibling {
		out := map[string]lint.Sibling{}
		// A .lua file of this folder or the one above that includes this
		// one with `--- @include` (when it is linted alone: named on the
		// command line, or with includes: false): the locals it declares
		// at its top level may be what this fragment uses.
		for i, incs := range includers {
			for _, inc := range incs() {
				if !slices.Contains(inc.targets, clean) {
					continue
				}
				where := inc.file
				if i == 1 {
					where = filepath.Join("..", inc.file)
				}
				for _, n := range inc.locals() {
					if _, ok := out[n]; !ok {
						out[n] = lint.Sibling{Script: "its includer " + filepath.ToSlash(where), Local: true}
					}
				}
			}
		}
		// A host file of this folder or the one above that quotes this
		// file's name is a loader: the names it quotes may be what it
		// defines before the file (local functions, as TaskTiger's).
		for i, ls := range loaders {
			for _, l := range ls() {
				if !l.names(self) {
					continue
				}
				where := l.name
				if i == 1 {
					where = filepath.Join("..", l.name)
				}
				for q := range l.quoted {
					if _, ok := out[q]; !ok && isLuaName(q) {
						out[q] = lint.Sibling{Script: "the loader " + where, Local: true}
					}
				}
			}
		}
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

// scanOf returns, read once, what the .lua files of dir declare and
// include (scan).
func (d *siblingDefs) scanOf(dir string) func() dirScan {
	d.mu.Lock()
	defer d.mu.Unlock()
	f, ok := d.dirs[dir]
	if !ok {
		f = sync.OnceValue(func() dirScan { return d.scan(dir) })
		d.dirs[dir] = f
	}
	return f
}

// defsOf returns, read once, what the headers of dir define.
func (d *siblingDefs) defsOf(dir string) func() map[string][]siblingDef {
	f := d.scanOf(dir)
	return func() map[string][]siblingDef { return f().defs }
}

// includersOf returns, read once, the .lua files of dir that include
// others.
func (d *siblingDefs) includersOf(dir string) func() []includer {
	f := d.scanOf(dir)
	return func() []includer { return f().includers }
}

// maxBundleDirs bounds the folders beside a bundle whose .lua headers are
// read (beside).
const maxBundleDirs = 64

// beside returns, for a host-language file at path (a built bundle such
// as bullmq's dist/cjs/scripts/*.js), the names that the .lua headers
// beside it define at their top level: those of its own folder, and of
// each folder next to it and that folder's includes/ (dist/cjs/commands/
// and dist/cjs/commands/includes/, the originals the build bundled). A
// piece of the bundle found by its text that only calls such names is a
// fragment the program joins with a header at run time, not a script that
// fails alone. The folders are listed, and their headers read, only when
// a rule first asks.
func (d *siblingDefs) beside(path string) func() map[string]lint.Sibling {
	return sync.OnceValue(func() map[string]lint.Sibling {
		dir := filepath.Dir(path)
		dirs := []string{dir}
		parent := filepath.Dir(dir)
		if entries, err := os.ReadDir(parent); err == nil && parent != dir {
			for _, e := range entries {
				if len(dirs) >= maxBundleDirs {
					break
				}
				if !e.IsDir() || filepath.Join(parent, e.Name()) == dir {
					continue
				}
				sub := filepath.Join(parent, e.Name())
				dirs = append(dirs, sub, filepath.Join(sub, "includes"))
			}
		}
		out := map[string]lint.Sibling{}
		for _, dd := range dirs {
			rel, err := filepath.Rel(dir, dd)
			if err != nil {
				continue
			}
			for name, files := range d.defsOf(dd)() {
				for _, f := range files {
					if got, ok := out[name]; !ok || f.local && !got.Local {
						out[name] = lint.Sibling{Script: "the .lua header " + filepath.ToSlash(filepath.Join(rel, f.file)), Local: f.local}
					}
				}
			}
		}
		return out
	})
}

// scan reads the regular .lua files of dir (each within the size limit,
// at most maxSiblings of them; what cannot be read is left out: the
// folder's scripts are still linted) once, and lists per top-level name the
// headers that define it, and the files that include others.
func (d *siblingDefs) scan(dir string) dirScan {
	out := dirScan{defs: map[string][]siblingDef{}}
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
		addHeader(out.defs, n, src)
		if inc, ok := includerOf(dir, n, src); ok {
			out.includers = append(out.includers, inc)
		}
	}
	return out
}

// includerOf tells whether the file name of dir, whose text is src, has
// `--- @include` directives, and if so what they name (resolved as the
// loader does; a directive it would refuse names nothing) and its
// top-level locals.
func includerOf(dir, name string, src []byte) (includer, bool) {
	if !bytes.Contains(src, []byte("@include")) && !bytes.Contains(src, []byte("include_partial")) {
		return includer{}, false
	}
	inc := includer{file: name}
	for _, dir1 := range findDirectives(src) {
		targets, err := resolveInclude(dir, dir1.ref)
		if err == nil {
			inc.targets = append(inc.targets, targets...)
		}
	}
	// sidekiq-unique-jobs renders its scripts with ERB, each
	// `<%= include_partial "shared/_common.lua" %>` replaced by the
	// partial (relative to the scripts' folder): the same splice. The
	// tags are blanked so that the rest parses as Lua.
	for _, m := range erbPartialRE.FindAllSubmatchIndex(src, -1) {
		inc.targets = append(inc.targets, filepath.Join(dir, filepath.FromSlash(string(src[m[2]:m[3]]))))
	}
	if len(inc.targets) == 0 {
		return includer{}, false
	}
	// An includer that does not parse declares nothing: the files it
	// includes get no locals from it.
	inc.locals = sync.OnceValue(func() []string {
		src := erbTagRE.ReplaceAllFunc(src, func(tag []byte) []byte { return bytes.Repeat([]byte(" "), len(tag)) })
		f := luasrc.ParseDeclarations(name, src)
		if f.Chunk == nil {
			return nil
		}
		return luasrc.TopLevelLocals(f.Chunk)
	})
	return inc, true
}

// erbPartialRE is an ERB tag that includes a partial (sidekiq-unique-jobs'
// include_partial), erbTagRE any ERB tag.
var (
	erbPartialRE = regexp.MustCompile(`<%=\s*include_partial\(?\s*["']([^"'\n]+\.lua)["']\s*\)?\s*%>`)
	erbTagRE     = regexp.MustCompile(`<%[^\n]*?%>`)
)

// addHeader adds to out the top-level names of the file n, whose text is
// src, when it is a header. Most files of a folder are scripts of their
// own, which luasrc.MayBeHeader tells from the first statement that no
// header holds, without a parse; and a header's cost is linear in its
// size, however many names one statement declares.
func addHeader(out map[string][]siblingDef, n string, src []byte) {
	if !luasrc.MayBeHeader(src) {
		return
	}
	driver.Parsing(len(src))
	f := luasrc.ParseDeclarations(n, src)
	if f.Chunk == nil || !luasrc.Header(f.Chunk) {
		return
	}
	locals := map[string]bool{}
	for _, name := range luasrc.TopLevelLocals(f.Chunk) {
		locals[name] = true
	}
	for _, name := range luasrc.TopLevelNames(f.Chunk) {
		fs := out[name]
		switch {
		case len(fs) == 0 || fs[len(fs)-1].file != n:
			out[name] = append(fs, siblingDef{file: n, local: locals[name]})
		case locals[name]:
			fs[len(fs)-1].local = true
		}
	}
}

// loadersOf returns, read once, the host-language files of dir and the
// texts each quotes.
func (d *siblingDefs) loadersOf(dir string) func() []hostLoader {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.loaders == nil {
		d.loaders = map[string]func() []hostLoader{}
	}
	f, ok := d.loaders[dir]
	if !ok {
		f = sync.OnceValue(func() []hostLoader { return d.readLoaders(dir) })
		d.loaders[dir] = f
	}
	return f
}

// maxQuoted is the longest quoted text quotedTexts yields.
const maxQuoted = 200

// quotedTexts calls yield with each short text in single or double quotes
// in src (1 to maxQuoted bytes, no quote or newline in it; either quote
// opens and either closes), left to right and not overlapping: the
// matches of the regular expression ["']([^"'\n]{1,200})["'], found by a
// byte scan because that expression's counted repetition compiled to 200
// copies of its class, some 4 M instructions at every start of the process.
func quotedTexts(src []byte, yield func([]byte)) {
	for i := 0; i < len(src); {
		k := bytes.IndexAny(src[i:], `"'`)
		if k < 0 {
			return
		}
		i += k
		j := i + 1
		for j < len(src) && j-i-1 <= maxQuoted && src[j] != '"' && src[j] != '\'' && src[j] != '\n' {
			j++
		}
		if n := j - i - 1; n >= 1 && n <= maxQuoted && j < len(src) && (src[j] == '"' || src[j] == '\'') {
			yield(src[i+1 : j])
			i = j + 1
			continue
		}
		i++
	}
}

// readLoaders reads the host-language files of dir (each within the size
// limit, at most maxSiblings of them) that quote a .lua file's name.
func (d *siblingDefs) readLoaders(dir string) []hostLoader {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []hostLoader
	n := 0
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		if _, ok := langs.Of(e.Name()); !ok {
			continue
		}
		if n++; n > maxSiblings {
			break
		}
		src, _, err := readFile(filepath.Join(dir, e.Name()), d.limit, false)
		if err != nil || !bytes.Contains(src, []byte(".lua")) {
			continue
		}
		l := hostLoader{name: e.Name(), quoted: map[string]bool{}}
		quotedTexts(src, func(q []byte) { l.quoted[string(q)] = true })
		out = append(out, l)
	}
	return out
}

// names reports whether the loader quotes the .lua file base, alone or at
// the end of a path ('lua/move_task.lua'), or a pattern of .lua files that
// matches it ('*.lua', 'scripts/*.lua': dramatiq's broker loads every
// script of its folder with glob).
func (l hostLoader) names(base string) bool {
	for q := range l.quoted {
		if q == base || strings.HasSuffix(q, "/"+base) {
			return true
		}
		if strings.HasSuffix(q, ".lua") && strings.ContainsAny(q, "*?[") {
			if ok, _ := path.Match(path.Base(q), base); ok {
				return true
			}
		}
	}
	return false
}

// isLuaName reports whether s is a Lua name (what a loader can define).
func isLuaName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}
