package source

import (
	"path/filepath"
	"slices"

	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// NotScript is the reason given for a skipped .lua file (driver.File.Skipped).
const NotScript = "not a Redis script (no KEYS, ARGV, redis.* or server.* in it, and no script or loader names it); --all-lua or include: in .lint-lua.yaml lints it"

// judge returns why the .lua file f, whose text (as Redis would run it:
// assembled with its includes when it has any) is src, is skipped as no
// Redis script, or "" when it is linted. A file is linted when
// ScriptsOnly does not ask for the judgement at its path (--all-lua,
// all_lua:, an include: glob), when its text shows it is a script
// (luasrc.RedisEvidence), when a .lua file of its folder or the one above
// includes it (`--- @include`, an ERB include_partial: a fragment of
// helper functions needs no KEYS of its own), or when a host-language
// file of its folder or the one above names it (a loader that reads it
// by path and sends it, as TaskTiger's register_script_from_file). Other
// Lua, a Neovim configuration, a game, an OpenResty handler, a test spec,
// is left alone: linted as a Redis script it gets nothing but false
// errors (print, os, io do not exist there).
func (s *Files) judge(f found, src []byte) string {
	if s.ScriptsOnly == nil || !s.ScriptsOnly(s.match(f)) {
		return ""
	}
	if _, ok := luasrc.RedisEvidence(src); ok {
		return ""
	}
	if !f.stdin && (s.includedBy(f.path) || s.loaded(f.path)) {
		return ""
	}
	return NotScript
}

// includedBy reports whether a .lua file of path's folder or the one above
// includes the file at path.
func (s *Files) includedBy(path string) bool {
	d := s.siblings()
	dir, clean := filepath.Dir(path), filepath.Clean(path)
	for _, incs := range []func() []includer{d.includersOf(dir), d.includersOf(filepath.Dir(dir))} {
		for _, inc := range incs() {
			if slices.Contains(inc.targets, clean) {
				return true
			}
		}
	}
	return false
}

// loaded reports whether a host-language file of path's folder or the one
// above quotes the file's name (alone or at the end of a path).
func (s *Files) loaded(path string) bool {
	d := s.siblings()
	dir, base := filepath.Dir(path), filepath.Base(path)
	for _, ls := range []func() []hostLoader{d.loadersOf(dir), d.loadersOf(filepath.Dir(dir))} {
		for _, l := range ls() {
			if l.names(base) {
				return true
			}
		}
	}
	return false
}

// Judge returns why the .lua file at path, whose text is src, would be
// skipped as no Redis script when named alone, or "" when it is linted
// (lint-lua --show-config).
func (s *Files) Judge(path string, src []byte) string {
	return s.judge(found{name: path, path: path, named: true}, src)
}
