package hostlang_test

import (
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// seeds adds the fixtures of the languages and snippets that open every
// literal form without closing it.
func seeds(f *testing.F, dirs ...string) {
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join("testdata", d, "*"))
		for _, p := range files {
			if strings.HasSuffix(p, ".golden") {
				continue
			}
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	for _, s := range []string{
		"", "\"", "'", "`", `"""`, "'''", "${", "#{", "{$", "<<<", "<<~", "%q(", "@\"", "$\"{", `$$"""` + "\n{{",
		"r.eval(\"redis.call('get', KEYS[1])\", 1)",
		"x = `a ${`b ${`c ${d}`}`}` + 'redis.call(\"x\")'",
		"<?php $r->eval(<<<LUA\n  redis.call('x', KEYS[1])\n  LUA, 1);",
		"s = <<~A + <<~B\n  KEYS[1]\n A\n  redis.call('x')\nB\n",
		"String s = \"\"\"\n  KEYS[1] \\\n  \"\"\";",
		"val s = \"\"\"\n |redis.call('x')\n\"\"\".trimMargin()",
		"var s = \"\"\"\"\n  redis.call('x')\n  \"\"\"\";",
		"f\"{x!r:>{w}} KEYS[1]\" % (a,)",
		"\xff\xfe\x00redis.call(\x00",
		"red:eval([==[\nredis.call('x', KEYS[1])]=]", "--[[ red:eval('", "s\"\"\"${x} $$ $y\n redis.call('x', KEYS[1])\"\"\"\".stripMargin", "@s ~S\"\"\"\n  redis.call('x', KEYS[1])\n", "x = ~s(#{'KEYS[1]'}) <> \"\"\"\n", "Script::new(r##\"redis.call('x', KEYS[1])\"#", "fn f<'a>(x: &'a str) { '\\u{1F600}'; b\"\\\n KEYS[1]\" }",
	} {
		f.Add([]byte(s))
	}
}

// fuzzLang extracts the input as lang and checks the invariants that hold
// for any input; it fails on a panic (the fuzzer reports it) and on an
// extraction slower than a second per MiB, the sign of a loop gone wrong.
func fuzzLang(t *testing.T, lang Lang, src []byte) {
	stop := make(chan bool)
	defer close(stop)
	go func() {
		select {
		case <-stop:
		case <-time.After(10 * time.Second):
			// A hang: crash the worker so that the fuzzer keeps the
			// input.
			panic(lang.String() + ": Extract hangs")
		}
	}()
	limit := time.Second + time.Duration(len(src))*time.Microsecond
	start := time.Now()
	f, err := Extract(lang, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, src, f)
	if d := time.Since(start); d > limit {
		// Wall time: a fuzz worker starved of the CPU (scripts/fuzz.sh runs
		// at low priority beside other work) took a second over 10 bytes.
		// A loop gone wrong is slow again; a starved run is not.
		start = time.Now()
		if _, err := Extract(lang, src, nil); err != nil {
			t.Fatal(err)
		}
		if d2 := time.Since(start); d2 > limit {
			t.Fatalf("%s: %d bytes took %v, and %v again", lang, len(src), d, d2)
		}
	}
	if !MayHoldScript(lang, src, nil) && len(f.Scripts) > 0 {
		t.Fatalf("%s: MayHoldScript rejects a file with %d scripts", lang, len(f.Scripts))
	}
}

func FuzzPython(f *testing.F) {
	seeds(f, "python")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Python, src) })
}

func FuzzJavaScript(f *testing.F) {
	seeds(f, "javascript", "typescript")
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzLang(t, langs.JavaScript, src)
		fuzzLang(t, langs.TypeScript, src)
	})
}

func FuzzJava(f *testing.F) {
	seeds(f, "java")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Java, src) })
}

func FuzzKotlin(f *testing.F) {
	seeds(f, "kotlin")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Kotlin, src) })
}

func FuzzPHP(f *testing.F) {
	seeds(f, "php")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.PHP, src) })
}

func FuzzRuby(f *testing.F) {
	seeds(f, "ruby")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Ruby, src) })
}

func FuzzCSharp(f *testing.F) {
	seeds(f, "csharp")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.CSharp, src) })
}

func FuzzRust(f *testing.F) {
	seeds(f, "rust")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Rust, src) })
}

func FuzzElixir(f *testing.F) {
	seeds(f, "elixir")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Elixir, src) })
}

func FuzzOpenResty(f *testing.F) {
	seeds(f, "openresty")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.OpenResty, src) })
}

func FuzzPerl(f *testing.F) {
	seeds(f, "perl")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Perl, src) })
}

func FuzzCrystal(f *testing.F) {
	seeds(f, "crystal")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Crystal, src) })
}

func FuzzScala(f *testing.F) {
	seeds(f, "scala")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Scala, src) })
}

func FuzzClojure(f *testing.F) {
	seeds(f, "clojure")
	f.Fuzz(func(t *testing.T, src []byte) { fuzzLang(t, langs.Clojure, src) })
}

// FuzzLuaScriptTemplate: a .lua file read as a LuaScript template keeps
// the invariants of every script, and each byte outside its parameters is
// written as itself.
func FuzzLuaScriptTemplate(f *testing.F) {
	for _, s := range []string{
		"", "@", "@@k", "return @k", "-- @k\n@k", "'@k' .. @k", "[[@k]] @k", "--[==[ @k ]==] @k_1", "a@b", "\xEF\xBB\xBF@k",
		"if redis.call('get', @key) == @expected then return redis.call('del', @key) else return 0 end",
		"return redis.call('hget', _:k, _:old-?sha)", "return {{ key }}", "return ${k} .. $1", "return %s %% %d", "x = a %s",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if s, ok := LuaScriptTemplate(src); ok {
			checkTemplate(t, src, s)
		}
		// The scan of the code finds the grammar of every file the full
		// reading takes as its template (but printf's: once a file is a
		// printf template, a verb after an operand is one too).
		for k := range TemplateGrammars {
			g := &TemplateGrammars[k]
			if g.Client() == PrintfFound {
				continue
			}
			if _, ok := ReadTemplate(src, g); ok && !slices.Contains(CodeGrammars(CodeOnly(src)), g) {
				t.Fatalf("codeGrammars misses %s: %q", g.Client(), src)
			}
		}
	})
}

// FuzzMayHoldScript: a file the byte scan rejects gives no script, in any
// language (the first byte picks it).
func FuzzMayHoldScript(f *testing.F) {
	for i, d := range []string{"python", "javascript", "typescript", "java", "kotlin", "php", "ruby", "csharp"} {
		files, _ := filepath.Glob(filepath.Join("testdata", d, "*"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil && !strings.HasSuffix(p, ".golden") {
				f.Add(append([]byte{byte(i)}, b...))
			}
		}
	}
	f.Add([]byte("\x00redis.\x00call"))
	f.Add([]byte("\x03eval(x, 1)"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		lang := langs.All[int(in[0])%len(langs.All)]
		src := in[1:]
		if MayHoldScript(lang, src, nil) {
			return
		}
		file, err := Extract(lang, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(file.Scripts) > 0 {
			t.Fatalf("%s: rejected, yet %d scripts (first by %s)", lang, len(file.Scripts), file.Scripts[0].FoundBy)
		}
	})
}
