package source

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/lint-lua/lint-lua/internal/driver"
)

// walk finds the files under a path given as root and found on disk at
// disk: a file is found whatever its name (named: the user named it), a
// directory is searched for the files whose names want takes (*.lua for
// Files; a host-language source would take its own extensions), skipping
// .git, vendor, node_modules and what skip matches (a directory whole). Files are named from root, as the
// user wrote it, with forward slashes. found is called in the order the
// walk finds them; the errors name the path that could not be searched.
func walk(root, disk string, skip func(path string) bool, want func(name string) bool, found func(name, path string, named bool)) []error {
	info, err := os.Stat(disk)
	if err != nil {
		return []error{&driver.FileError{File: root, Err: unwrapPathError(err)}}
	}
	if skip == nil {
		skip = func(string) bool { return false }
	}
	// A path named on the command line that the configuration excludes is
	// not linted either (as ruff's force-exclude): a pre-commit hook names
	// every changed file, excluded or not.
	if skip(disk) {
		return nil
	}
	if !info.IsDir() {
		found(filepath.ToSlash(root), disk, true)
		return nil
	}
	// WalkDir does not enter a root that is a symbolic link to a
	// directory; with a trailing separator the system resolves it.
	walkRoot := disk
	if !strings.HasSuffix(walkRoot, string(filepath.Separator)) {
		walkRoot += string(filepath.Separator)
	}
	var errs []error
	// Like filepath.WalkDir, in the order of names, but a directory's
	// subdirectories before its files: the fragments that loaders include
	// (bullmq's includes/) sit below the scripts that include them, and
	// linted first they are not read again for their names (includeCache.offer).
	// The results are sorted, so the order shows only in how soon a file
	// is linted.
	//
	// name is dir as reported: root, then the names below it joined on;
	// clean is dir cleaned, which joinClean extends.
	var visit func(dir, clean, name string)
	visit = func(dir, clean, name string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			errs = append(errs, &driver.FileError{File: name, Err: unwrapPathError(err)})
			return
		}
		for _, d := range entries {
			if !d.IsDir() {
				continue
			}
			switch d.Name() {
			case ".git", "vendor", "node_modules":
				continue
			}
			if p := joinClean(clean, d.Name()); !skip(p) {
				visit(p, p, joinClean(name, d.Name()))
			}
		}
		for _, d := range entries {
			if d.IsDir() || !want(d.Name()) {
				continue
			}
			p := joinClean(clean, d.Name())
			if skip(p) {
				continue
			}
			// A named pipe, socket or device found in a tree is no
			// script, and opening a pipe would wait for a writer forever.
			// A symbolic link is followed: to a file it is linted, and
			// dangling or to a directory it is reported.
			if t := d.Type(); t&fs.ModeSymlink != 0 {
				if fi, err := os.Stat(p); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
					continue
				}
			} else if !t.IsRegular() {
				continue
			}
			found(filepath.ToSlash(joinClean(name, d.Name())), p, false)
		}
	}
	visit(walkRoot, filepath.Clean(disk), filepath.Clean(root))
	return errs
}

// isLua reports whether a file found in a tree is a Lua script by its name.
func isLua(name string) bool { return strings.HasSuffix(name, ".lua") }

// joinClean is filepath.Join(dir, elem) for a clean dir and an elem that
// os.ReadDir listed (no separator, not "." or ".."), without cleaning the
// result again: it is clean already, and cleaning the paths of a walk was
// a percent of a run.
func joinClean(dir, elem string) string {
	switch {
	case dir == ".":
		return elem
	case os.IsPathSeparator(dir[len(dir)-1]) || dir == filepath.VolumeName(dir):
		// The root, or a bare Windows volume ("C:" joins to "C:x").
		return filepath.Join(dir, elem)
	}
	return dir + string(filepath.Separator) + elem
}
