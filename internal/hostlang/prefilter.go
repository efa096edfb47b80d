package hostlang

import (
	"bytes"
	"sort"
	"strings"
)

// contentNeedles are the texts that make a literal evidently a Redis
// script. A literal qualifies only when one of them is written verbatim
// in the host file (see hasNeedle), which is what lets MayHoldScript
// look for them in the raw bytes and never miss a script Extract finds.
var contentNeedles = []string{"redis.call", "redis.pcall", "server.call", "server.pcall", "KEYS[", "ARGV["}

// MayHoldScript reports whether a file of the language may hold a script,
// with a byte scan and no tokenizing: it looks for the content needles
// and for the table's API names as whole words. A file it rejects gives no
// script (Dynamic ones included) from Extract with the same table; a
// file it accepts may give none. apis nil means DefaultAPIs().
//
// The scan is sound because Extract needs one of the two: a content
// script has a needle written verbatim inside a literal, and an API call
// is an identifier token, whose bytes are a whole word here (the word
// bytes [A-Za-z0-9_] are identifier bytes in every tokenizer).
func MayHoldScript(lang Lang, src []byte, apis *APIs) bool {
	if apis == nil {
		apis = DefaultAPIs()
	}
	// "redis." and "server." cover the four call needles.
	for _, n := range [...]string{"KEYS[", "ARGV[", "redis.", "server."} {
		for off := 0; ; {
			i := bytes.Index(src[off:], []byte(n))
			if i < 0 {
				break
			}
			i += off
			rest := src[i+len(n):]
			if n[len(n)-1] == '[' || bytes.HasPrefix(rest, []byte("call")) || bytes.HasPrefix(rest, []byte("pcall")) {
				return true
			}
			off = i + 1
		}
	}
	pf := apis.prefilter(lang)
	for _, a := range pf.anchors {
		for off := 0; ; {
			i := bytes.Index(src[off:], []byte(a))
			if i < 0 {
				break
			}
			i += off
			ws, we := i, i+len(a)
			for ws > 0 && isWordByte(src[ws-1]) {
				ws--
			}
			for we < len(src) && isWordByte(src[we]) {
				we++
			}
			if pf.words[string(src[ws:we])] {
				return true
			}
			off = we
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// wordFilter is a language's API words and the shortest of them to search
// for: a word that contains another is found through it.
type wordFilter struct {
	anchors []string
	words   map[string]bool
}

func (t *APIs) prefilter(l Lang) *wordFilter {
	t.pfOnce.Do(func() {
		t.pf = map[Lang]*wordFilter{}
		for _, lang := range Langs {
			f := &wordFilter{words: map[string]bool{}}
			for _, w := range t.words[lang] {
				f.words[w] = true
			}
			for w := range f.words {
				covered := false
				for o := range f.words {
					if o != w && strings.Contains(w, o) {
						covered = true
						break
					}
				}
				if !covered {
					f.anchors = append(f.anchors, w)
				}
			}
			sort.Strings(f.anchors)
			t.pf[lang] = f
		}
	})
	if f := t.pf[l]; f != nil {
		return f
	}
	return &wordFilter{}
}
