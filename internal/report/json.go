package report

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// jsonFormatter writes one object for the whole run, so consumers can decode
// it in one call and see the file count even when nothing was found.
type jsonFormatter struct{}

// jsonOutput is the schema of the output. Format writes it by hand; the
// tests encode it with encoding/json and compare.
type jsonOutput struct {
	Files       int              `json:"files"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
	// Errors are what kept files from being linted (Result.Errors);
	// absent when there were none, so that a clean run's output is as it
	// was before the field.
	Errors []jsonError `json:"errors,omitempty"`
	// Skipped are the .lua files not linted as no Redis scripts
	// (Result.Skipped); absent when there were none.
	Skipped []jsonSkipped `json:"skipped,omitempty"`
}

// jsonSkipped is one file the run skipped, and why.
type jsonSkipped struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// jsonError is one error of the run: the file it names, if any.
type jsonError struct {
	File    string `json:"file,omitempty"`
	Message string `json:"message"`
}

type jsonDiagnostic struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	// Help is the why and the fix, apart from the headline (Message);
	// absent when the finding has none.
	Help string `json:"help,omitempty"`
	// Fix is present only for a finding lint-lua --fix can rewrite.
	Fix *jsonFix `json:"fix,omitempty"`
	// Proof is present when lint-lua --prove replayed the finding.
	Proof *jsonProof `json:"proof,omitempty"`
}

// jsonProof is what replaying a finding on a Redis showed.
type jsonProof struct {
	Reproduced bool `json:"reproduced"`
	// Searched: the script was run (false: --prove refused to run it).
	Searched bool   `json:"searched"`
	Witness  string `json:"witness,omitempty"`
	Reply    string `json:"reply,omitempty"`
	Server   string `json:"server,omitempty"`
	Note     string `json:"note,omitempty"`
	// State, Keys and Argv are the run that reproduced the finding: the
	// commands that built its database, then EVAL (or FCALL of
	// Function) with these KEYS and ARGV.
	State    [][]string `json:"state,omitempty"`
	Keys     []string   `json:"keys,omitempty"`
	Argv     []string   `json:"argv,omitempty"`
	Function string     `json:"function,omitempty"`
	// Appended is the line added to a file of functions to call one.
	Appended string `json:"appended,omitempty"`
}

func newJSONProof(p *diag.Proof) *jsonProof {
	if p == nil {
		return nil
	}
	return &jsonProof{Reproduced: p.Reproduced, Searched: p.Searched, Witness: p.Witness, Reply: p.Reply, Server: p.Server, Note: p.Note,
		State: p.State, Keys: p.Keys, Argv: p.Args, Function: p.Function, Appended: p.Appended}
}

// jsonFix is a finding's fix: edits as byte offsets into the file as it
// was read (end exclusive), applied together.
type jsonFix struct {
	Message string `json:"message"`
	// Applicability is "safe" (--fix applies it), "unsafe" (only with
	// --unsafe-fixes) or "display-only" (never applied).
	Applicability string     `json:"applicability"`
	Edits         []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
	NewText   string `json:"new_text"`
}

func newJSONFix(f *diag.Fix) *jsonFix {
	if f == nil {
		return nil
	}
	out := &jsonFix{Message: f.Message, Applicability: f.Applicability.String(), Edits: make([]jsonEdit, 0, len(f.Edits))}
	for _, e := range f.Edits {
		out.Edits = append(out.Edits, jsonEdit{Offset: e.Start, EndOffset: e.End, NewText: e.New})
	}
	return out
}

// Format writes what encoding/json with two-space indentation and no HTML
// escaping writes for a jsonOutput (TestJSONMatchesEncoder and
// FuzzJSONMatchesEncoder compare them), diagnostic by diagnostic and
// without reflection: encoding/json's encoder took 7% of a whole run.
func (jsonFormatter) Format(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	buf := make([]byte, 0, 1024)
	buf = append(buf, "{\n  \"files\": "...)
	buf = strconv.AppendInt(buf, int64(r.Files), 10)
	buf = append(buf, ",\n  \"diagnostics\": ["...)
	for i, d := range r.Diagnostics {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, "\n    {\n      \"file\": "...)
		buf = appendJSONString(buf, d.File)
		buf = appendJSONInt(buf, ",\n      \"line\": ", d.Range.Start.Line)
		buf = appendJSONInt(buf, ",\n      \"column\": ", d.Range.Start.Column)
		buf = appendJSONInt(buf, ",\n      \"end_line\": ", d.Range.End.Line)
		buf = appendJSONInt(buf, ",\n      \"end_column\": ", d.Range.End.Column)
		buf = append(buf, ",\n      \"rule\": "...)
		buf = appendJSONString(buf, d.Rule)
		buf = append(buf, ",\n      \"severity\": "...)
		buf = appendJSONString(buf, severityName(d.Severity))
		buf = append(buf, ",\n      \"message\": "...)
		buf = appendJSONString(buf, d.Message)
		if d.Help != "" {
			buf = append(buf, ",\n      \"help\": "...)
			buf = appendJSONString(buf, d.Help)
		}
		if f := d.Fix; f != nil {
			buf = append(buf, ",\n      \"fix\": {\n        \"message\": "...)
			buf = appendJSONString(buf, f.Message)
			buf = append(buf, ",\n        \"applicability\": "...)
			buf = appendJSONString(buf, f.Applicability.String())
			buf = append(buf, ",\n        \"edits\": ["...)
			for j, e := range f.Edits {
				if j > 0 {
					buf = append(buf, ',')
				}
				buf = appendJSONInt(buf, "\n          {\n            \"offset\": ", e.Start)
				buf = appendJSONInt(buf, ",\n            \"end_offset\": ", e.End)
				buf = append(buf, ",\n            \"new_text\": "...)
				buf = appendJSONString(buf, e.New)
				buf = append(buf, "\n          }"...)
			}
			if len(f.Edits) > 0 {
				buf = append(buf, "\n        "...)
			}
			buf = append(buf, "]\n      }"...)
		}
		if p := d.Proof; p != nil {
			buf = append(buf, ",\n      \"proof\": {\n        \"reproduced\": "...)
			buf = strconv.AppendBool(buf, p.Reproduced)
			buf = append(buf, ",\n        \"searched\": "...)
			buf = strconv.AppendBool(buf, p.Searched)
			for _, kv := range [...]struct{ k, v string }{{"witness", p.Witness}, {"reply", p.Reply}, {"server", p.Server}, {"note", p.Note}} {
				if kv.v != "" {
					buf = append(buf, ",\n        \""...)
					buf = append(buf, kv.k...)
					buf = append(buf, "\": "...)
					buf = appendJSONString(buf, kv.v)
				}
			}
			buf = append(buf, "\n      }"...)
		}
		buf = append(buf, "\n    }"...)
		if len(buf) > 32<<10 {
			if _, err := bw.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	if len(r.Diagnostics) > 0 {
		buf = append(buf, "\n  "...)
	}
	buf = append(buf, ']')
	if len(r.Errors) > 0 {
		buf = append(buf, ",\n  \"errors\": ["...)
		for i, e := range r.Errors {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, "\n    {"...)
			if e.File != "" {
				buf = append(buf, "\n      \"file\": "...)
				buf = appendJSONString(buf, e.File)
				buf = append(buf, ',')
			}
			buf = append(buf, "\n      \"message\": "...)
			buf = appendJSONString(buf, e.Message)
			buf = append(buf, "\n    }"...)
		}
		buf = append(buf, "\n  ]"...)
	}
	if len(r.Skipped) > 0 {
		buf = append(buf, ",\n  \"skipped\": ["...)
		for i, sk := range r.Skipped {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, "\n    {\n      \"file\": "...)
			buf = appendJSONString(buf, sk.File)
			buf = append(buf, ",\n      \"reason\": "...)
			buf = appendJSONString(buf, sk.Reason)
			buf = append(buf, "\n    }"...)
		}
		buf = append(buf, "\n  ]"...)
	}
	buf = append(buf, "\n}\n"...)
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	return bw.Flush()
}

func appendJSONInt(buf []byte, key string, n int) []byte {
	return strconv.AppendInt(append(buf, key...), int64(n), 10)
}

// appendJSONString appends s quoted as encoding/json quotes a string with
// HTML escaping off: `"` and `\` escaped, \b \f \n \r \t by name, the
// other control characters as \u00XX, invalid UTF-8 as \ufffd, and U+2028
// and U+2029 escaped (JavaScript would end a line there).
func appendJSONString(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		// Most of a report is plain ASCII: skip it eight bytes at a time,
		// then a table lookup a byte.
		for i+8 <= len(s) && plain8(s[i:i+8]) {
			i += 8
		}
		for i < len(s) && jsonPlain[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\b':
				buf = append(buf, '\\', 'b')
			case '\f':
				buf = append(buf, '\\', 'f')
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// jsonPlain marks the bytes appendJSONString copies as they are: ASCII
// from space on, but for `"` and `\`.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// plain8 reports whether the eight bytes of s are all jsonPlain: none is a
// control character, '"', '\\' or past ASCII.
func plain8(s string) bool {
	x := word(s)
	return (below(x, 0x20)|equal(x, '"')|equal(x, '\\')|x)&highs == 0
}

// Eight bytes tested at once, as one word: each test is the classic "has a
// byte less than n" or "has a zero byte", which is exact as a whole-word
// test (its bit may show in a wrong byte, never in a word without one).
const ones, highs = 0x0101010101010101, 0x8080808080808080

// word loads the first eight bytes of s, little-endian (one load).
func word(s string) uint64 {
	_ = s[7] // one bounds check, and the eight loads become one
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// below has a high bit set, masked by highs, when a byte of x is below n
// (n <= 0x80).
func below(x uint64, n byte) uint64 { return (x - uint64(n)*ones) &^ x }

// equal has a high bit set, masked by highs, when a byte of x is c.
func equal(x uint64, c byte) uint64 {
	d := x ^ uint64(c)*ones
	return (d - ones) &^ d
}
