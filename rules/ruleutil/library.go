package ruleutil

// What Redis accepts in a script's shebang and in a Functions library, and
// how a file will run, for the rules that check either.

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/model"
)

// ScriptFlags are the flags an EVAL shebang and redis.register_function
// accept (facts C10, G). EVAL compares them case-sensitively,
// register_function does not (observed on 7.0.15).
var ScriptFlags = []string{"no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"}

// IsScriptFlag reports whether f is one of ScriptFlags, in any case when
// foldCase (register_function folds it; EVAL does not).
func IsScriptFlag(f string, foldCase bool) bool {
	for _, s := range ScriptFlags {
		if s == f || (foldCase && strings.EqualFold(s, f)) {
			return true
		}
	}
	return false
}

// ValidLibraryName reports whether Redis accepts a library or function
// name: letters, digits and underscores, at least one (facts G; a non-ASCII
// letter such as Ü is refused too).
func ValidLibraryName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// LibraryNameError is Redis's reply to a bad library or function name.
const LibraryNameError = "Library names can only contain letters, numbers, or underscores(_) and must be at least one character long"

// fileKind is how Redis will run a file, as far as the file shows it.
type fileKind int

// ClassifyFile decides whether a file is an EVAL script or a Functions
// library. The model takes `name=` as the mark of a library; a file without
// it that registers functions while it runs (at its top level) and reads
// neither KEYS nor ARGV there is a library whose header is wrong, and a file
// with it that registers nothing and reads KEYS or ARGV is an EVAL script.
func ClassifyFile(m *model.Model) fileKind {
	mentions, atTop := false, false
	topKeys := false
	for _, g := range m.Globals {
		if g.Write {
			continue
		}
		top := g.Func == nil || m.Unit(g.Func) == m.Main
		switch g.Name {
		case "redis.register_function":
			mentions = true
			if top {
				atTop = true
			}
		case "KEYS", "ARGV":
			if top {
				topKeys = true
			}
		}
	}
	if m.Context == model.Library {
		if !mentions && topKeys {
			return KindNamedScript
		}
		return KindLibrary
	}
	if atTop && !topKeys {
		if m.File.Shebang == nil {
			return KindLibraryNoHeader
		}
		return kindLibraryNoName
	}
	return KindScript
}

const (
	// KindScript: an EVAL script.
	KindScript fileKind = iota
	// KindNamedScript: `name=` in the header, yet no function is
	// registered and KEYS or ARGV is read: an EVAL script with a library
	// option.
	KindNamedScript
	// KindLibrary: `#!lua name=...`.
	KindLibrary
	// kindLibraryNoName: a `#!` header without name=, and functions
	// registered at the top level.
	kindLibraryNoName
	// KindLibraryNoHeader: no header at all, and functions registered at
	// the top level.
	KindLibraryNoHeader
)
