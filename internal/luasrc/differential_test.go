package luasrc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/gopher-lua/ast"
)

// compareWithGopher parses src with Parse and with parseGopher, the
// pipeline built on gopher-lua's parser, and reports how they differ: the
// verdict, the tree (reflect.DeepEqual, lines included) and every
// position map. It returns "" when they agree.
func compareWithGopher(src []byte) string {
	if d := compareLua51Shortcut(src); d != "" {
		return d
	}
	got := Parse("t.lua", src)
	want := parseGopher("t.lua", src)
	for _, e := range got.Errors {
		if strings.Contains(e.Message, "internal error") {
			return "parser: " + e.Message
		}
	}
	for _, e := range want.Errors {
		if strings.Contains(e.Message, "internal error") {
			// A crash of the oracle says nothing about the parser.
			return ""
		}
	}
	gotOK, wantOK := got.Chunk != nil, want.Chunk != nil
	if gotOK != wantOK || (len(got.Errors) == 0) != (len(want.Errors) == 0) {
		return fmt.Sprintf("verdict: parser chunk %v errors %v; gopher-lua chunk %v errors %v", gotOK, got.Errors, wantOK, want.Errors)
	}
	if !gotOK {
		return ""
	}
	if got.Positioned() != want.Positioned() {
		return fmt.Sprintf("positioned %v, gopher-lua %v", got.Positioned(), want.Positioned())
	}
	if !bytes.Contains(src, []byte(gotoStandIn)) {
		// parseText renamed `goto` for gopher-lua, and the walk renames
		// back only declared and read names, not keys and methods.
		renameStrings(reflect.ValueOf(want.Chunk), gotoStandIn, "goto")
	}
	if !reflect.DeepEqual(got.Chunk, want.Chunk) {
		return "tree differs:\n" + dumpTree(got.Chunk) + "\ngopher-lua:\n" + dumpTree(want.Chunk)
	}
	// The trees are equal: pair their nodes to compare the maps.
	pairs := map[uintptr]uintptr{}
	pairNodes(reflect.ValueOf(want.Chunk), reflect.ValueOf(got.Chunk), pairs)
	if got.spans.len() != want.spans.len() {
		return fmt.Sprintf("%d spans, gopher-lua walk %d", got.spans.len(), want.spans.len())
	}
	// The tables key nodes by address: pair want's addresses with got's
	// nodes.
	byAddr := pairs
	for addr, v := range want.spans.m.All() {
		node := byAddr[addr]
		if g, ok := got.spans.m.Get(node); !ok || g != v {
			return fmt.Sprintf("span and flags of node %#x: %v (%v), walk %v", addr, g, ok, v)
		}
	}
	// The table keys nodes by address, which is sound only while they
	// live (see nodemap): every node recorded is one of the tree's.
	inTree := make(map[uintptr]bool, len(pairs))
	for _, v := range pairs {
		inTree[v] = true
	}
	for addr := range got.spans.m.All() {
		if !inTree[addr] {
			return fmt.Sprintf("node %#x has a span but is not in the tree", addr)
		}
	}
	if got.names.len() != want.names.len() {
		return fmt.Sprintf("%d names, walk %d", got.names.len(), want.names.len())
	}
	for addr, v := range want.names.m.All() {
		if g, ok := got.names.m.Get(byAddr[addr]); !ok || g != v {
			return fmt.Sprintf("names of node %#x: first token and count %v (%v), walk %v", addr, g, ok, v)
		}
	}
	return ""
}

// compareLua51Shortcut checks that checkLua51's shortcut (File.lua51Suspect)
// hides no error: the walk over every token finds what it finds.
func compareLua51Shortcut(src []byte) string {
	var errs [2][]SyntaxError
	for k, force := range []bool{false, true} {
		f := &File{Name: "t.lua", Src: src}
		if _, ok := f.scanSource(); ok {
			f.mergeHexFloats()
			f.lua51Suspect = f.lua51Suspect || force
			f.checkLua51()
		}
		errs[k] = f.Errors
	}
	if !reflect.DeepEqual(errs[0], errs[1]) {
		return fmt.Sprintf("checkLua51 with its shortcut: %v, walking every token: %v", errs[0], errs[1])
	}
	return ""
}

// renameStrings replaces every string equal to from with to in v.
func renameStrings(v reflect.Value, from, to string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			renameStrings(v.Elem(), from, to)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			renameStrings(v.Index(i), from, to)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				renameStrings(v.Field(i), from, to)
			}
		}
	case reflect.String:
		if v.String() == from && v.CanSet() {
			v.SetString(to)
		}
	}
}

// pairNodes maps every pointer of tree a to the pointer at the same place
// in tree b (the trees are deeply equal).
func pairNodes(a, b reflect.Value, pairs map[uintptr]uintptr) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() {
			return
		}
		pairs[a.Pointer()] = b.Pointer()
		pairNodes(a.Elem(), b.Elem(), pairs)
	case reflect.Interface:
		if !a.IsNil() {
			pairNodes(a.Elem(), b.Elem(), pairs)
		}
	case reflect.Slice:
		for i := 0; i < a.Len(); i++ {
			pairNodes(a.Index(i), b.Index(i), pairs)
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if a.Type().Field(i).IsExported() {
				pairNodes(a.Field(i), b.Field(i), pairs)
			}
		}
	}
}

// dumpTree prints a tree with every node's lines, for failure messages.
func dumpTree(stmts []ast.Stmt) string {
	var b strings.Builder
	var dump func(v reflect.Value, depth int)
	dump = func(v reflect.Value, depth int) {
		if depth > 40 {
			b.WriteString("...")
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			if ph, ok := v.Interface().(ast.PositionHolder); ok && v.Kind() == reflect.Pointer {
				fmt.Fprintf(&b, "%s@%d-%d", v.Type().Elem().Name(), ph.Line(), ph.LastLine())
			}
			dump(v.Elem(), depth+1)
		case reflect.Slice:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			b.WriteString("[")
			for i := 0; i < v.Len(); i++ {
				if i > 0 {
					b.WriteString(" ")
				}
				dump(v.Index(i), depth+1)
			}
			b.WriteString("]")
		case reflect.Struct:
			b.WriteString("{")
			for i := 0; i < v.NumField(); i++ {
				f := v.Type().Field(i)
				if !f.IsExported() || f.Anonymous {
					continue
				}
				fmt.Fprintf(&b, "%s:", f.Name)
				dump(v.Field(i), depth+1)
				b.WriteString(" ")
			}
			b.WriteString("}")
		default:
			fmt.Fprintf(&b, "%q", fmt.Sprint(v.Interface()))
		}
	}
	dump(reflect.ValueOf(stmts), 0)
	return b.String()
}

// differentialInputs are the Lua files of the repository (rule fixtures,
// examples, the real corpus when fetched), the parity snippets, and
// nestings around the bounds.
func differentialInputs(t testing.TB) map[string][]byte {
	in := map[string][]byte{}
	root := "../.."
	for _, dir := range []string{"testdata", "examples", "analyzer/testdata"} {
		filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lua") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			in[p] = src
			return nil
		})
	}
	// The corpus is a symlink, which WalkDir does not follow.
	if ents, err := filepath.Glob(filepath.Join(root, "testdata/corpus/*/*")); err == nil {
		for _, e := range ents {
			filepath.WalkDir(e, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lua") {
					if src, err := os.ReadFile(p); err == nil {
						in[p] = src
					}
				}
				return nil
			})
		}
	}
	for name, src := range paritySnippets(t) {
		in["parity:"+name] = src
	}
	for i, src := range nestingInputs() {
		in[fmt.Sprintf("nesting:%d", i)] = []byte(src)
	}
	return in
}

// paritySnippets reads the bodies of testdata/parity/cases.txt.
func paritySnippets(t testing.TB) map[string][]byte {
	data, err := os.ReadFile("../../testdata/parity/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		h, ok := strings.CutPrefix(lines[i], "=== ")
		if !ok {
			continue
		}
		f := strings.Fields(h)
		j := i + 3
		for j < len(lines) && !strings.HasPrefix(lines[j], "=== ") {
			j++
		}
		body := strings.Join(lines[i+3:j], "\n")
		if len(f) > 1 && f[1] == "quoted" {
			if body, err = strconv.Unquote(strings.TrimSpace(body)); err != nil {
				t.Fatalf("parity case %s: %v", f[0], err)
			}
		}
		out[f[0]] = []byte(body)
		i = j - 1
	}
	if len(out) < 150 {
		t.Fatalf("%d parity snippets", len(out))
	}
	return out
}

// nestingInputs are nestings of every kind just under and just over the
// syntax level and depth bounds, where the parser's bottom-up count must
// agree with checkDepth's walk.
func nestingInputs() []string {
	rep := strings.Repeat
	var out []string
	for _, n := range []int{MaxNesting - 3, MaxNesting - 2, MaxNesting - 1, MaxNesting, MaxNesting + 1} {
		out = append(out,
			rep("do ", n)+rep("end ", n),
			"return "+rep("- ", n)+"1",
			"return "+rep("not ", n)+"1",
			"local a = 'x' local b = a"+rep("..a", n),
			"local a = 1 return a"+rep("^a", n),
			"x = "+rep("{", n)+rep("}", n),
			"x = "+rep("{a = ", n)+"1"+rep("}", n),
			"x = "+rep("{[1] = ", n)+"1"+rep("}", n),
			"x = "+rep("f(", n)+rep(")", n),
			"x = "+rep("f{", n)+rep("}", n),
			"x = "+rep("f({", n)+rep("})", n),
			"x = "+rep("t[", n)+"1"+rep("]", n),
			"x = "+rep("t[(", n)+"'k'"+rep(")]", n),
			rep("local f = function() ", n)+rep("end ", n),
			rep("local function f() ", n)+rep("end ", n),
			rep("function f() ", n)+rep("end ", n),
			rep("x = function() ", n)+rep("end ", n),
			rep("local f = (function() ", n)+rep("end) ", n),
			rep("if a then ", n)+rep("end ", n),
			"if a then "+rep("else if a then ", n)+rep("end ", n)+"end",
			rep("while a do ", n)+rep("end ", n),
			rep("repeat ", n)+rep("until a ", n),
			rep("for i = 1, 2 do ", n)+rep("end ", n),
			rep("for k in a do ", n)+rep("end ", n),
			rep("f(function() ", n/2)+rep("end) ", n/2),
			rep("local t = {function() ", n/2)+rep("end} ", n/2),
			"return "+rep("(", n)+"1"+rep(")", n),
			"return "+rep("-(", n)+"1"+rep(")", n),
			"local a = 1 return a"+rep(" .. (a", n)+rep(")", n),
		)
	}
	for _, n := range []int{MaxDepth - 3, MaxDepth - 2, MaxDepth - 1, MaxDepth, MaxDepth + 1} {
		out = append(out,
			"local a = 1 return a"+rep("+a", n),
			"local a = 1 x = a"+rep(" or a", n),
			"x = a"+rep(".b", n),
			"x = a"+rep("[1]", n),
			"a"+rep(".b", n)+" = 1",
			"f"+rep("()", n),
			"a"+rep(":m()", n),
			"function a"+rep(".b", n)+"() end",
			"function a"+rep(".b", n)+":m() end",
			"if a then "+rep("elseif a then ", n)+"end",
			"if a then "+rep("elseif a then ", n)+"else end",
			"local f = function() return a"+rep("+a", n)+" end",
			"local function f() return a"+rep("+a", n)+" end",
			"return function() return a"+rep("+a", n)+" end",
			"local a = 1 return "+rep("(", 150)+"a"+rep(")", 150)+rep("+a", n),
		)
	}
	return out
}

// TestParserMatchesGopherLua: on every Lua file of the repository, the
// parity snippets and nestings at the bounds, the parser gives gopher-lua's
// verdict and tree, and the positions the old walk gave.
func TestParserMatchesGopherLua(t *testing.T) {
	in := differentialInputs(t)
	if len(in) < 300 {
		t.Fatalf("only %d inputs", len(in))
	}
	parsed := 0
	for name, src := range in {
		if d := compareWithGopher(src); d != "" {
			t.Errorf("%s: %s", name, truncate(d, 3000))
		}
		if f := Parse(name, src); f.Chunk != nil {
			parsed++
		}
	}
	if parsed < len(in)/2 {
		t.Errorf("only %d of %d inputs parsed", parsed, len(in))
	}
	t.Logf("%d inputs, %d parsed", len(in), parsed)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// FuzzParserMatchesGopherLua: on any input, the parser and the pipeline
// built on gopher-lua's parser agree (see compareWithGopher).
//
//	go test -run '^$' -fuzz FuzzParserMatchesGopherLua -parallel 1 ./internal/luasrc/
func FuzzParserMatchesGopherLua(f *testing.F) {
	for name, src := range differentialInputs(f) {
		if strings.HasPrefix(name, "nesting:") || len(src) > 4000 {
			continue
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if d := compareWithGopher(src); d != "" {
			t.Fatalf("%q: %s", src, truncate(d, 3000))
		}
	})
}
