package hostlang

import (
	"strings"
	"testing"
)

// TestAppendedText: a name appended to (`+=`, PHP `.=`, Ruby `<<`) before
// a script API runs it holds a text built at run time, whatever its
// initializer: the API's script is Dynamic, never the initializer, and an
// empty text is no script. The appended pieces are found by their text.
func TestAppendedText(t *testing.T) {
	piece := `"return redis.call('get', KEYS[2])"`
	for _, c := range []struct {
		lang Lang
		src  string
	}{
		{Java, "class T { Object run(Jedis jedis) { String s = \"\"; s += " + piece + "; return jedis.eval(s, 1, \"k\"); } }"},
		{Kotlin, "fun run(jedis: Jedis) {\n  var s = \"\"\n  s += " + piece + "\n  jedis.eval(s, 1, \"k\")\n}\n"},
		{CSharp, "class T { object Run(IDatabase db) { var s = \"\"; s += " + piece + "; return db.ScriptEvaluate(s, new RedisKey[] { \"k\" }); } }"},
		{JavaScript, "let s = '';\ns += " + piece + ";\nredis.eval(s, 1, 'k');\n"},
		{Python, "s = ''\ns += " + piece + "\nr.eval(s, 1, 'k')\n"},
		{PHP, "<?php\n$s = '';\n$s .= " + piece + ";\n$redis->eval($s, 1, 'k');\n"},
		{Ruby, "s = +''\ns << " + piece + "\nredis.eval(s, keys: ['k'])\n"},
	} {
		t.Run(c.lang.String(), func(t *testing.T) {
			f, err := Extract(c.lang, []byte(c.src), nil)
			if err != nil {
				t.Fatal(err)
			}
			dynamic, piece := 0, 0
			for _, s := range f.Scripts {
				switch {
				case s.Dynamic:
					dynamic++
				case strings.TrimSpace(s.Text) == "":
					t.Errorf("an empty script at %d, found by %s", s.Start, s.FoundBy)
				case s.Text == "return redis.call('get', KEYS[2])" && s.FoundBy == FoundByContent:
					piece++
				default:
					t.Errorf("script %q found by %s", s.Text, s.FoundBy)
				}
			}
			if dynamic != 1 || piece != 1 {
				t.Errorf("%d dynamic scripts and %d pieces, want 1 and 1", dynamic, piece)
			}
		})
	}
}
