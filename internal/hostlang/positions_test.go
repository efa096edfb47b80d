package hostlang_test

import (
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// TestPositions checks, for each literal form, the exact Lua text and the
// host line and column of chosen Lua bytes, written out by hand rather
// than read from a golden file.
func TestPositions(t *testing.T) {
	for _, c := range []struct {
		name string
		lang Lang
		src  string
		text string
		// at: the n-th occurrence (from 1) of a Lua substring and where
		// its first byte is written.
		at []at
	}{{
		name: "redisson one line",
		lang: langs.Java,
		src: "class A {\n  RFuture<Long> f() {\n    return evalWriteAsync(getRawName(), LongCodec.INSTANCE, RedisCommands.EVAL_LONG,\n" +
			"        \"local v = redis.call('get', KEYS[1]); \" +\n" +
			"            \"return redis.call('incr', KEYS[1]);\",\n" +
			"        Collections.singletonList(getRawName()));\n  }\n}\n",
		text: "local v = redis.call('get', KEYS[1]); return redis.call('incr', KEYS[1]);",
		at:   []at{{"redis.call", 1, 4, 20}, {"return", 1, 5, 14}, {"redis.call", 2, 5, 21}, {"KEYS", 2, 5, 40}},
	}, {
		name: "java text block",
		lang: langs.Java,
		src:  "class A {\n  static final String S = \"\"\"\n      if redis.call('get', KEYS[1]) then\n        return 1\n      end\n      \"\"\";\n}\n",
		text: "if redis.call('get', KEYS[1]) then\n  return 1\nend\n",
		at:   []at{{"redis.call", 1, 3, 10}, {"return", 1, 4, 9}, {"end", 1, 5, 7}},
	}, {
		name: "javascript line continuations",
		lang: langs.JavaScript,
		src:  "const s = `redis.call('set', KEYS[1], 1) \\\n  return redis.call('get', KEYS[1])`;\nredis.eval(s, 1, 'k');\n",
		text: "redis.call('set', KEYS[1], 1)   return redis.call('get', KEYS[1])",
		at:   []at{{"redis.call", 1, 1, 12}, {"return", 1, 2, 3}, {"KEYS", 2, 2, 28}},
	}, {
		name: "javascript escapes",
		lang: langs.JavaScript,
		src:  "redis.eval(\"return redis.call('get', \\\"k\\u00e9\\\") .. KEYS[1]\", 1, 'k');\n",
		text: "return redis.call('get', \"ké\") .. KEYS[1]",
		// é is one escape of six bytes: both its bytes start there.
		at: []at{{"é", 1, 1, 41}, {"\"", 2, 1, 47}, {"KEYS", 1, 1, 54}},
	}, {
		name: "python dedent and continuation",
		lang: langs.Python,
		src:  "import textwrap\nS = textwrap.dedent(\"\"\"\\\n    local n = redis.call('incr', KEYS[1])\n    return n\n\"\"\")\n",
		text: "local n = redis.call('incr', KEYS[1])\nreturn n\n",
		at:   []at{{"local", 1, 3, 5}, {"redis.call", 1, 3, 15}, {"return", 1, 4, 5}},
	}, {
		name: "python implicit concatenation",
		lang: langs.Python,
		src:  "r.eval(\n    \"return \"\n    'redis.call(\"get\", KEYS[1])', 1, 'k')\n",
		text: "return redis.call(\"get\", KEYS[1])",
		at:   []at{{"return", 1, 2, 6}, {"redis.call", 1, 3, 6}},
	}, {
		name: "kotlin trimIndent",
		lang: langs.Kotlin,
		src:  "val s = \"\"\"\n    return redis.call(\"get\", KEYS[1])\n\"\"\".trimIndent()\n",
		text: "return redis.call(\"get\", KEYS[1])",
		at:   []at{{"return", 1, 2, 5}, {"KEYS", 1, 2, 30}},
	}, {
		name: "ruby squiggly heredoc",
		lang: langs.Ruby,
		src:  "S = <<~LUA\n    if redis.call('get', KEYS[1]) then\n      return 1\n    end\n  LUA\n",
		text: "if redis.call('get', KEYS[1]) then\n  return 1\nend\n",
		at:   []at{{"if", 1, 2, 5}, {"return", 1, 3, 7}, {"end", 1, 4, 5}},
	}, {
		name: "php nowdoc with closing indentation",
		lang: langs.PHP,
		src:  "<?php\n$s = <<<'LUA'\n    return redis.call('get', KEYS[1])\n    LUA;\n",
		text: "return redis.call('get', KEYS[1])",
		at:   []at{{"return", 1, 3, 5}, {"KEYS", 1, 3, 30}},
	}, {
		name: "php heredoc interpolation",
		lang: langs.PHP,
		src:  "<?php\n$s = <<<LUA\nreturn redis.call('get', '{$p}' .. KEYS[1])\nLUA;\n",
		text: "return redis.call('get', '' .. __hole1 .. KEYS[1])",
		at:   []at{{"''", 1, 3, 26}, {"__hole1", 1, 3, 27}, {"KEYS", 1, 3, 36}},
	}, {
		// A Lua string with a hole is split at it: the added bytes are
		// placed at the hole.
		name: "lua string split at a hole",
		lang: langs.JavaScript,
		src:  "var s = 'return redis.call(\"get\", \"' + ns + ':count\")';\n",
		text: "return redis.call(\"get\", \"\" .. __hole1 .. \":count\")",
		at: []at{{"\"\"", 1, 1, 35}, {" .. ", 1, 1, 40}, {"__hole1", 1, 1, 40},
			{"\":", 1, 1, 40}, {":count", 1, 1, 46}, {"\")", 1, 1, 52}},
	}, {
		// Holes side by side are joined to each other.
		name: "lua string split at two holes",
		lang: langs.JavaScript,
		src:  "var s = 'return redis.call(\"get\", \"' + a + b + ':x\")';\n",
		text: "return redis.call(\"get\", \"\" .. __hole1 .. __hole2 .. \":x\")",
		at:   []at{{"__hole1", 1, 1, 40}, {"__hole2", 1, 1, 44}, {":x", 1, 1, 49}},
	}, {
		// A string that ends with a hole has no empty piece after it.
		name: "lua string ending with a hole",
		lang: langs.JavaScript,
		src:  "var s = 'return redis.call(\"get\", \"k:' + a + '\")';\n",
		text: "return redis.call(\"get\", \"k:\" .. __hole1)",
		at:   []at{{"\"k:\"", 1, 1, 35}, {"__hole1", 1, 1, 42}},
	}, {
		// Next to an operator that binds tighter than `..`, in
		// parentheses, placed at the string's quotes.
		name: "lua string split in parentheses",
		lang: langs.JavaScript,
		src:  "var s = 'return redis.call(\"get\", KEYS[1]) + \"' + n + '\"';\n",
		text: "return redis.call(\"get\", KEYS[1]) + (\"\" .. __hole1)",
		at:   []at{{"(\"\"", 1, 1, 46}, {"__hole1", 1, 1, 51}, {")", 2, 1, 56}},
	}, {
		// A piece of a long string after a hole keeps its line end: the
		// reopened bracket drops one more.
		name: "lua long string split at a hole",
		lang: langs.JavaScript,
		src:  "var s = `return redis.call('get', [[${p}\nx]])`;\n",
		text: "return redis.call('get', [[]] .. __hole1 .. [[\n\nx]])",
		at:   []at{{"[[]]", 1, 1, 35}, {"__hole1", 1, 1, 37}, {"x]]", 1, 2, 1}},
	}, {
		// `#{` and `${` holes close at one brace: the next is text.
		name: "ruby hole in a tag",
		lang: langs.Ruby,
		src:  "s = \"return redis.call('get', '{#{p}}:x')\"\n",
		text: "return redis.call('get', '{' .. __hole1 .. '}:x')",
		at:   []at{{"__hole1", 1, 1, 33}, {"}:x", 1, 1, 37}},
	}, {
		name: "php hole in a tag",
		lang: langs.PHP,
		src:  "<?php\n$s = \"return redis.call('get', '{x${p}}:x')\";\n",
		text: "return redis.call('get', '{x' .. __hole1 .. '}:x')",
		at:   []at{{"__hole1", 1, 2, 35}, {"}:x", 1, 2, 39}},
	}, {
		name: "csharp verbatim",
		lang: langs.CSharp,
		src:  "var s = @\"return redis.call(\"\"get\"\", KEYS[1])\";\n",
		text: "return redis.call(\"get\", KEYS[1])",
		at:   []at{{"\"get\"", 1, 1, 29}, {"KEYS", 1, 1, 38}},
	}, {
		name: "csharp raw",
		lang: langs.CSharp,
		src:  "var s = \"\"\"\n    return redis.call('get', KEYS[1])\n    \"\"\";\n",
		text: "return redis.call('get', KEYS[1])",
		at:   []at{{"return", 1, 2, 5}},
	}} {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			f, err := Extract(c.lang, src, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, src, f)
			var s *Script
			for i := range f.Scripts {
				if !f.Scripts[i].Dynamic {
					s = &f.Scripts[i]
				}
			}
			if s == nil {
				t.Fatalf("no script in %q", c.src)
			}
			if s.Text != c.text {
				t.Fatalf("text\n%q\nwant\n%q", s.Text, c.text)
			}
			lines := srcmap.NewLines(src)
			for _, a := range c.at {
				i := nthIndex(s.Text, a.sub, a.n)
				if i < 0 {
					t.Fatalf("%q #%d not in the text", a.sub, a.n)
				}
				got := lines.Pos(s.Map.Span(i).Start)
				if want := (span.Pos{Line: a.line, Column: a.col}); got != want {
					t.Errorf("%q #%d at %d:%d, want %d:%d", a.sub, a.n, got.Line, got.Column, want.Line, want.Column)
				}
			}
		})
	}
}

type at struct {
	sub       string
	n         int
	line, col int
}

func nthIndex(s, sub string, n int) int {
	off := 0
	for ; n > 0; n-- {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			return -1
		}
		if n == 1 {
			return off + i
		}
		off += i + 1
	}
	return -1
}
