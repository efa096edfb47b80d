package lint

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// TestSeparate: an edit never glues two tokens into one.
func TestSeparate(t *testing.T) {
	src := []byte("if x then return x..y end")
	for _, tc := range []struct {
		e    diag.Edit
		want string
	}{
		{diag.Edit{Start: 3, End: 5, New: "x == 1"}, "x == 1 "}, // `== 1then`
		{diag.Edit{Start: 3, End: 4, New: "not x"}, "not x"},    // a space follows already
		{diag.Edit{Start: 17, End: 18, New: "1"}, "1 "},         // `1..y`
		{diag.Edit{Start: 2, End: 3, New: "not"}, " not "},      // `ifnotx`
		{diag.Edit{Start: 2, End: 5, New: ""}, " "},             // `ifthen`
	} {
		if got := separate(src, tc.e); got.New != tc.want {
			t.Errorf("%+v: got %q, want %q", tc.e, got.New, tc.want)
		}
	}
}
