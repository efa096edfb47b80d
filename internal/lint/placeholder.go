package lint

import (
	"fmt"
	"regexp"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// placeholderRE is the start of a text that no Lua code starts with but
// client-side templates do: `@name`, `_:name`, `${x}`, `$1`, `{%`, `<%`,
// `%s`, `:name` (`{{x}}` and `#{x}` are Lua: a table in a table, the
// length of one). The .lua templates of the clients lint-lua
// knows are read as the text the client sends (hostlang.LuaScriptTemplate);
// the others stop at such a placeholder.
var placeholderRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:@@?[A-Za-z_]|_:[A-Za-z]|\$\{|\$[0-9A-Za-z_]|\{%|<%|%[A-Za-z{(]|:[A-Za-z_])`)
})

// placeholderAt returns the text around a syntax error at offset off of
// src when it starts like a placeholder of a client-side template: the run
// of bytes that holds off, from the last space, comma, bracket or `=`
// before it (at most 40 bytes away) to the next space, comma or bracket
// (`<%=` whole).
func placeholderAt(src []byte, off int) (string, bool) {
	if off < 0 || off >= len(src) {
		return "", false
	}
	stop := func(c byte) bool {
		switch c {
		case ' ', '\t', '\r', '\n', ',', '(', ')', '[', ']', '=', ';':
			return true
		}
		return false
	}
	start := off
	for start > 0 && off-start < 40 && !stop(src[start-1]) {
		start--
	}
	end := off
	for end < len(src) && end-start < 40 && (src[end] == '=' || !stop(src[end])) {
		end++
	}
	if start == end || !placeholderRE().Match(src[start:end]) {
		return "", false
	}
	return string(src[start:end]), true
}

// isMarker reports whether b, made of capitals, digits and underscores, is
// a statement-slot marker of a template: a name in capitals between double
// underscores (`__START_STEP__`), which a host replaces with statements or
// with nothing before EVAL (Redis::CappedCollection's _lua_script_cmd).
func isMarker(b []byte) bool {
	return len(b) >= 5 && b[0] == '_' && b[1] == '_' && b[2] >= 'A' && b[2] <= 'Z' && b[len(b)-2] == '_' && b[len(b)-1] == '_'
}

// markerBefore returns the marker that stands alone on the line before
// offset off of src, past blanks and line ends: a name alone on its line
// is no Lua statement (neither a call nor an assignment), so the parse
// fails at the token after it.
func markerBefore(src []byte, off int) (string, bool) {
	if off < 0 || off > len(src) {
		return "", false
	}
	end := off
	for end > 0 && (src[end-1] == ' ' || src[end-1] == '\t' || src[end-1] == '\r' || src[end-1] == '\n') {
		end--
	}
	start := end
	for start > 0 && (src[start-1] == '_' || src[start-1] >= 'A' && src[start-1] <= 'Z' || src[start-1] >= '0' && src[start-1] <= '9') {
		start--
	}
	if !isMarker(src[start:end]) {
		return "", false
	}
	for i := start - 1; i >= 0 && src[i] != '\n'; i-- {
		if src[i] != ' ' && src[i] != '\t' {
			return "", false
		}
	}
	for i := end; i < off; i++ {
		if src[i] == '\n' {
			return string(src[start:end]), true
		}
	}
	return "", false
}

// placeholderError is the finding of a syntax error at a placeholder of a
// template whose grammar lint-lua does not know: info, since the file is
// likely the text a client rewrites before EVAL, not the script Redis runs.
func placeholderError(d diag.Diagnostic, text string) diag.Diagnostic {
	d.Severity = diag.SeverityInfo
	d.Help = fmt.Sprintf("no Lua code starts with %s: if a client library fills such placeholders before EVAL (a template), "+
		"lint-lua does not know its grammar (or the file mixes two) and cannot lint the script; if this file is sent as it is, Redis refuses it "+
		"(%s)", text, d.Message)
	d.Message = fmt.Sprintf("%s is no Lua: a placeholder of a client-side template lint-lua does not know", text)
	return d
}

// lowerPlaceholder turns the finding of syntax error e of f into
// placeholderError's when the error stands at a placeholder.
func lowerPlaceholder(f *luasrc.File, e luasrc.SyntaxError, d diag.Diagnostic) diag.Diagnostic {
	if f.Src == nil || e.Range.Start.Line < 1 || e.Range.Start.Line > f.LineCount() {
		return d
	}
	off := f.Offset(e.Range.Start)
	if text, ok := placeholderAt(f.Src, off); ok {
		return placeholderError(d, text)
	}
	if text, ok := markerBefore(f.Src, off); ok {
		return placeholderError(d, text)
	}
	return d
}
