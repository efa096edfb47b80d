package luasrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// TestSyntaxLevels checks the nesting bound against what Redis 7.0.15
// answered for the same scripts (EVAL ... 0): the last form of each pair is
// the first that Redis refuses with "chunk has too many syntax levels".
// Parentheses are the one case counted short (gopher-lua drops them, and
// the token count cannot tell an empty `f()` from a nested one), so 199 or
// 200 of them pass here although Redis refuses them: lint-lua may miss the
// error but never reports one Redis would not.
func TestSyntaxLevels(t *testing.T) {
	rep := strings.Repeat
	cases := []struct {
		src string
		bad bool
	}{
		{"return " + rep("- ", 198) + "1", false},
		{"return " + rep("- ", 199) + "1", true},
		{"return " + rep("not ", 199) + "1", true},
		{"local a = 'x' local b = a" + rep("..a", 198), false},
		{"local a = 'x' local b = a" + rep("..a", 199), true},
		{"local a = 1 local b = a" + rep("^a", 199), true},
		{"do do return " + rep("- ", 196) + "1 end end", false},
		{"do do return " + rep("- ", 197) + "1 end end", true},
		{rep("do ", 199) + rep("end ", 199), false},
		{rep("do ", 200) + rep("end ", 200), true},
		{"return " + rep("(", 198) + "1" + rep(")", 198), false},
		// Redis refuses from 199 parentheses on; the token count can only
		// tell from 201 without risking a false error.
		{"return " + rep("(", 200) + "1" + rep(")", 200), false},
		{"return " + rep("(", 201) + "1" + rep(")", 201), true},
		// Left-associative chains do not nest in Lua: Redis runs these.
		{"local a = 1 return a" + rep("+a", 300), false},
		{"local a = 1 return a" + rep(" and a", 300), false},
		{"local a = 1 return a" + rep(" == a", 300), false},
	}
	for _, c := range cases {
		f := Parse("t.lua", []byte(c.src))
		bad := false
		for _, e := range f.Errors {
			if strings.Contains(e.Message, "too many syntax levels") {
				bad = true
			} else {
				t.Errorf("%.40q...: unexpected error %q", c.src, e.Message)
			}
		}
		if bad != c.bad {
			t.Errorf("%.40q... (%d bytes): too many syntax levels = %v, Redis says %v", c.src, len(c.src), bad, c.bad)
		}
	}
}

// TestSeparators: gopher-lua accepts empty statements and empty list
// elements that Lua 5.1 refuses; what Redis 7.0.15 answered is beside each.
func TestSeparators(t *testing.T) {
	cases := []struct {
		src string
		bad bool
	}{
		{"do ; end", true},                      // unexpected symbol near ';'
		{"local x = 1;; return x", true},        // unexpected symbol near ';'
		{";", true},                             // unexpected symbol near ';'
		{"return #{0,,}", true},                 // unexpected symbol near ','
		{"return #{0;;}", true},                 // unexpected symbol near ';'
		{"return #{0,;}", true},                 // unexpected symbol near ';'
		{"x = {0,,0}", true},                    // unexpected symbol near ','
		{"local x = 1; return x", false},        // 1
		{"return 1;", false},                    // 1
		{"local t = {1,2;3,} return #t", false}, // 3
		{"return #{0,}", false},                 // 1
		{"local function f() end; f(); local t = {f;}; for i = 1, 2 do break; end; repeat until t; return", false},
	}
	for _, c := range cases {
		f := Parse("t.lua", []byte(c.src))
		if bad := len(f.Errors) > 0; bad != c.bad {
			t.Errorf("%q: errors %v, Redis refuses it: %v", c.src, f.Errors, c.bad)
		}
		if !c.bad && !f.Positioned() {
			t.Errorf("%q: positions not walked", c.src)
		}
		if c.bad && len(f.Errors) > 0 && !strings.HasPrefix(f.Errors[0].Message, "unexpected symbol near") {
			t.Errorf("%q: error %q", c.src, f.Errors[0].Message)
		}
	}
}

// TestLexerDifferences: where gopher-lua's lexer and Lua 5.1's disagree,
// Parse answers as Redis does. Each case was sent to Redis 7.0.15 with
// SCRIPT LOAD (which compiles without running); want is the start of its
// error, or "" where it compiled the script.
func TestLexerDifferences(t *testing.T) {
	cases := []struct{ src, want string }{
		{"if 1==0then return end", "malformed number near '0then'"},
		{"return 1..2", "malformed number near '1..2'"},
		{"return 3.14.15", "malformed number near '3.14.15'"},
		{"return 1e+5x", "malformed number near '1e+5x'"},
		{"return 1_0", "malformed number near '1_0'"},
		{"return 1e", "malformed number near '1e'"},
		{"return 0x1g", "malformed number near '0x1g'"},
		{"return 0x1F", ""},
		{"return 1 ..2", ""},
		{"return .5 + 5. + 5.e3 + 007 + 1.5e-3", ""},
		{"local t = {} return t[1]..''", ""},
		// `--[=` without a second '[' is a short comment in Lua 5.1.
		{"--[= x\nreturn 1", ""},
		{"--[==\nreturn 1", ""},
		{"--[=", ""},
		{"local x = 1 --[=== header ===\nreturn x", ""},
		{"--[=[ x ]=] return 1", ""},
		{"x = '--[=' return x", ""},
		{"x = '\\'--[=' return x", ""},
		{"x = [[--[=]] --[=\nreturn x", ""},
		{"--[[ x", "unfinished long comment"},
		{"return [=x", "invalid long string delimiter"},
	}
	for _, c := range cases {
		f := Parse("t.lua", []byte(c.src))
		got := ""
		if len(f.Errors) > 0 {
			got = f.Errors[0].Message
		}
		if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: error %q, Redis says %q", c.src, got, c.want)
		}
		if c.want == "" && !f.Positioned() {
			t.Errorf("%q: positions not walked", c.src)
		}
	}
	f := Parse("t.lua", []byte("x = 1..2"))
	if r := f.Errors[0].Range; r.Start.Column != 5 || r.End.Column != 9 {
		t.Errorf("malformed number range %v, want columns 5-9", r)
	}
}

// TestGrammarDifferences: statements gopher-lua's grammar accepts and Lua
// 5.1's refuses, found by comparing Parse with Redis on the fuzz corpus.
// want is the start of what Redis 7.0.15 answered to SCRIPT LOAD, or ""
// where it compiled the script.
func TestGrammarDifferences(t *testing.T) {
	cases := []struct{ src, want string }{
		{"(f())", "syntax error near '<eof>'"},
		{"local x = 1 (f())", "syntax error near '<eof>'"},
		{"do (f()) end", "syntax error near 'end'"},
		{"(f)()", ""},
		{"((f))()", ""},
		{"(f()).x = 1", ""},
		{"(f())()", ""},
		{"(f()):m()", ""},
		{"f(function() ; end)", "unexpected symbol near ';'"},
		{"local function g(a) ; end", "unexpected symbol near ';'"},
		{"function t.m(a); end", "unexpected symbol near ';'"},
		{"f(function() end); local function g() end; g();", ""},
		{"break", "no loop to break near '<eof>'"},
		{"while true do local f = function() break end end", "no loop to break near 'end'"},
		{"for i = 1, 2 do if i then break end end", ""},
		{"repeat break until true", ""},
		{"for k in pairs(KEYS) do do break end end", ""},
		{"local a = b\n(c or d):foo()", "ambiguous syntax (function call x new statement)"},
		{"f\n(x)", "ambiguous syntax (function call x new statement)"},
		{"a:m\n(x)", "ambiguous syntax (function call x new statement)"},
		{"f{}\n(g)()", "ambiguous syntax (function call x new statement)"},
		{"(f)\n(g)", "ambiguous syntax (function call x new statement)"},
		{"return f\n(1)", "ambiguous syntax (function call x new statement)"},
		{"f\n{x}", ""},
		{"f\n\"x\"", ""},
		{"local x = {}\n(f)()", ""},
		{"local x = \"a\"\n(f)()", ""},
		{"local f = function() end\n(g)()", ""},
		{"local x = [[a\nb]]\n(f)()", ""},
		{"f(\n1)", ""},
		{"local t = a.b\n[1]", ""},
	}
	for _, c := range cases {
		f := Parse("t.lua", []byte(c.src))
		got := ""
		if len(f.Errors) > 0 {
			got = f.Errors[0].Message
		}
		if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: error %q, Redis says %q", c.src, got, c.want)
		}
		if c.want != "" && f.Chunk != nil {
			t.Errorf("%q: refused but the chunk is kept", c.src)
		}
	}
}

// TestMaxDepth: chains Lua accepts but that nest the AST past MaxDepth are
// refused with a message that says what to do, and stop before any walk.
func TestMaxDepth(t *testing.T) {
	ok := "local a = 1 return a" + strings.Repeat("+a", MaxDepth-10)
	if f := Parse("t.lua", []byte(ok)); len(f.Errors) > 0 || f.Chunk == nil || !f.Positioned() {
		t.Errorf("chain under MaxDepth: errors %v", f.Errors)
	}
	deep := "local a = 1\nreturn a" + strings.Repeat("+a", MaxDepth+10)
	f := Parse("t.lua", []byte(deep))
	if len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Message, "expression nested too deeply") || f.Chunk != nil {
		t.Fatalf("errors %v, chunk nil %v", f.Errors, f.Chunk == nil)
	}
	if r := f.Errors[0].Range; r.Start.Line != 2 || r.Start.Column != 1 {
		t.Errorf("range %v, want line 2", r)
	}
}

// FuzzParseRanges checks what Parse promises on any input: no panic, and
// every token, comment, syntax error and statement range inside the file
// and consistent with the byte offsets.
//
//	go test -run '^$' -fuzz FuzzParseRanges -parallel 1 ./internal/luasrc/
func FuzzParseRanges(f *testing.F) {
	files, _ := filepath.Glob("../../examples/*.lua")
	more, _ := filepath.Glob("../../rules/*/testdata/*.lua")
	for _, p := range append(files, more...) {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{"#!lua name=x\nreturn 1", "\xEF\xBB\xBFreturn 1", "local s = 'a\\\nb' --[==[ c\r\n]==] return s", "a = [[\n\r]] .. 'x'\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkParse(t, src)
	})
}

func checkParse(t *testing.T, src []byte) {
	t.Helper()
	file := Parse("fuzz.lua", src)
	if file.Chunk != nil && !file.Positioned() {
		t.Fatalf("parsed but positions not walked: %q", src)
	}
	lines := file.LineCount()
	inFile := func(what string, r span.Range) {
		for _, p := range []span.Pos{r.Start, r.End} {
			if p.Line < 1 || p.Line > lines+1 || p.Column < 1 {
				t.Fatalf("%s: range %v outside the file (%d lines)", what, r, lines)
			}
			if text, ok := file.Line(p.Line); ok && p.Column > len(text)+1 {
				t.Fatalf("%s: range %v past the end of line %d (%d bytes)", what, r, p.Line, len(text))
			}
		}
		if r.End.Line < r.Start.Line || (r.End.Line == r.Start.Line && r.End.Column < r.Start.Column) {
			t.Fatalf("%s: range %v ends before it starts", what, r)
		}
	}
	prev := 0
	for i, tok := range file.Tokens {
		r := file.TokenRange(i, i)
		inFile("token", r)
		off, end0 := int(tok.Off), int(tok.End0)
		if off < prev || end0 < off || end0 > len(src) {
			t.Fatalf("token %d: offsets [%d,%d) after %d in %d bytes", i, off, end0, prev, len(src))
		}
		if file.Offset(r.Start) != off || file.Offset(r.End) != end0 || tok.Line() != r.Start.Line {
			t.Fatalf("token %d: positions %v (line %d) do not map to offsets [%d,%d)", i, r, tok.Line(), off, end0)
		}
		prev = end0
	}
	for _, c := range file.Comments {
		inFile("comment", c.Range)
	}
	for _, e := range file.Errors {
		inFile("syntax error "+e.Message, e.Range)
		if strings.TrimSpace(e.Message) == "" || strings.Contains(e.Message, "internal error") {
			t.Fatalf("syntax error message %q", e.Message)
		}
	}
	if file.Shebang != nil {
		for _, o := range file.Shebang.Options {
			inFile("shebang option", o.Range)
		}
	}
	var stmts func([]ast.Stmt)
	stmts = func(ss []ast.Stmt) {
		for _, s := range ss {
			inFile("statement", file.Range(s))
			switch s := s.(type) {
			case *ast.DoBlockStmt:
				stmts(s.Stmts)
			case *ast.WhileStmt:
				stmts(s.Stmts)
			case *ast.RepeatStmt:
				stmts(s.Stmts)
			case *ast.IfStmt:
				stmts(s.Then)
				stmts(s.Else)
			case *ast.NumberForStmt:
				stmts(s.Stmts)
			case *ast.GenericForStmt:
				stmts(s.Stmts)
			case *ast.FuncDefStmt:
				inFile("function", file.Range(s.Func))
				stmts(s.Func.Stmts)
			}
		}
	}
	stmts(file.Chunk)
}
