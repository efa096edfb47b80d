// Package source holds the driver's sources: the .lua files found by
// walking the paths given on the command line, the files named there,
// standard input (Files), the scripts assembled from their
// `--- @include` fragments as BullMQ's loader assembles them (Assembled),
// and the scripts in host-language files' string literals (Host, which the
// walk of Files finds).
package source

import (
	"errors"
	"io"
	"path/filepath"
	"sync"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// Files finds the files under the paths of a command line: each .lua file
// of a directory, each file named, and standard input for "-". Each file
// is one script, linted as it is, and fixed in place.
type Files struct {
	// Paths are the path arguments as given; files are named from them.
	Paths []string
	// WorkDir is the directory relative paths are resolved against; "."
	// is the process's.
	WorkDir string
	// Skip reports whether a path is excluded, found by the walk or named
	// (standard input by StdinName); an excluded directory is not
	// searched.
	Skip func(path string) bool
	// Settings returns the settings of the file at path: on disk, or for
	// standard input StdinName resolved against WorkDir; an error (its
	// configuration cannot be read) is the file's, which is not linted.
	Settings func(path string) (driver.Settings, error)
	// Limit is the largest file read, in bytes (--max-file-size).
	Limit int64
	// Stdin is read for "-", reported as StdinName.
	Stdin     io.Reader
	StdinName string
	// Held, when set, gives the text an editor holds for the file at a
	// path (the language server's unsaved buffers): it is linted in place
	// of the disk's, and a path it holds is found even before it is saved.
	// Everything else (settings, includes, siblings, host languages) is
	// as for the file on disk.
	Held func(path string) ([]byte, bool)
	// IncludeNames makes the names that the fragments a file's
	// `--- @include` directives name define at their top level known to
	// the file's script (driver.Script.Globals): a run that lints the
	// files without assembling them does not report them as undefined.
	IncludeNames bool
	// Host, when set, takes the host-language files (.py, .java, .ts...)
	// that the walk finds or the command line names: their scripts are
	// found in their string literals.
	Host *Host
	// ScriptsOnly, when set, says whether a .lua file at path is linted
	// only when it shows it is a Redis script (judge), and skipped
	// otherwise; nil, or false for a path (--all-lua, all_lua:, an
	// include: glob that matches it), lints every .lua file.
	ScriptsOnly func(path string) bool
	// NoLua leaves the .lua files out of a walk (languages: without lua);
	// a .lua file named on the command line is linted all the same.
	NoLua bool
	// Reuse lets a fragment parsed for its names be linted from that
	// parse, and a file linted whole give its names to the files that
	// include it (includeCache), for a run that does not fix (whose fix
	// loop parses each round itself).
	Reuse bool

	once     sync.Once
	includes *includeCache
	sibOnce  sync.Once
	sibs     *siblingDefs
}

// found is one file found under a path argument.
type found struct {
	arg        int
	name, path string
	named      bool // named on the command line
	stdin      bool
}

// Find walks the paths in order and gives each file as it finds it.
func (s *Files) Find(yield func(driver.Item), fail func(error)) {
	s.each(func(f found) {
		yield(driver.Item{Arg: f.arg, Name: f.name, Load: func() *driver.File { return s.load(f) }})
	}, fail)
}

// each walks the paths in order.
func (s *Files) each(yield func(found), fail func(error)) {
	for i, p := range s.Paths {
		if p == "-" {
			// --stdin-filename names the file an editor lints: an
			// excluded one is left alone, as on disk.
			if s.Skip == nil || !s.Skip(s.resolve(s.StdinName)) {
				yield(found{arg: i, name: s.StdinName, stdin: true})
			}
			continue
		}
		if s.Held != nil {
			if _, ok := s.Held(s.resolve(p)); ok {
				if s.Skip == nil || !s.Skip(s.resolve(p)) {
					yield(found{arg: i, name: filepath.ToSlash(p), path: s.resolve(p), named: true})
				}
				continue
			}
		}
		errs := walk(p, s.resolve(p), s.Skip, s.wants, func(name, path string, named bool) {
			yield(found{arg: i, name: name, path: path, named: named})
		})
		for _, err := range errs {
			fail(err)
		}
	}
}

// wants reports whether a walk takes a file by its name.
func (s *Files) wants(name string) bool {
	if isLua(name) {
		return !s.NoLua
	}
	_, ok := s.Host.lang(name)
	return ok
}

// resolve returns where a path given on the command line is on disk.
func (s *Files) resolve(p string) string {
	if filepath.IsAbs(p) || s.WorkDir == "" || s.WorkDir == "." {
		return p
	}
	return filepath.Join(s.WorkDir, p)
}

// match is the path the settings of f are looked up by.
func (s *Files) match(f found) string {
	if f.stdin {
		return s.resolve(s.StdinName)
	}
	return f.path
}

func (s *Files) cache() *includeCache {
	s.once.Do(func() {
		s.includes = newIncludeCache(s.Limit)
		s.includes.keep = s.Reuse
	})
	return s.includes
}

// read reads the file f, or fails naming it.
func (s *Files) read(f found) (*driver.File, bool) {
	out := &driver.File{Name: f.name, Path: f.path}
	var err error
	held, ok := []byte(nil), false
	if s.Held != nil && !f.stdin {
		held, ok = s.Held(f.path)
	}
	switch {
	case ok && int64(len(held)) > s.Limit:
		err = tooLarge(s.Limit)
	case ok:
		out.Src = held
	case f.stdin:
		out.Src, err = io.ReadAll(io.LimitReader(s.Stdin, s.Limit+1))
		if err == nil && int64(len(out.Src)) > s.Limit {
			out.Src, err = nil, tooLarge(s.Limit)
		}
	default:
		out.Src, out.ID, err = readFile(f.path, s.Limit, f.named)
	}
	if err != nil {
		return &driver.File{Name: f.name, Path: f.path, Err: &driver.FileError{File: f.name, Err: err}}, false
	}
	return out, true
}

// errGoSource is why a Go file named on the command line is not linted:
// its scripts are the Go analyzer's, which needs the package's types.
var errGoSource = errors.New("a Go source file: lint its package with `lint-lua go ./...` (or go vet -vettool=$(which lint-lua-vet))")

// load reads f and makes it one script.
func (s *Files) load(f found) *driver.File {
	if filepath.Ext(f.name) == ".go" {
		// A walk takes no .go file, so this one was named (or piped).
		return &driver.File{Name: f.name, Path: f.path, Err: &driver.FileError{File: f.name, Err: errGoSource}}
	}
	if l, ok := s.Host.lang(f.name); ok && !f.stdin {
		out, ok := s.read(f)
		if !ok {
			return out
		}
		// Settings are resolved only for a file that may hold a script:
		// most host files do not.
		return s.Host.load(out, l, func() (driver.Settings, error) { return s.Settings(s.match(f)) }, s.siblings().beside(f.path))
	}
	includes := s.IncludeNames && !f.stdin
	// A fragment that a script included before the walk reached it was
	// parsed then (includeCache.load).
	var parsed *luasrc.File
	if includes && s.Reuse {
		if parsed = s.cache().take(f.path, f.name); parsed != nil && int64(len(parsed.Src)) > s.Limit {
			parsed = nil
		}
	}
	var out *driver.File
	if parsed != nil {
		out = &driver.File{Name: f.name, Path: f.path, Src: parsed.Src}
	} else {
		var ok bool
		if out, ok = s.read(f); !ok {
			return out
		}
	}
	// The settings first: a file under a configuration that cannot be
	// read is an error, whatever its text, and include: decides judge.
	set, err := s.Settings(s.match(f))
	if err != nil {
		return &driver.File{Name: f.name, Path: f.path, Err: err}
	}
	if why := s.judge(f, out.Src); why != "" {
		out.Settings = set
		return s.notScript(f, out, why)
	}
	out.Settings = set
	script := driver.Script{Name: f.name, Parsed: parsed}
	if !f.stdin {
		script.Siblings = s.siblings().of(f.path)
	}
	if includes {
		c := s.cache()
		script.Globals = c.includedNames(f.path, out.Src)
		if s.Reuse {
			script.Seen = func(pf *luasrc.File) { c.offer(f.path, pf) }
		}
	}
	luaFile(out, script)
	out.Rescan = rescan(script, out.Settings)
	if !f.stdin {
		s.Host.sent(out)
		out.Rescan = s.Host.withSent(out.Rescan)
	}
	return out
}

// notScript is a .lua file judged no Redis script (why): the scripts it
// sends, if any, are linted, those a lua-resty-redis call sends
// (Host.sent, with their calls' key counts), else those its strings show
// by their text (luaHostFile); a file that sends none is skipped.
func (s *Files) notScript(f found, out *driver.File, why string) *driver.File {
	if !f.stdin {
		s.Host.sent(out)
		if len(out.Scripts) > 0 {
			out.Rescan = s.Host.withSent(func(src []byte) *driver.File {
				return &driver.File{Name: out.Name, Path: out.Path, Src: src, Settings: out.Settings}
			})
			return out
		}
	}
	if luaHostFile(out) {
		return out
	}
	return skipped(f, why)
}

// skipped is the file f, not linted for the reason why.
func skipped(f found, why string) *driver.File {
	return &driver.File{Name: f.name, Path: f.path, Skipped: why, Named: f.named || f.stdin}
}

// luaFile fills out's Scripts (and, for a function container, its
// Comments and Findings) for a .lua file linted as written: the file as
// one script (luaScript), or, when its top level only defines global
// functions, each body as a script of its own (container.go).
func luaFile(out *driver.File, s driver.Script) {
	if c, ok := functionContainer(out.Name, out.Src); ok {
		out.Scripts = containerScripts(out.Name, out.Src, c.defs, s)
		out.Comments = c.comments
		out.Findings = containerFinding(out.Name, c.defs, out.Settings)
		return
	}
	out.Scripts = []driver.Script{luaScript(out.Name, out.Src, s)}
}

// rescan is the Rescan of a .lua file linted as written: the fixed text,
// with what the script knows from outside it.
func rescan(s driver.Script, set driver.Settings) func([]byte) *driver.File {
	return func(src []byte) *driver.File {
		out := &driver.File{Name: s.Name, Src: src, Settings: set}
		luaFile(out, driver.Script{Name: s.Name, Globals: s.Globals, Siblings: s.Siblings})
		return out
	}
}
