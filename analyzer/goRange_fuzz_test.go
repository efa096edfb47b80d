package analyzer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/rules"
)

// FuzzGoRange maps Lua ranges back into Go source the way the analyzer
// reports findings: a script written as an interpreted literal joined to a
// raw one (CRLF line ends, when it can be raw) is parsed and linted, and
// every token, comment, syntax error and diagnostic range is sent through
// luaScript.GoRange. Each must land inside the literals, start no later
// than it ends, and be exact; and the Go source under a range that holds
// one token of a raw literal must be the token's own text.
//
//	go test -run '^$' -fuzz '^FuzzGoRange$' -parallel 1 ./analyzer/
func FuzzGoRange(f *testing.F) {
	for _, s := range [][2]string{
		{"local v = redis.call('GET', KEYS[1])\n", "return v\n"},
		{"return redis.call('SET', KEYS[1], ARGV[1]) --", "[[x]]\n"},
		{"if x then\r\n", "return 1 end\t\n"},
		{"", "return KEYS[2]"},
		{"local s = '\\z", "'"},
		{"return é ☃ \x00\xff", ""},
		// Two bytes that are valid UTF-8 together but lie on two lines.
		{"", "\xdd\n\xaf"},
	} {
		f.Add(s[0], s[1])
	}
	all := rules.Catalogue().All()
	f.Fuzz(func(t *testing.T, quoted, raw string) {
		checkGoRange(t, quoted, raw, all)
	})
}

func checkGoRange(t *testing.T, quoted, raw string, all []*lint.Rule) {
	t.Helper()
	rawOK := canRaw(raw)
	second := strconv.Quote(raw)
	if rawOK {
		second = "`" + strings.ReplaceAll(raw, "\n", "\r\n") + "`"
	}
	src := []byte("package p\r\n\r\nvar x = " + strconv.Quote(quoted) + " +\r\n\t" + second + "\r\n")
	fset := token.NewFileSet()
	gf, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	tf := fset.File(gf.Pos())
	var lits []*ast.BasicLit
	ast.Inspect(gf, func(n ast.Node) bool {
		if b, ok := n.(*ast.BasicLit); ok {
			lits = append(lits, b)
		}
		return true
	})
	if len(lits) != 2 {
		t.Fatalf("%q: %d literals", src, len(lits))
	}
	txt := litText(tf, lits[0], src)
	second2 := litText(tf, lits[1], src)
	if txt == nil || second2 == nil {
		t.Fatalf("%q: literal not decoded", src)
	}
	txt = txt.clone().concat(second2, settings.DefaultMaxFileSize)
	if txt.s != quoted+raw {
		t.Fatalf("decoded %q, want %q", txt.s, quoted+raw)
	}
	s := &luaScript{Src: lits[0], Known: true, Text: txt.s, text: txt}
	file := s.Lua()
	lo, hi := lits[0].Pos(), tf.Pos(len(src)-2) // the second literal ends before the final CRLF

	var ranges []span.Range
	for i := range file.Tokens {
		ranges = append(ranges, file.TokenRange(i, i))
	}
	for _, c := range file.Comments {
		ranges = append(ranges, c.Range)
	}
	for _, e := range file.Errors {
		ranges = append(ranges, e.Range)
	}
	for _, d := range lint.Run(file, lint.Config{Rules: all}) {
		ranges = append(ranges, d.Range)
	}
	for _, r := range ranges {
		pos, end, exact := s.GoRange(r)
		if txt.s == "" {
			if pos != token.NoPos || exact {
				t.Fatalf("empty script: range %v maps to %d, exact %v", r, pos, exact)
			}
			continue
		}
		if !exact || pos < lo || end > hi || pos > end {
			t.Fatalf("%q: Lua range %v maps to Go [%d,%d) exact %v, literals are [%d,%d)", src, r, pos, end, exact, lo, hi)
		}
	}
	if !rawOK {
		return
	}
	// A token that lies wholly in the raw literal reads the same in the Go
	// file, but for the carriage returns go/scanner drops.
	for i, tok := range file.Tokens {
		if int(tok.Off) < len(quoted) || tok.End0 == tok.Off {
			continue
		}
		pos, end, _ := s.GoRange(file.TokenRange(i, i))
		got := strings.ReplaceAll(string(src[tf.Offset(pos):tf.Offset(end)]), "\r", "")
		if want := file.Text(tok); got != want {
			t.Fatalf("%q: token %q maps to Go text %q", src, want, got)
		}
	}
}
