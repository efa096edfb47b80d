package luasrc

import (
	"bytes"
	"strings"

	"github.com/lint-lua/lint-lua/internal/span"
)

// Shebang is Redis's first-line header: `#!lua flags=no-writes` for an EVAL
// script, `#!lua name=mylib` for a Functions library.
type Shebang struct {
	Range  span.Range
	Raw    string
	Engine string
	// EngineRange is where the engine name stands.
	EngineRange span.Range
	Options     []ShebangOption
}

// ShebangOption is one `key=value` (or bare word) after the engine.
type ShebangOption struct {
	Key   string
	Value string
	// HasValue is false for a bare word without '='.
	HasValue bool
	Range    span.Range
}

// Option returns the first option with that key.
func (s *Shebang) Option(key string) (ShebangOption, bool) {
	if s == nil {
		return ShebangOption{}, false
	}
	for _, o := range s.Options {
		if o.Key == key {
			return o, true
		}
	}
	return ShebangOption{}, false
}

// Flags returns the comma-separated values of `flags=`.
func (s *Shebang) Flags() []string {
	o, ok := s.Option("flags")
	if !ok || o.Value == "" {
		return nil
	}
	return strings.Split(o.Value, ",")
}

// HasFlag reports whether `flags=` lists f.
func (s *Shebang) HasFlag(f string) bool {
	for _, x := range s.Flags() {
		if x == f {
			return true
		}
	}
	return false
}

// parseShebang reads a first line that starts with `#!` and returns it with
// the offset where it ends (the line terminator is kept).
func parseShebang(src []byte) (*Shebang, int) {
	if !bytes.HasPrefix(src, []byte("#!")) {
		return nil, 0
	}
	end := bytes.IndexAny(src, "\r\n")
	if end < 0 {
		end = len(src)
	}
	line := string(src[:end])
	sb := &Shebang{Raw: line, Range: span.Range{Start: span.Pos{Line: 1, Column: 1}, End: span.Pos{Line: 1, Column: end + 1}}}
	// Redis splits the header on spaces: the engine, then options.
	col := 3
	first := true
	for _, field := range strings.Split(line[2:], " ") {
		if field == "" {
			col++
			continue
		}
		r := span.Range{Start: span.Pos{Line: 1, Column: col}, End: span.Pos{Line: 1, Column: col + len(field)}}
		if first {
			sb.Engine = field
			sb.EngineRange = r
			first = false
		} else {
			k, v, has := strings.Cut(field, "=")
			sb.Options = append(sb.Options, ShebangOption{Key: k, Value: v, HasValue: has, Range: r})
		}
		col += len(field) + 1
	}
	return sb, end
}
