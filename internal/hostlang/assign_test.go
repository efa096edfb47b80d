package hostlang_test

import (
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"strings"
	"testing"
)

// TestAppendedText: a name appended to (`+=`, langs.PHP `.=`, langs.Ruby `<<`) before
// a script API runs it holds the text its pieces join into when the joins
// are known (an append in an if joins, taken): the API's script is that
// text, never the initializer alone, and the pieces are no scripts of
// their own. An append in a loop leaves the text built at run time: the
// API's script is Dynamic, and the piece is found by its text. An empty
// text is no script.
func TestAppendedText(t *testing.T) {
	piece := `"return redis.call('get', KEYS[2])"`
	joined := "local a = 1 return redis.call('get', KEYS[2])"
	for _, c := range []struct {
		lang         Lang
		joined, loop string
	}{
		{langs.Java, "class T { Object run(Jedis jedis, boolean g) { String s = \"local a = 1 \"; if (g) { s += " + piece + "; } return jedis.eval(s, 1, \"k\"); } }",
			"class T { Object run(Jedis jedis) { String s = \"\"; for (int i = 0; i < 2; i++) { s += " + piece + "; } return jedis.eval(s, 1, \"k\"); } }"},
		{langs.Kotlin, "fun run(jedis: Jedis, g: Boolean) {\n  var s = \"local a = 1 \"\n  if (g) s += " + piece + "\n  jedis.eval(s, 1, \"k\")\n}\n",
			"fun run(jedis: Jedis) {\n  var s = \"\"\n  for (i in 1..2) s += " + piece + "\n  jedis.eval(s, 1, \"k\")\n}\n"},
		{langs.CSharp, "class T { object Run(IDatabase db) { var s = \"local a = 1 \"; s += " + piece + "; return db.ScriptEvaluate(s, new RedisKey[] { \"k\" }); } }",
			"class T { object Run(IDatabase db) { var s = \"\"; foreach (var x in xs) { s += " + piece + "; } return db.ScriptEvaluate(s, new RedisKey[] { \"k\" }); } }"},
		{langs.JavaScript, "let s = 'local a = 1 ';\ns += " + piece + ";\nredis.eval(s, 1, 'k');\n",
			"let s = '';\nwhile (more()) {\n  s += " + piece + ";\n}\nredis.eval(s, 1, 'k');\n"},
		{langs.Python, "s = 'local a = 1 '\nif g:\n    s += " + piece + "\nr.eval(s, 1, 'k')\n",
			"s = ''\nfor x in xs:\n    s += " + piece + "\nr.eval(s, 1, 'k')\n"},
		{langs.PHP, "<?php\n$s = 'local a = 1 ';\n$s .= " + piece + ";\n$redis->eval($s, 1, 'k');\n",
			"<?php\n$s = '';\nforeach ($xs as $x) {\n  $s .= " + piece + ";\n}\n$redis->eval($s, 1, 'k');\n"},
		{langs.Ruby, "s = 'local a = 1 '\ns << " + piece + " if g\nredis.eval(s, keys: ['k'])\n",
			"s = ''\nxs.each do |x|\n  s << " + piece + "\nend\nredis.eval(s, keys: ['k'])\n"},
	} {
		t.Run(c.lang.String(), func(t *testing.T) {
			f, err := Extract(c.lang, []byte(c.joined), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Scripts) != 1 || f.Scripts[0].Text != joined || f.Scripts[0].FoundBy == FoundByContent || f.Scripts[0].Dynamic {
				t.Errorf("joined: scripts %+v, want the one text %q found by the API", f.Scripts, joined)
			}
			f, err = Extract(c.lang, []byte(c.loop), nil)
			if err != nil {
				t.Fatal(err)
			}
			dynamic, pieces := 0, 0
			for _, s := range f.Scripts {
				switch {
				case s.Dynamic:
					dynamic++
				case strings.TrimSpace(s.Text) == "":
					t.Errorf("an empty script at %d, found by %s", s.Start, s.FoundBy)
				case s.Text == "return redis.call('get', KEYS[2])" && s.FoundBy == FoundByContent:
					pieces++
				default:
					t.Errorf("loop: script %q found by %s", s.Text, s.FoundBy)
				}
			}
			if dynamic != 1 || pieces != 1 {
				t.Errorf("loop: %d dynamic scripts and %d pieces, want 1 and 1", dynamic, pieces)
			}
		})
	}
}

// TestBranchedName: a name whose text depends on a branch (assigned in an
// if or a loop the hole is outside of, with a trailing condition, or to
// one of several values) fills no hole, and a Lua string that holds the
// hole is split at it; a name assigned on every path, and a constant of
// the file or of a class inside it, fill theirs. A template is still a
// script when a text its spliced name is given before it is one.
func TestBranchedName(t *testing.T) {
	for _, c := range []struct {
		name string
		lang Lang
		src  string
		// want is a script's text; foundBy, when set, what found it.
		want, foundBy string
	}{
		{"if block", langs.JavaScript, "var p = client.prefix;\nif (c) {\n  p = '{' + p + '}';\n}\nredis.eval('return redis.call(\"keys\", \"' + p + ':jobs:*\")', 0);\n",
			`return redis.call("keys", "" .. __hole1 .. ":jobs:*")`, ""},
		{"every path", langs.JavaScript, "var p = client.prefix;\np = '{' + p + '}';\nredis.eval('return redis.call(\"keys\", \"' + p + ':jobs:*\")', 0);\n",
			`return redis.call("keys", "{" .. __hole1 .. "}:jobs:*")`, ""},
		{"braceless if", langs.Java, "class A { Object f(Jedis j, boolean c) { String p = \"q\"; if (c) p = \"{q}\"; return j.eval(\"return redis.call('get', '\" + p + \":n')\", 0); } }",
			`return redis.call('get', '' .. __hole1 .. ':n')`, ""},
		{"overwritten", langs.Java, "class A { Object f(Jedis j) { String p = \"q\"; p = \"r\"; return j.eval(\"return redis.call('get', '\" + p + \":n')\", 0); } }",
			`return redis.call('get', 'r:n')`, ""},
		{"default", langs.JavaScript, "function f(o) { var p = o.prefix || 'q'; return redis.eval(`return redis.call('get', '${p}:n')`, 0); }\n",
			`return redis.call('get', '' .. __hole1 .. ':n')`, ""},
		{"python dedent", langs.Python, "def f(r, c):\n    p = 'q'\n    if c:\n        p = '{q}'\n    return r.eval(f\"return redis.call('get', '{p}:n')\", 0)\n",
			`return redis.call('get', '' .. __hole1 .. ':n')`, ""},
		{"python conditional expression", langs.Python, "def f(r, c):\n    p = '{q}' if c else 'q'\n    return r.eval(f\"return redis.call('get', '{p}:n')\", 0)\n",
			`return redis.call('get', '' .. __hole1 .. ':n')`, ""},
		{"ruby modifier", langs.Ruby, "def f(redis, c)\n  p = 'q'\n  p = '{q}' if c\n  redis.eval(\"return redis.call('get', '#{p}:n')\")\nend\n",
			`return redis.call('get', '' .. __hole1 .. ':n')`, ""},
		{"kotlin companion constant", langs.Kotlin, "class A {\n  companion object {\n    const val P = \"{q}\"\n  }\n  fun f(j: Jedis) = j.eval(\"return redis.call('get', '$P:n')\", 0)\n}\n",
			`return redis.call('get', '{q}:n')`, ""},
		{"php template", langs.PHP, "<?php\nfunction b($o) {\n    $get = \"local all=redis.call('LRANGE', KEYS[1], 0, -1)\";\n    if ($o) {\n        $get = \"local all=redis.call('SORT', KEYS[1])\";\n    }\n    return <<<EOF\n$get\nlocal n=0\nfor k, pk in ipairs(all) do n=n+1 end\nreturn n\nEOF;\n}\n",
			"__hole1()\nlocal n=0\nfor k, pk in ipairs(all) do n=n+1 end\nreturn n", ""},
		{"alias of a branched name", langs.JavaScript, "var p = 'q';\nif (c) { p = '{q}'; }\nvar s = p;\nredis.eval('return redis.call(\"get\", \"' + s + ':n\")', 0);\n",
			`return redis.call("get", "" .. __hole1 .. ":n")`, ""},
		{"format argument", langs.Python, "def f(r, c):\n    p = 'q'\n    if c:\n        p = '{q}'\n    return r.eval(\"return redis.call('get', '%s:n')\" % p, 0)\n",
			`return redis.call('get', '' .. __hole1 .. ':n')`, ""},
		// A script API's own argument is the nearest text, as before.
		{"script argument", langs.Java, "class A { Object f(Jedis j, boolean c) { String s; if (c) { s = \"return redis.call('get', KEYS[1])\"; } else { s = \"return redis.call('del', KEYS[1])\"; } return j.eval(s, 1, \"k\"); } }",
			`return redis.call('del', KEYS[1])`, "eval"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := Extract(c.lang, []byte(c.src), nil)
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for _, s := range f.Scripts {
				if s.Text == c.want && (c.foundBy == "" || s.FoundBy == c.foundBy) {
					return
				}
				texts = append(texts, s.Text)
			}
			t.Errorf("no script %q in %q", c.want, texts)
		})
	}
}
