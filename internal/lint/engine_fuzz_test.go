package lint_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules"
)

func TestHostileScratch(t *testing.T) {
	cases := map[string]string{
		"parens10MB":  strings.Repeat("(", 10<<20),
		"line1MB":     "local x = '" + strings.Repeat("a", 1<<20) + "'",
		"do100k":      strings.Repeat("do ", 100000) + strings.Repeat("end ", 100000),
		"unary1e6":    "return " + strings.Repeat("- ", 1000000) + "1",
		"concat200k":  "return a" + strings.Repeat("..a", 200000),
		"arith200k":   "return a" + strings.Repeat("+a", 200000),
		"concatdbl":   "local a = KEYS[1]\n" + strings.Repeat("a = a .. a\n", 40) + "return redis.call('GET', a)",
		"arithdbl":    "local a, c = 1, 1\n" + strings.Repeat("a = a + a\n", 40) + strings.Repeat("c = c + c\n", 40) + "local b = a\nif x then b = c end\nreturn b",
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			ds := lint.Lint(name+".lua", []byte(src), rules.All(), nil)
			for _, d := range ds {
				if len(d.Message) > 200 {
					d.Message = d.Message[:200]
				}
				t.Logf("%v %s %s", d.Range, d.Rule, d.Message)
			}
		})
	}
	_ = bytes.Equal
}
