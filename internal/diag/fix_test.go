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
		{"one", []Diagnostic{fixOf(Edit{3, 11, "not v"})}, "if not v then return 1 end", 1},
		{"two disjoint, out of order", []Diagnostic{fixOf(Edit{24, 25, "2"}), fixOf(Edit{3, 11, "not v"})}, "if not v then return 2 end", 2},
		{"overlap: the second is skipped", []Diagnostic{fixOf(Edit{3, 11, "not v"}), fixOf(Edit{8, 11, "false"}, Edit{24, 25, "2"})}, "if not v then return 1 end", 1},
		{"two insertions at one offset", []Diagnostic{fixOf(Edit{4, 4, "x"}), fixOf(Edit{4, 4, "y"})}, "if vx == nil then return 1 end", 1},
		{"touching fixes: the second waits", []Diagnostic{fixOf(Edit{3, 4, "w"}), fixOf(Edit{4, 11, " ~= false"})}, "if w == nil then return 1 end", 1},
		{"touching edits of one fix", []Diagnostic{fixOf(Edit{3, 4, "w"}, Edit{4, 11, " ~= false"})}, "if w ~= false then return 1 end", 1},
		{"outside the file", []Diagnostic{fixOf(Edit{3, 99, ""})}, string(src), 0},
		{"overlapping edits within one fix", []Diagnostic{fixOf(Edit{3, 8, ""}, Edit{5, 9, ""})}, string(src), 0},
	}
	for _, tc := range cases {
		got, n := ApplyFixes(src, tc.ds)
		if string(got) != tc.want || n != tc.n {
			t.Errorf("%s: got %q (%d), want %q (%d)", tc.name, got, n, tc.want, tc.n)
		}
	}
	if string(src) != "if v == nil then return 1 end" {
		t.Errorf("ApplyFixes changed its input: %q", src)
	}
}
