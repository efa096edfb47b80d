package config

import (
	"fmt"
	"path"
	"strings"
)

// Match reports whether the slash-separated relative path name matches the
// glob pattern. Within a segment, '*', '?' and character classes behave as in
// path.Match and never cross a '/'; a "**" segment matches any number of
// segments, including none, so "vendor/**" matches vendor itself and all
// below it and "a/**/b.lua" matches a/b.lua. A pattern without a slash
// matches the base name at any depth, as in .gitignore; a leading "/" anchors
// a pattern to the config file's directory without other effect. Paths that
// leave that directory ("../x.lua") or are absolute match nothing. A malformed
// pattern matches nothing (Load rejects such patterns up front).
func Match(pattern, name string) bool {
	pattern, anchored := normalizePattern(pattern)
	name = path.Clean(name)
	if name == "." {
		name = ""
	}
	if pattern == "" || outside(name) {
		return false
	}
	if !anchored {
		if name == "" {
			return false
		}
		ok, _ := path.Match(pattern, path.Base(name))
		return ok
	}
	var segs []string
	if name != "" {
		segs = strings.Split(name, "/")
	}
	return matchSegments(strings.Split(pattern, "/"), segs)
}

// outside reports a path that is not below the config file's directory:
// the config's patterns say nothing about such files.
func outside(name string) bool {
	return name == ".." || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/")
}

// normalizePattern strips the decorations that do not change what a pattern
// matches ("./", a leading or trailing "/") and says whether it is matched
// against the whole path (it has a slash) or only the base name.
func normalizePattern(p string) (string, bool) {
	anchored := strings.Contains(strings.TrimSuffix(p, "/"), "/")
	p = strings.TrimPrefix(p, "./")
	p = strings.Trim(p, "/")
	return p, anchored
}

func matchSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			// Collapse runs of "**" so the backtracking stays linear in
			// the common case.
			for len(pat) > 1 && pat[1] == "**" {
				pat = pat[1:]
			}
			rest := pat[1:]
			for i := 0; i <= len(name); i++ {
				if matchSegments(rest, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// checkPattern reports a malformed pattern.
func checkPattern(p string) error {
	q, _ := normalizePattern(p)
	if q == "" {
		return fmt.Errorf("empty pattern %q", p)
	}
	for _, seg := range strings.Split(q, "/") {
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Errorf("malformed pattern %q", p)
		}
	}
	return nil
}
