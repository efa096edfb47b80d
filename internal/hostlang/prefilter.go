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
// file it accepts may give none. apis nil means the
// language's own APIs.
//
// The scan is sound because Extract needs one of the two: a content
// script has a needle written verbatim inside a literal, and an API call
// is an identifier token, whose bytes are a whole word here (the word
// bytes [A-Za-z0-9_] are identifier bytes in every tokenizer).
func MayHoldScript(lang Lang, src []byte, apis *APIs) bool {
	if apis == nil {
		apis = apisOf(lang)
	}
	// A language whose scripts are only those its APIs receive needs an
	// API name; "redis." and "server." cover the four call needles.
	if !lang.Traits().APIOnly {
		for _, n := range [...]string{"KEYS[", "ARGV[", "redis.", "server."} {
			for off := 0; ; {
				i := index(src[off:], n)
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
	}
	pf := apis.prefilter(lang)
	for _, a := range pf.anchors {
		for off := 0; ; {
			i := index(src[off:], a)
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
			if kind := pf.words[string(src[ws:we])]; kind == wordRecv || kind == wordName && (lang.Traits().CommandCalls || lang.Traits().PrefixCalls || mayCall(src, we)) {
				return true
			}
			off = we
		}
	}
	return false
}

// mayCall reports whether the bytes from i may continue an API name into
// a call: apiCalls takes the name only when its next token opens the
// arguments, `(` or generics' `<` (Ruby's command calls need no
// parenthesis, and MayHoldScript does not ask there). Only white space,
// comments and line continuations come between two tokens, so a name
// followed by any other byte is no call; a comment's start, a backquote
// (Kotlin's quoted names), '?' and '!' and every byte past ASCII, which a
// lexer may read as white space, are let through. Most files that name an
// API's word only in text (a grammar listing `eval` among PHP's words, in
// a minified bundle) are then rejected before the tokenizer.
func mayCall(src []byte, i int) bool {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r' || src[i] == '\f' || src[i] == '\v') {
		i++
	}
	if i >= len(src) {
		return false
	}
	switch c := src[i]; c {
	case '(', '<', '/', '#', '\\', '`', '?', '!':
		return true
	default:
		return c >= 0x80
	}
}

// index is bytes.Index(s, []byte(n)) for the prefilter's needles,
// searching for the needle's rarest byte in source code rather than its
// first: bytes.Index looks for the first byte and then compares, and the
// first bytes of `eval`, `redis.` and `server.` are among the commonest in
// Java and PHP, so it stopped at nearly every word (a fifth of Redisson's
// extraction time was these searches). Sound for any needle: a match
// holds each of its bytes at its offset, so searching for one byte and
// comparing the whole text there finds every match, the first one first
// (TestIndexMatchesBytesIndex).
func index(s []byte, n string) int {
	r := rarest(n)
	c := n[r]
	for off := r; off < len(s); {
		k := bytes.IndexByte(s[off:], c)
		if k < 0 {
			return -1
		}
		p := off + k - r
		if p+len(n) <= len(s) && string(s[p:p+len(n)]) == n {
			return p
		}
		off += k + 1
	}
	return -1
}

// commonBytes are the printable bytes of Java and PHP source, commonest
// first (counted over Redisson, Laravel and spring-data-redis); a byte not
// listed is rarer than any listed.
const commonBytes = `etnirosacld.u()pmgy;hSCfbT,vRE*A"Lw>NkOIBx/{}=D-$@<MFP_1Kj2UV0G[]Y:\qH`

// rarest returns the offset in n of its rarest byte by commonBytes.
func rarest(n string) int {
	best, rank := 0, -1
	for i := 0; i < len(n); i++ {
		r := strings.IndexByte(commonBytes, n[i])
		if r < 0 {
			return i
		}
		if r > rank {
			best, rank = i, r
		}
	}
	return best
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// wordFilter is a language's API words, each with its kind, and the
// shortest of them to search for: a word that contains another is found
// through it.
type wordFilter struct {
	anchors []string
	words   map[string]wordKind
}

// wordKind says how an API word appears in a call: as the name called
// (`eval` of `r.eval(...)`), which its arguments follow, or as the
// receiver (`RedisScript` of `RedisScript.of(...)`), which anything may
// follow.
type wordKind uint8

const (
	wordName wordKind = 1 + iota
	wordRecv
)

func (t *APIs) prefilter(l Lang) *wordFilter {
	t.pfOnce.Do(func() {
		t.pf = map[Lang]*wordFilter{}
		for _, lang := range t.langs {
			f := &wordFilter{words: map[string]wordKind{}}
			for _, w := range t.words[lang] {
				f.words[w.word] = max(f.words[w.word], w.kind)
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
