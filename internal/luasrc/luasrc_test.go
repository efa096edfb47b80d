package luasrc

import (
	"strings"
	"testing"

	"github.com/yuin/gopher-lua/ast"
)

func TestParseSamples(t *testing.T) {
	samples := []string{
		"local x = 1",
		"local a, b = (1), ((2))",
		"x = (a + b) * c",
		"x = ((a + b)) * (c)",
		"f((a), b)(c)",
		"(f)(x)",
		"local t = {1, 2; a = 3, [4] = (5),}",
		"a.b.c = d['e'].f:g(1)",
		"function a.b.c:m(x, ...) return ... end",
		"local function f(...) return (...) end",
		"if a then elseif b then else end",
		"if a then else if b then end end",
		"for i = 1, 10, 2 do end for k, v in pairs(t) do end",
		"while true do break end repeat local x = 1 until x",
		"do end; local y = 1; if y then return; end;",
		"return f{1} .. g'x' .. h[[y]]",
		"local s = -x ^ 2 + #t - not a",
		"local goto = 1 return goto",
		"return",
		"",
		"-- only a comment",
		"#!lua flags=no-writes\nreturn redis.call('GET', KEYS[1])",
	}
	for _, src := range samples {
		f := Parse("t.lua", []byte(src))
		if len(f.Errors) > 0 {
			t.Errorf("%q: errors %v", src, f.Errors)
			continue
		}
		if !f.Positioned() {
			t.Errorf("%q: positions not walked", src)
		}
	}
}

func TestRanges(t *testing.T) {
	src := "local x = redis.call('GET', KEYS[1])\nif  tonumber(x) > 0 then end\n"
	f := Parse("t.lua", []byte(src))
	if len(f.Errors) > 0 || !f.Positioned() {
		t.Fatalf("errors %v positioned %v", f.Errors, f.Positioned())
	}
	las := f.Chunk[0].(*ast.LocalAssignStmt)
	call := las.Exprs[0]
	r := f.Range(call)
	if got := src[f.Offset(r.Start):f.Offset(r.End)]; got != "redis.call('GET', KEYS[1])" {
		t.Errorf("call range %v = %q", r, got)
	}
	cond := f.Chunk[1].(*ast.IfStmt).Condition
	r = f.Range(cond)
	if r.Start.Line != 2 || r.Start.Column != 5 || r.End.Column != 20 {
		t.Errorf("cond range %+v", r)
	}
	if nr := f.NameRanges(las); len(nr) != 1 || nr[0].Start.Column != 7 {
		t.Errorf("name ranges %+v", nr)
	}
}

func TestSyntaxErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"for i=1,2 do goto continue ::continue:: end", "'=' expected near 'continue'"},
		{"::top::", "unexpected symbol near ':'"},
		{"\xEF\xBB\xBFreturn 1", "byte order mark"},
		{"return 1 +", "unexpected symbol near '<eof>'"},
		{"local x = 'abc", "unfinished string"},
		{"x = 7 // 2", "unexpected symbol"},
		{"if x then", "'end' expected near '<eof>'"},
		{"local function f()\n  return 1\n", "'end' expected (to close 'function' at line 1) near '<eof>'"},
		{"x = = 1", "unexpected symbol near '='"},
		{"x", "'=' expected near '<eof>'"},
		{"f() = 1", "unexpected symbol near '='"},
		{"for i do end", "'=' or 'in' expected near 'do'"},
		{"local t = {1, 2\nreturn t", "'}' expected (to close '{' at line 1) near 'return'"},
		{"return 1 x = 2", "'<eof>' expected near 'x'"},
		{"a.b:c = 1", "function arguments expected near '='"},
		{"function f(a,) end", "<name> or '...' expected near ')'"},
		{strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), "too many syntax levels"},
	}
	for _, c := range cases {
		f := Parse("t.lua", []byte(c.src))
		if len(f.Errors) == 0 {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if !strings.Contains(f.Errors[0].Message, c.want) {
			t.Errorf("%q: error %q, want %q", c.src, f.Errors[0].Message, c.want)
		}
	}
}

func TestShebangAndComments(t *testing.T) {
	f := Parse("t.lua", []byte("#!lua name=mylib flags=no-writes\r\n-- hello\r\nlocal x = 1 --[[ long\ncomment ]] -- tail\n"))
	if f.Shebang == nil || f.Shebang.Engine != "lua" {
		t.Fatalf("shebang %+v", f.Shebang)
	}
	if o, ok := f.Shebang.Option("name"); !ok || o.Value != "mylib" || o.Range.Start.Column != 7 {
		t.Errorf("name option %+v", o)
	}
	if len(f.Errors) > 0 {
		t.Fatalf("errors %v", f.Errors)
	}
	if len(f.Comments) != 3 {
		t.Fatalf("comments %+v", f.Comments)
	}
	if f.Comments[0].Text != " hello" || !f.Comments[0].OwnLine || f.Comments[2].OwnLine {
		t.Errorf("comments %+v", f.Comments)
	}
	if f.Comments[1].Text != " long\ncomment " {
		t.Errorf("long comment %q", f.Comments[1].Text)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"local x = (a + b) * c", "if a then elseif b then else end", "#!lua\nreturn 1", "f{1}'x'[[y]]", "\xEF\xBB\xBF", "a.b:c(d)(e)"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file := Parse("fuzz.lua", src)
		if file.Chunk != nil && !file.Positioned() {
			t.Fatalf("parsed but positions not walked: %q", src)
		}
		// Parse turns its own panics into an "internal error" message so
		// that one file cannot stop a run; here that is a crash.
		for _, e := range file.Errors {
			if strings.Contains(e.Message, "internal error") {
				t.Fatalf("%q: %s", src, e.Message)
			}
		}
	})
}
