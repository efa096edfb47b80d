package luasrc

import (
	"reflect"
	"testing"

	"github.com/lint-lua/lint-lua/internal/nodemap"
	"github.com/yuin/gopher-lua/ast"
)

// TestNodeKeyIsThePointer pins nodemap.Key's reading of an interface's data
// word to what reflect says the pointer is, for every kind of node, so that
// a change in how Go lays out interfaces fails here and not in positions.
func TestNodeKeyIsThePointer(t *testing.T) {
	src := "local a, b = 1, 'x'\nfunction t.m:f(...) return #a + -b, {x = 1, [2] = 3, 4}, ... end\n" +
		"while a do break end repeat a = a .. b until not a\nfor i = 1, 2 do end for k, v in pairs(t) do end\n" +
		"if a then elseif b then else end do local function g() end end\nt.x, t[1] = a and b or nil, true\nf(a)(b):c'd'{}\n"
	f := Parse("k.lua", []byte(src))
	if f.Chunk == nil {
		t.Fatalf("parse: %v", f.Errors)
	}
	n := 0
	var visit func(v reflect.Value)
	seen := map[uintptr]bool{}
	visit = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				visit(v.Elem())
			}
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			if _, ok := v.Interface().(ast.PositionHolder); ok {
				n++
				if got, want := nodemap.Key(v.Interface()), v.Pointer(); got != want {
					t.Fatalf("nodemap.Key(%T) = %#x, want %#x", v.Interface(), got, want)
				}
			}
			visit(v.Elem())
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				visit(v.Field(i))
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				visit(v.Index(i))
			}
		}
	}
	visit(reflect.ValueOf(f.Chunk))
	if n < 40 {
		t.Fatalf("only %d nodes checked", n)
	}
	if nodemap.Key(nil) != 0 {
		t.Fatal("nodemap.Key(nil) is not 0")
	}
}
