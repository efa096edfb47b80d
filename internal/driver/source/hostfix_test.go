package source

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
)

// TestHostFixMapping: a fix of a script's text is kept as edits of the
// host file only when the bytes it replaces were written as themselves,
// adjacent, and the edited file reads back as the fixed script with every
// other script unchanged; the replacement is escaped when the literal
// needs it and can take it.
func TestHostFixMapping(t *testing.T) {
	for _, c := range []struct {
		name string
		lang hostlang.Lang
		src  string
		// The fix: replace the first occurrence of old in the script's
		// text (after the first occurrence of at, when set) with new.
		at, old, new string
		// want is the host file fixed, or "" when the fix is refused.
		want string
	}{
		{name: "python triple quotes", lang: langs.Python,
			src: "S = \"\"\"\nlocal v = redis.call('GET', KEYS[1])\nif v == nil then return 0 end\n\"\"\"\n",
			old: "v == nil", new: "not v",
			want: "S = \"\"\"\nlocal v = redis.call('GET', KEYS[1])\nif not v then return 0 end\n\"\"\"\n"},
		{name: "python quote escaped", lang: langs.Python,
			src: "S = 'return redis.call(\"GET\", KEYS[1])'\n",
			old: "KEYS[1]", new: "KEYS[1], 'x'",
			want: "S = 'return redis.call(\"GET\", KEYS[1], \\'x\\')'\n"},
		{name: "python raw string cannot escape", lang: langs.Python,
			src: "S = r'return redis.call(\"GET\", KEYS[1])'\n",
			old: "KEYS[1]", new: "KEYS[1], 'x'"},
		{name: "python escape inside the edit", lang: langs.Python,
			src: "S = 'return redis.call(\"GET\",\\tKEYS[1])'\n",
			old: "\"GET\",\tKEYS", new: "\"GET\", KEYS"},
		{name: "python f-string brace", lang: langs.Python,
			src: "S = f'return redis.call(\"GET\", KEYS[1]) .. {n}'\n",
			old: "KEYS[1]", new: "{KEYS[1]}"},
		{name: "python newline in a one-line string", lang: langs.Python,
			src: "S = 'return redis.call(\"GET\", KEYS[1])'\n",
			old: "return", new: "local x = 1\nreturn"},
		{name: "javascript template", lang: langs.JavaScript,
			src: "const s = `local v = redis.call('GET', '${p}:' .. KEYS[1])\nif v == nil then return 0 end`;\n",
			old: "v == nil", new: "not v",
			want: "const s = `local v = redis.call('GET', '${p}:' .. KEYS[1])\nif not v then return 0 end`;\n"},
		{name: "javascript template interpolation", lang: langs.JavaScript,
			src: "const s = `return redis.call('GET', KEYS[1])`;\n",
			old: "KEYS[1]", new: "${k}"},
		{name: "javascript edit over a hole", lang: langs.JavaScript,
			src: "const s = `return redis.call('GET', ${k})`;\n",
			at:  "'GET', ", old: "__hole1", new: "KEYS[1]"},
		{name: "java concatenation boundary", lang: langs.Java,
			src: "class A { String s = \"local v = redis.call('GET', KEYS[1]) if v == \" + \"nil then return 0 end\"; }\n",
			old: "v == nil", new: "not v"},
		{name: "java within one literal", lang: langs.Java,
			src: "class A { String s = \"local v = redis.call('GET', KEYS[1]) \" + \"if v == nil then return 0 end\"; }\n",
			old: "v == nil", new: "not v",
			want: "class A { String s = \"local v = redis.call('GET', KEYS[1]) \" + \"if not v then return 0 end\"; }\n"},
		{name: "java insertion at a boundary", lang: langs.Java,
			src: "class A { String s = \"return redis.call('GET', \" + \"KEYS[1])\"; }\n",
			at:  "'GET', ", old: "", new: "tostring("},
		{name: "java insertion inside a literal", lang: langs.Java,
			src: "class A { String s = \"return redis.call('GET', \" + \"KEYS[1])\"; }\n",
			at:  "'GET', K", old: "", new: "X",
			want: "class A { String s = \"return redis.call('GET', \" + \"KXEYS[1])\"; }\n"},
		{name: "java text block across removed indentation", lang: langs.Java,
			src: "class A { String s = \"\"\"\n    local v = redis.call('GET', KEYS[1])\n    return v\n    \"\"\"; }\n",
			old: "KEYS[1])\nreturn", new: "KEYS[1]) return"},
		{name: "ruby squiggly heredoc", lang: langs.Ruby,
			src: "S = <<~LUA\n  local v = redis.call('GET', KEYS[1])\n  if v == nil then return 0 end\nLUA\n",
			old: "v == nil", new: "not v",
			want: "S = <<~LUA\n  local v = redis.call('GET', KEYS[1])\n  if not v then return 0 end\nLUA\n"},
		{name: "php heredoc interpolation", lang: langs.PHP,
			src: "<?php\n$s = <<<LUA\nreturn redis.call('GET', KEYS[1])\nLUA;\n",
			old: "KEYS[1]", new: "$k"},
		// A Lua string with a hole is written split at it (`"" ..
		// __hole1 .. ":x"`): an edit of the bytes the split adds is
		// refused, one inside a piece written as itself is kept.
		{name: "javascript edit of a string split at a hole", lang: langs.JavaScript,
			src: "const s = 'return redis.call(\"GET\", \"' + p + ':x\")';\n",
			at:  "\"GET\", ", old: "\"\" .. __hole1 .. \":x\"", new: "KEYS[1]"},
		{name: "javascript edit across a split string's seam", lang: langs.JavaScript,
			src: "const s = 'return redis.call(\"GET\", \"' + p + ':x\")';\n",
			old: " .. \":", new: ":"},
		{name: "javascript edit inside a piece of a split string", lang: langs.JavaScript,
			src: "const s = 'return redis.call(\"GET\", \"' + p + ':x\")';\n",
			old: ":x", new: ":y",
			want: "const s = 'return redis.call(\"GET\", \"' + p + ':y\")';\n"},
		{name: "a constant two scripts share", lang: langs.Java,
			src: "class A {\n  static final String GET = \"local v = redis.call('GET', KEYS[1]) \";\n" +
				"  String a = GET + \"if v == nil then return 0 end\";\n  String b = GET + \"return v\";\n}\n",
			old: "KEYS[1]", new: "KEYS[2]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &driver.File{Name: "f", Src: []byte(c.src)}
			if err := (&Host{}).find(f, c.lang, langs.DefaultAPIs(), nil); err != nil {
				t.Fatal(err)
			}
			if len(f.Scripts) == 0 {
				t.Fatal("no script found")
			}
			tryFix(t, f.Scripts[0], c.src, c.at, c.old, c.new, c.want)
		})
	}
}

// tryFix maps onto src, the file of script s, the fix that replaces the
// first occurrence of old in the script's text (after the first of at,
// when set) with new, and checks that it is dropped (want "") or that it
// gives the file want.
func tryFix(t *testing.T, s driver.Script, src, at, old, new, want string) {
	t.Helper()
	text := string(s.Text)
	from := 0
	if at != "" {
		from = strings.Index(text, at) + len(at)
	}
	i := strings.Index(text[from:], old)
	if i < 0 {
		t.Fatalf("%q not in the script %q", old, text)
	}
	i += from
	fix := &diag.Fix{Message: "fix", Edits: []diag.Edit{{Start: i, End: i + len(old), New: new}}}
	got := s.Map.(*hostScript).hostFix(fix)
	if want == "" {
		if got != nil {
			t.Fatalf("fix kept: %+v", got.Edits)
		}
		return
	}
	if got == nil {
		t.Fatal("fix dropped")
	}
	out, n := diag.ApplyFixes([]byte(src), []diag.Diagnostic{{Fix: got}}, diag.Unsafe)
	if n != 1 || string(out) != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", out, want)
	}
}
