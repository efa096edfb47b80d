package luasrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lint-lua/lint-lua/internal/benchdata"
)

// headerSamples are texts whose lexing or nesting MayBeHeader must get
// right: headers, scripts whose first non-definition comes late, and
// reserved words hidden in strings, comments and long brackets.
var headerSamples = []string{
	"local a = 1\nfunction f() if a then return 1 end end\n",
	"local function f()\n  while x do repeat y() until z end\n  for i = 1, 2 do end do end\n  return 1\nend\nreturn f()\n",
	"redis.replicate_commands()\nlocal t = {if_ = 1, ['return'] = 2}\n",
	"local s = 'return' .. \"if\" .. [[while]] .. [==[ ]] do ]==]\n-- return\n--[[ if\n]] x = 1\n",
	"local s = 'a\\\r\nreturn' x = 1\n",
	"#!lua name=lib\nlocal x = 1\n",
	"#!lua\nreturn 1\n",
	"\xEF\xBB\xBFlocal x = 1\nreturn x\n",
	"x = 1e+5 y = 0x1fend z = 3..4\nreturn\n",
	"local f = function() end end\n",
	"local t = {}\nt.x = function() local r = 1 return r end\nreturn t\n",
	"local a = 'unfinished\nreturn 1\n",
	"local a = [[unfinished\nreturn 1\n",
	"--[==[ unfinished\nreturn 1\n",
	"do local x = 1 end\n",
	"until x\n",
	"local x = 1 break\n",
	"x = .5 if x then end\n",
	"f()\n(g)()\nlocal y\n",
}

// TestMayBeHeaderMatchesParse checks MayBeHeader against the parse on the
// samples, every bundled and corpus script, and every fixture: when it
// says a text is no header, ParseDeclarations gives no chunk or one Header
// refuses; and it says so of most scripts that are not.
func TestMayBeHeaderMatchesParse(t *testing.T) {
	var srcs [][]byte
	for _, s := range headerSamples {
		srcs = append(srcs, []byte(s))
	}
	sets, err := benchdata.Sets()
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range sets {
		for _, f := range set.Files {
			srcs = append(srcs, f.Src)
		}
	}
	refused, scripts := 0, 0
	for _, src := range srcs {
		header := isHeader(src)
		may := MayBeHeader(src)
		if header && !may {
			t.Errorf("MayBeHeader says no header, but the parse finds one:\n%s", src)
		}
		if !header {
			scripts++
			if !may {
				refused++
			}
		}
	}
	// Most scripts refused without a parse is the point of the function.
	if scripts == 0 || refused*10 < scripts*9 {
		t.Errorf("MayBeHeader refused %d of %d texts that are no headers", refused, scripts)
	}
	sample := []byte(headerSamples[1])
	if n := testing.AllocsPerRun(10, func() { MayBeHeader(sample) }); n != 0 {
		t.Errorf("MayBeHeader allocates %v times", n)
	}
}

// isHeader is the simple version: parse the declarations, ask Header.
func isHeader(src []byte) bool {
	f := ParseDeclarations("a.lua", src)
	return f.Chunk != nil && Header(f.Chunk)
}

// FuzzMayBeHeader checks on any input that MayBeHeader never refuses a
// header.
func FuzzMayBeHeader(f *testing.F) {
	for _, s := range headerSamples {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../../examples/*.lua")
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if isHeader(src) && !MayBeHeader(src) {
			t.Fatalf("MayBeHeader says no header, but the parse finds one: %q", src)
		}
	})
}
