package hostlang

import (
	"strings"
	"testing"
)

// TestKeywordSetMatchesMap checks the keyword filter against the plain set
// it guards: every word, its case variants, prefixes and extensions, and
// words longer than the filter's last length.
func TestKeywordSetMatchesMap(t *testing.T) {
	text := "abstract assert boolean break byte case catch char class const continue default do double else enum " +
		"extends final finally float for goto if implements import instanceof int interface long native new " +
		"package private protected public return short static strictfp super switch synchronized this throw " +
		"throws transient try void volatile while def elif lambda nonlocal yield __halt_compiler endforeach " +
		"insteadof a_very_long_keyword_indeed _ $this @ivar"
	k := newKeywordSet(text)
	words := strings.Fields(text)
	var probes []string
	for _, w := range words {
		probes = append(probes, w, strings.ToUpper(w), w[:len(w)-1], w+"x", "x"+w, w+w, strings.ToUpper(w[:1])+w[1:])
	}
	probes = append(probes, "", "x", "redis", "commandExecutor", "getName", "a_very_long_keyword_indeeX", "a_very_long_keyword_indeed_")
	checked := 0
	for _, p := range probes {
		want := false
		for _, w := range words {
			want = want || w == p
		}
		if got := k.has([]byte(p)); got != want {
			t.Errorf("has(%q) = %v, want %v", p, got, want)
		}
		checked++
	}
	if checked < 300 {
		t.Fatalf("only %d names checked", checked)
	}
}
