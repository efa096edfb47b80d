// Package report renders the diagnostics of one lint run in the formats the
// CLI offers. Each format lives in its own file behind the Formatter
// interface; formatters only write to the writer they are given and never
// decide the exit code.
package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// Result is what one lint run produced.
type Result struct {
	// Files is the number of files linted.
	Files int
	// Diagnostics are already sorted by file, line, column, rule.
	Diagnostics []diag.Diagnostic
	// Rules is every known rule, sorted by ID (for SARIF rule metadata).
	Rules []*diag.RuleInfo
	// Source returns the text of a 1-based line of a file without its line
	// terminator; ok is false if unknown. May be nil.
	Source func(file string, line int) (string, bool)
	// ToolVersion is the lint-lua version, reported by SARIF.
	ToolVersion string
	// WorkDir is the absolute directory relative Diagnostic.File names are
	// relative to, and SourceRoot the root of the repository holding it.
	// With both set, the GitHub formats (sarif, github) name files relative
	// to SourceRoot, as GitHub does, wherever lint-lua ran; otherwise they
	// use Diagnostic.File as it is.
	WorkDir, SourceRoot string
	// Errors are what kept files from being linted (a path that does not
	// exist, a file that cannot be read or fixed), as reported on the
	// error stream. The formats that carry a run's status record them.
	Errors []RunError
	// Skipped are the .lua files not linted because they show they are
	// no Redis scripts (a Neovim configuration, a game), with why: the
	// formats that have a summary count them, so that a user sees what
	// --all-lua would add.
	Skipped []Skipped
}

// Skipped is a file a run did not lint, and why.
type Skipped struct {
	File, Reason string
}

// RunError is one error of a run: the file it names, when it names one,
// and what went wrong.
type RunError struct {
	File, Message string
}

// Formatter renders a Result.
type Formatter interface {
	Format(w io.Writer, r *Result) error
}

// Options tune a formatter. Only the text format uses colour; the caller
// decides it once per output stream.
type Options struct {
	Color bool
	// Quiet leaves out the text format's summary line: the findings only.
	Quiet bool
	// Statistics makes the text format count the findings of each rule
	// instead of showing them (as ruff's and flake8's --statistics).
	Statistics bool
}

// names lists the formats in the order help text shows them; text is the
// default.
var names = []string{"text", "json", "sarif", "github", "checkstyle", "rdjson"}

// Names returns the valid format names.
func Names() []string {
	return append([]string(nil), names...)
}

// New returns the formatter called name.
func New(name string, opts Options) (Formatter, error) {
	switch name {
	case "text":
		return newText(opts), nil
	case "json":
		return jsonFormatter{}, nil
	case "sarif":
		return sarifFormatter{}, nil
	case "github":
		return githubFormatter{}, nil
	case "checkstyle":
		return checkstyleFormatter{}, nil
	case "rdjson":
		return rdjsonFormatter{}, nil
	}
	return nil, fmt.Errorf("unknown format %q (valid: %s)", name, strings.Join(names, ", "))
}

// severityName is the lower-case name every format uses. A severity outside
// the known range is shown as an error: a finding whose severity was lost
// must not be quietly downgraded.
func severityName(s diag.Severity) string {
	switch s {
	case diag.SeverityInfo, diag.SeverityWarning, diag.SeverityError:
		return s.String()
	}
	return diag.SeverityError.String()
}

// withHelp is d's headline followed by sep and its help, for the formats
// that carry one message per finding; the headline alone when it has no
// help.
func withHelp(d diag.Diagnostic, sep string) string {
	if d.Help == "" {
		return d.Message
	}
	return d.Message + sep + d.Help
}

// source looks up a line through r.Source, tolerating a nil func.
func (r *Result) source(file string, line int) (string, bool) {
	if r.Source == nil || line < 1 {
		return "", false
	}
	return r.Source(file, line)
}

// displayRune is one rune of a sanitized line together with the byte offset
// in the original line where it started.
type displayRune struct {
	r   rune
	off int
}

// sanitize makes s safe to echo to a terminal: invalid UTF-8 bytes become
// U+FFFD, C0 controls and DEL become their Unicode control pictures and C1
// controls become U+FFFD, one display rune per original rune or bad byte so
// byte columns can still be mapped. Tabs are kept when keepTab is set.
func sanitize(s string, keepTab bool) []displayRune {
	out := make([]displayRune, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			r = utf8.RuneError
		case r == '\t' && keepTab:
		case r < 0x20:
			r = 0x2400 + r
		case r == 0x7f:
			r = 0x2421
		case r >= 0x80 && r < 0xa0:
			r = utf8.RuneError
		}
		out = append(out, displayRune{r: r, off: i})
		if size < 1 {
			size = 1
		}
		i += size
	}
	return out
}

func runesString(rs []displayRune) string {
	var b strings.Builder
	for _, d := range rs {
		b.WriteRune(d.r)
	}
	return b.String()
}

// Escape returns s as the text format prints file names and messages:
// control characters as their Unicode pictures (a newline as ␊, ESC as ␛),
// invalid UTF-8 and C1 controls as U+FFFD. What it returns cannot end a
// line, so cannot start a GitHub workflow command, and holds no terminal
// escape sequence; printable text is unchanged.
func Escape(s string) string { return sanitizeString(s, false) }

// sanitizeString is sanitize without the offsets.
func sanitizeString(s string, keepTab bool) string {
	if plain(s, keepTab) {
		return s
	}
	return runesString(sanitize(s, keepTab))
}

// plain reports whether s is printable ASCII (and tabs, with keepTab),
// which sanitize leaves as it is.
func plain(s string, keepTab bool) bool {
	// Eight bytes at a time while none is a control character or past
	// '~' (word, below and equal in json.go); a word that fails (for a
	// tab, most often) is looked at byte by byte.
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			if x := word(s[i:]); (below(x, 0x20)|equal(x, 0x7f)|x)&highs == 0 {
				i += 8
				continue
			}
		}
		for _, c := range []byte(s[i:min(i+8, len(s))]) {
			if (c < 0x20 || c >= 0x7f) && !(c == '\t' && keepTab) {
				return false
			}
		}
		i += 8
	}
	return true
}

// repoPath is file relative to r.SourceRoot with forward slashes, or
// slashPath(file) when the roots are unknown or the file lies outside.
func (r *Result) repoPath(file string) string {
	if r.SourceRoot == "" || r.WorkDir == "" {
		return slashPath(file)
	}
	abs := file
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.WorkDir, file)
	}
	rel, err := filepath.Rel(r.SourceRoot, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return slashPath(file)
	}
	return filepath.ToSlash(rel)
}

// slashPath returns a diagnostic's file with forward slashes, whatever the
// host separator, as the CI-oriented formats expect.
func slashPath(p string) string {
	return filepath.ToSlash(p)
}

// fixDescription is a fix's message, with its applicability when --fix
// alone would not apply it.
func fixDescription(f *diag.Fix) string {
	switch f.Applicability {
	case diag.Unsafe:
		return f.Message + " (unsafe: applied only with --unsafe-fixes)"
	case diag.DisplayOnly:
		return f.Message + " (suggestion: never applied)"
	}
	return f.Message
}
