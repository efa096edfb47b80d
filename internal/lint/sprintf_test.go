package lint

import (
	"fmt"
	"testing"
)

type stringer struct{}

func (stringer) String() string { return "stringer" }

type named string

var sprintfCases = []struct {
	format string
	args   []any
}{
	{"plain", nil},
	{"", nil},
	{"%s", []any{"a"}},
	{"%s and %s", []any{"a", "b"}},
	{"100%% of %s (argument %d of %s)", []any{"x", 3, "SET"}},
	{"%d", []any{-42}},
	{"%s", []any{stringer{}}},
	{"%s", []any{named("n")}},
	{"%d", []any{int64(7)}},
	{"%d", []any{"not a number"}},
	{"%q", []any{"quoted"}},
	{"%v %s", []any{1, "a"}},
	{"%s", nil},
	{"%s %s", []any{"only one"}},
	{"extra", []any{"arg"}},
	{"%s", []any{"a", "b"}},
	{"trailing %", nil},
	{"trailing %", []any{"a"}},
	{"%5s|%-3d", []any{"a", 1}},
	{"%", nil},
	{"%%%s%%", []any{"x"}},
	{"%s", []any{nil}},
	{"%d", []any{nil}},
	{"\xff%s\x00", []any{"\xfe"}},
}

func TestSprintfMatchesFmt(t *testing.T) {
	for _, c := range sprintfCases {
		if got, want := sprintf(c.format, c.args), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("sprintf(%q, %v) = %q, fmt.Sprintf gives %q", c.format, c.args, got, want)
		}
	}
}

func FuzzSprintf(f *testing.F) {
	for _, c := range sprintfCases {
		a, b := "", 0
		for _, x := range c.args {
			switch x := x.(type) {
			case string:
				a = x
			case int:
				b = x
			}
		}
		f.Add(c.format, a, b)
	}
	f.Fuzz(func(t *testing.T, format, s string, n int) {
		for _, args := range [][]any{nil, {s}, {n}, {s, n}, {n, s}, {s, s, n}} {
			if got, want := sprintf(format, args), fmt.Sprintf(format, args...); got != want {
				t.Fatalf("sprintf(%q, %v) = %q, fmt.Sprintf gives %q", format, args, got, want)
			}
		}
	})
}
