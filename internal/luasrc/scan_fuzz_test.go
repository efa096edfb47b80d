package luasrc

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/yuin/gopher-lua/parse"
)

// FuzzScan runs the token and comment index alone, outside Parse's recover,
// so that a panic in the scanner is a crash here and not an "internal
// error" message. What it checks on any input: tokens are in order, inside
// the file and never overlap; a comment starts with "--" and overlaps no
// token; an identifier or keyword token holds its own text; and when the
// scan went through without an error, every byte outside tokens and
// comments is white space.
//
//	go test -run '^$' -fuzz '^FuzzScan$' -parallel 1 ./internal/luasrc/
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"local x = 1 -- c\nreturn x",
		"--[==[ long\n]] ]==] a = [[x]] .. [=[y]=]",
		"--[= not long\nx = 1",
		"a = 'unfinished\nb = 2",
		"x = 0x1p4 + .5 + 5. + 1e10",
		"#!lua flags=no-writes\nreturn 1",
		"\xEF\xBB\xBFreturn 1",
		"s = \"\\z \\x41 \\300\"",
		"goto continue ::continue::",
		"a\r\nb\n\rc\rd",
		"--[[ unterminated",
		"x = [==[ unterminated ]=]",
		"return 1 --",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// The fuzzing engine has no time limit per input and drops an
		// input that hangs when -fuzztime runs out; a panic from the timer
		// goroutine kills the worker, which makes the engine keep the
		// input as a crasher. Ten seconds is far beyond any real scan.
		hang := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("scanning %q took more than 10s", src)) })
		defer hang.Stop()
		checkScan(t, src)
	})
}

func checkScan(t *testing.T, src []byte) {
	t.Helper()
	file := &File{Name: "fuzz.lua", Src: src, lineStarts: computeLineStarts(src, nil)}
	text := src
	// The same preparation as Parse: the BOM and the shebang line become
	// blanks, and `--[=` that opens no long comment loses its bracket.
	if bytes.HasPrefix(text, []byte("\xEF\xBB\xBF")) {
		text = blank(text, 0, 3)
	}
	if sb, end := parseShebang(text); sb != nil {
		text = blank(text, 0, end)
	}
	text = shortCommentBrackets(text)
	if len(text) != len(src) {
		t.Fatalf("preparation changed the length: %d bytes, was %d", len(text), len(src))
	}
	file.scan(text)

	covered := make([]bool, len(src))
	prev := 0
	var nest nesting
	stoppedAtLimit := false
	for i, tok := range file.Tokens {
		off, end0 := int(tok.Off), int(tok.End0)
		if off < prev || end0 < off || end0 > len(src) {
			t.Fatalf("token %d (%q): offsets [%d,%d) after %d in %d bytes", i, file.Value(tok), off, end0, prev, len(src))
		}
		if r := file.TokenRange(i, i); file.Offset(r.Start) != off || file.Offset(r.End) != end0 || tok.Line() != r.Start.Line {
			t.Fatalf("token %d: positions %v (line %d) do not map to offsets [%d,%d)", i, r, tok.Line(), off, end0)
		}
		if end0 == off && end0 < len(src) {
			t.Fatalf("token %d (type %d): empty at offset %d", i, tok.Type, off)
		}
		raw := string(text[off:end0])
		if tok.Type == parse.TIdent && raw != file.Value(tok) && file.Value(tok) != "goto" {
			t.Fatalf("token %d: identifier %q holds the text %q", i, file.Value(tok), raw)
		}
		for k := tok.Off; k < tok.End0; k++ {
			covered[k] = true
		}
		prev = end0
		stoppedAtLimit = nest.step(int(tok.Type))
	}
	for _, c := range file.Comments {
		from, to := file.Offset(c.Range.Start), file.Offset(c.Range.End)
		if from < 0 || to > len(src) || to < from+2 || string(src[from:from+2]) != "--" {
			t.Fatalf("comment %v: offsets [%d,%d) in %d bytes do not start with --", c.Range, from, to, len(src))
		}
		for k := from; k < to; k++ {
			if covered[k] {
				t.Fatalf("comment %v overlaps a token or another comment at offset %d", c.Range, k)
			}
			covered[k] = true
		}
	}
	if len(file.Errors) > 0 {
		for _, e := range file.Errors {
			if e.Message == "" {
				t.Fatalf("scan error without a message at %v", e.Range)
			}
		}
		return
	}
	if stoppedAtLimit {
		return
	}
	for k, c := range text {
		if !covered[k] && c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			t.Fatalf("byte %d (%q) is in no token and no comment", k, c)
		}
	}
}
