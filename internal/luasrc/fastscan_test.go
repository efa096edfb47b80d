package luasrc

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
)

// scanBoth runs fastScan and gopher-lua's scanner on the same text and
// fails when fastScan accepted it but the two disagree in any token or
// comment. It reports whether fastScan accepted the text.
func scanBoth(t *testing.T, src []byte) bool {
	t.Helper()
	text := shortCommentBrackets(src)
	fast := &File{Name: "a.lua", Src: src, lineStarts: computeLineStarts(src, nil)}
	if !fast.fastScan(text) {
		return false
	}
	slow := &File{Name: "a.lua", Src: src, lineStarts: computeLineStarts(src, nil)}
	slow.scanGopher(text)
	if len(slow.Errors) > 0 {
		t.Fatalf("fastScan accepted what gopher-lua's scanner refuses (%v): %q", slow.Errors, src)
	}
	if len(fast.Tokens) != len(slow.Tokens) {
		t.Fatalf("%d tokens, gopher-lua's scanner %d: %q", len(fast.Tokens), len(slow.Tokens), src)
	}
	for i := range fast.Tokens {
		ft, st := fast.Tokens[i], slow.Tokens[i]
		fv, sv := fast.Value(ft), slow.Value(st)
		ft.v0, ft.v1, st.v0, st.v1 = 0, 0, 0, 0
		if ft != st || fv != sv {
			t.Fatalf("token %d: %+v %q, gopher-lua's scanner %+v %q: %q", i, ft, fv, st, sv, src)
		}
	}
	if !reflect.DeepEqual(fast.Comments, slow.Comments) {
		t.Fatalf("comments %+v, gopher-lua's scanner %+v: %q", fast.Comments, slow.Comments, src)
	}
	return true
}

var fastScanSamples = []string{
	"local a = 1 -- c\nreturn a",
	"x = 012 + 0x1F + .5 + 1.5e3 + 3E-2 + 1..2 + .5.5 + 00 + 1.",
	"s = 'a\\tb\\\"c\\\\d\\65\\0\\255\\z' .. \"q\\\r\nx\\\n\ry\" .. '\\\r'",
	"s = [[\r\nfirst]] .. [==[a]]b]=]c\r\nd\n\re]==] .. [=[]]=]",
	"--[[ long\r\n comment ]] x = 1 --[==[ ]] ]==] y = 2\n-- short\r\n--[ not long\nz=3",
	"a.b:c(d)[e] = {f = 1; g = ...} ; if a ~= b and a <= b or a >= b or a == b then end",
	"goto = 1 local goto = goto ::x:: # - + * / % ^ < >",
	"local t = {} -- trailing",
	"\t \r\n\n\r  x\ty",
	"x = 1e", "x = 0x", "x = 1e+", "s = 'unfinished\nx'", "s = '\\300'", "a ~ b", "x = 1 @", "--[==[ open",
	"s = [==[ open", "s = [=x", "s = 'a\\", "x = \f1", "",
}

// TestFastScanMatches pins fastScan to gopher-lua's scanner on samples of
// every token kind and on every repository and corpus input.
func TestFastScanMatches(t *testing.T) {
	for _, s := range fastScanSamples {
		scanBoth(t, []byte(s))
	}
	sets, err := benchdata.Sets()
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range sets {
		for _, in := range set.Files {
			if !scanBoth(t, in.Src) && set.Name == "corpus" {
				t.Errorf("%s: fastScan gave up on a real script", in.Name)
			}
		}
	}
}

// FuzzFastScan compares fastScan with gopher-lua's scanner on any input.
func FuzzFastScan(f *testing.F) {
	for _, s := range fastScanSamples {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../../examples/*.lua")
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		scanBoth(t, src)
	})
}

// decimalRE is the definition isDecimalNumeral implements.
var decimalRE = regexp.MustCompile(`^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

var numeralSamples = []string{"1", "12", "1.", "1.5", ".5", ".", "", "1e5", "1e+5", "1E-5", "1e", "1e+", ".e5", "1.e5",
	".5e5", "1..2", "1.2.3", "0x10", "1a", "e5", "1e5x", "12345678901234567890", "+1", "1 "}

func TestDecimalNumeral(t *testing.T) {
	for _, s := range numeralSamples {
		if got, want := isDecimalNumeral(s), decimalRE.MatchString(s); got != want {
			t.Errorf("isDecimalNumeral(%q) = %v, the expression says %v", s, got, want)
		}
	}
}

func FuzzDecimalNumeral(f *testing.F) {
	for _, s := range numeralSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isDecimalNumeral(s), decimalRE.MatchString(s); got != want {
			t.Fatalf("isDecimalNumeral(%q) = %v, the expression says %v", s, got, want)
		}
	})
}

// TestKeywordShapes: every reserved word passes fastScan's filter on the
// first byte and the length (keywordShapes), so none is taken for a name.
func TestKeywordShapes(t *testing.T) {
	words := 0
	for c := 'a'; c <= 'z'; c++ {
		for l := 1; l <= maxKeyword+1; l++ {
			// Every word of this shape that keyword knows must pass.
			for _, w := range reservedWords {
				if w[0] == byte(c) && len(w) == l {
					words++
					if _, ok := keyword(w); !ok {
						t.Errorf("%q is no reserved word for keyword", w)
					}
					if l > maxKeyword || keywordShapes[c]&(1<<l) == 0 {
						t.Errorf("%q does not pass keywordShapes", w)
					}
				}
			}
		}
	}
	if words != len(reservedWords) {
		t.Errorf("%d of %d reserved words checked", words, len(reservedWords))
	}
}
