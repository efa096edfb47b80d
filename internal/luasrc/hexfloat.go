package luasrc

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/parse"
)

// hexFloatRE is the hex float Lua 5.1 accepts: its lexer reads a numeral's
// digits and letters (not '.' after the x, not an exponent sign) and hands
// them to strtod, so `0x1p4` compiles while `0x1.8p1` and `0x1p-4` are
// malformed numbers (checked with luac5.1).
var hexFloatRE = regexp.MustCompile(`^0[xX][0-9a-fA-F]+[pP][0-9]+$`)

// mergeHexFloats joins the tokens of a hex float such as `0x1p4`. Lua 5.1 hands numerals to strtod, which accepts them (facts B8:
// `return 0x1p4` is 16 on Redis), while gopher-lua's scanner stops at the
// '.' or 'p'. It returns the byte ranges to show the parser as plain
// decimal numerals.
func (f *File) mergeHexFloats() [][2]int {
	var spans [][2]int
	if !f.hexNumbers() {
		return nil
	}
	// out is nil until the first merge: most files have no hex float, and
	// their token slice stays as it is.
	var out []Token
	keep := func(t Token) {
		if out != nil {
			out = append(out, t)
		}
	}
	for i := 0; i < len(f.Tokens); i++ {
		t := f.Tokens[i]
		if t.Type != parse.TNumber || t.End0-t.Off < 2 || f.Src[t.Off] != '0' || f.Src[t.Off+1]|0x20 != 'x' {
			keep(t)
			continue
		}
		text := f.Text(t)
		// Absorb the adjacent tokens while the text stays a hex float.
		j, merged := i, text
		for j+1 < len(f.Tokens) && f.Tokens[j+1].Off == f.Tokens[j].End0 {
			next := merged + f.Text(f.Tokens[j+1])
			if !hexFloatPrefix(next) {
				break
			}
			merged, j = next, j+1
		}
		if j == i || !hexFloatRE.MatchString(merged) {
			keep(t)
			continue
		}
		if out == nil {
			out = append(make([]Token, 0, len(f.Tokens)), f.Tokens[:i]...)
		}
		joined := t
		joined.End0 = f.Tokens[j].End0
		f.setValue(&joined, merged)
		out = append(out, joined)
		spans = append(spans, [2]int{int(t.Off), int(joined.End0)})
		i = j
	}
	if out != nil {
		f.Tokens = out
	}
	return spans
}

// hexFloatPrefix reports whether s can still grow into a hex float.
func hexFloatPrefix(s string) bool {
	return hexFloatRE.MatchString(s) || hexFloatRE.MatchString(s+"0")
}

// decimalStandIn is a numeral of at most n bytes that gopher-lua reads,
// with the hex float's value when it fits.
func decimalStandIn(hex string, n int) string {
	if v, err := strconv.ParseFloat(hex, 64); err == nil {
		if d := strconv.FormatFloat(v, 'g', -1, 64); len(d) <= n {
			return d + strings.Repeat(" ", n-len(d))
		}
	}
	return "0" + strings.Repeat(" ", n-1)
}

// hexNumbers reports whether a number token is written in hexadecimal,
// which a hex float starts with.
func (f *File) hexNumbers() bool {
	if f.fastScanned {
		// fastScan noted it as it read them.
		return f.hexNumber
	}
	for i := range f.Tokens {
		if t := &f.Tokens[i]; t.Type == parse.TNumber && t.End0-t.Off >= 2 && f.Src[t.Off] == '0' && f.Src[t.Off+1]|0x20 == 'x' {
			return true
		}
	}
	return false
}
