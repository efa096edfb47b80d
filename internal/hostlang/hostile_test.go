package hostlang_test

import (
	"bytes"
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"os"
	"testing"
	"time"
)

// TestHostile runs every language over large inputs built to make a
// tokenizer or the walker go quadratic or deep: runs of openers, closers,
// quotes, holes, heredoc openers, slashes, operators, bindings and uses.
// Each must finish (a quadratic pass over 1 MiB would not) and keep its
// positions inside the file; the time is logged, not asserted.
func TestHostile(t *testing.T) {
	// 16 KiB by default; HOSTLANG_HOSTILE=1 runs the 1 MiB inputs (a
	// few minutes).
	size := 16 << 10
	if os.Getenv("HOSTLANG_HOSTILE") != "" {
		size = 1 << 20
	}
	rep := func(s string) []byte { return bytes.Repeat([]byte(s), size/len(s)) }
	inputs := map[string][]byte{
		"open parens":     rep("("),
		"close parens":    rep(")"),
		"open then close": append(rep("[")[:size/2], rep(")")[:size/2]...),
		"braces":          rep("{"),
		"dquotes":         rep(`"`),
		"squotes":         rep("'"),
		"backquotes":      rep("`"),
		"triple quotes":   rep(`"""` + "\n"),
		"js holes":        rep("`${"),
		"ruby holes":      rep(`"#{`),
		"php holes":       rep(`"{$`),
		"cs holes":        rep(`$"{`),
		"heredocs":        rep("<<A "),
		"squiggly":        rep("x = <<~A\n"),
		"nowdoc":          rep("<<<'A'\n"),
		"percent":         rep("%q("),
		"slashes":         rep("/ "),
		"regex class":     rep("/["),
		"plus chain":      rep(`"a" + `),
		"dot chain":       rep(`'a' . `),
		"calls":           rep("f("),
		"members":         rep("a."),
		"backslashes":     rep(`\`),
		"newlines":        rep("\n"),
		"verbatim":        rep(`@"`),
		"bindings":        append(rep("x = 'a'\n")[:size/2], rep("eval(x, 1)\n")[:size/2]...),
		"indented uses":   append(rep("  x = 'a'\n")[:size/2], rep("  s = 'b' + x + f\"{x}\" + x\n")[:size/2]...),
		"indented pairs":  rep("    x = 'a'\n    s = 'b' + x\n  if c:\n"),
		"appends":         rep("s += 'redis.call(\"get\", KEYS[1])'\nr.eval(s, 1)\n"),
		"string holes":    append(append([]byte("s = 'return redis.call(\"get\", \""), rep("' + x + '")...), "\")'"...),
		"evals":           rep("r.eval(\"redis.call('get', KEYS[1])\", 1)\n"),
		"one long line":   append(append([]byte("s = \""), rep("redis.call('x') ")...), '"'),
		"nul and ff":      rep("\x00\xff"),
	}
	for name, src := range inputs {
		for _, lang := range langs.All {
			start := time.Now()
			f, err := Extract(lang, src, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, src, f)
			if d := time.Since(start); d > time.Duration(size)*2*time.Microsecond {
				t.Logf("%s, %s: %v", name, lang, d)
			}
		}
	}
}
