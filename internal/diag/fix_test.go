package diag

import "testing"

func fixOf(edits ...Edit) Diagnostic { return Diagnostic{Fix: &Fix{Edits: edits}} }

// TestApplyFixes: fixes apply in order, a fix that overlaps one already
// taken is skipped whole (its finding stays), and so is one with an edit
// outside the file.
func TestApplyFixes(t *testing.T) {
	src := []byte("if v == nil then return 1 end")
	cases := []struct {
		name string
		ds   []Diagnostic
		want string
		n    int
	}{
		{"none", []Diagnostic{{}}, string(src), 0},
		{"one", []Diagnostic{fixOf(Edit{Start: 3, End: 11, New: "not v"})}, "if not v then return 1 end", 1},
		{"two disjoint, out of order", []Diagnostic{fixOf(Edit{Start: 24, End: 25, New: "2"}), fixOf(Edit{Start: 3, End: 11, New: "not v"})}, "if not v then return 2 end", 2},
		{"overlap: the second is skipped", []Diagnostic{fixOf(Edit{Start: 3, End: 11, New: "not v"}), fixOf(Edit{Start: 8, End: 11, New: "false"}, Edit{Start: 24, End: 25, New: "2"})}, "if not v then return 1 end", 1},
		{"two insertions at one offset", []Diagnostic{fixOf(Edit{Start: 4, End: 4, New: "x"}), fixOf(Edit{Start: 4, End: 4, New: "y"})}, "if vx == nil then return 1 end", 1},
		{"touching fixes: the second waits", []Diagnostic{fixOf(Edit{Start: 3, End: 4, New: "w"}), fixOf(Edit{Start: 4, End: 11, New: " ~= false"})}, "if w == nil then return 1 end", 1},
		{"touching edits of one fix", []Diagnostic{fixOf(Edit{Start: 3, End: 4, New: "w"}, Edit{Start: 4, End: 11, New: " ~= false"})}, "if w ~= false then return 1 end", 1},
		{"outside the file", []Diagnostic{fixOf(Edit{Start: 3, End: 99, New: ""})}, string(src), 0},
		{"overlapping edits within one fix", []Diagnostic{fixOf(Edit{Start: 3, End: 8, New: ""}, Edit{Start: 5, End: 9, New: ""})}, string(src), 0},
	}
	for _, tc := range cases {
		got, n := ApplyFixes(src, tc.ds, Safe)
		if string(got) != tc.want || n != tc.n {
			t.Errorf("%s: got %q (%d), want %q (%d)", tc.name, got, n, tc.want, tc.n)
		}
	}
	if string(src) != "if v == nil then return 1 end" {
		t.Errorf("ApplyFixes changed its input: %q", src)
	}
}
