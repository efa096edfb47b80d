package source

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/sink"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"github.com/lint-lua/lint-lua/rules"
)

// hostTree holds a script in each comment syntax, with an escape before
// the finding (so its column counts host bytes, not Lua bytes), a template
// hole, an ignore above a call, one above a script, one that suppresses
// nothing, a script this file does not hold, and a .lua file beside them.
var hostTree = map[string]string{
	"app/lock.py": `import redis

RELEASE = """
if redis.call("get", KEYS[1]) == ARGV[1] then
    return redis.call("del", "literal-key")
end
return 0
"""

r = redis.Redis()
# lint-lua: ignore unknown-command -- stale
r.eval(RELEASE, 1, "lock", "token")
`,
	"app/limit.ts": `const ttl = computeTtl();
// lint-lua: ignore undeclared-key -- one node
const script = ` + "`" + `redis.call("SET", "a\tb", 1)
redis.call("EXPIRE", KEYS[1], ${ttl})
return redis.call("GET", "other")` + "`" + `;
await redis.eval(script, { keys: ["k"] });
await redis.eval(loadScript(name), { keys: ["k"] });
`,
	"app/Cache.java": `class Cache {
    void run(Jedis jedis) {
        jedis.eval("\treturn redis.call('GET', 'x')", 0);
        // lint-lua: ignore undeclared-key -- single node
        jedis.eval("return redis.call('GET', 'y')", 0);
        jedis.eval(SCRIPTS.get(name), 0);
    }
}
`,
	"app/plain.lua": "return redis.call('GET', 'z')\n",
	"app/empty.rb":  "puts 'no script here'\n",
}

func hostFiles(dir string, paths ...string) *Files {
	s := files(dir, paths...)
	s.Host = &Host{}
	return s
}

// TestHostFiles: the walk that finds .lua files finds the host files, and
// each script's findings are reported in its host file, at the host's
// lines and columns; ignores in the host's comment syntax cover the line
// below them and, above a literal or a call, the whole script; a script
// the file does not hold is dynamic-script, at info.
func TestHostFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, hostTree)
	got, errs, o := lintWith(t, hostFiles(dir), 2)
	if errs != "" {
		t.Fatalf("errors: %s", errs)
	}
	want := []string{
		// Column 48: the Lua text's `\t` is two host bytes.
		`app/Cache.java:3:48-3:51 undeclared-key key 'x' of GET is a literal, not from KEYS`,
		`app/Cache.java:6:20-6:37 dynamic-script the script passed to eval is built at run time`,
		// The line a message names is the host's: the script's line 1 is
		// line 3 of the file.
		`app/limit.ts:5:26-5:33 missing-hash-tag key 'other' and key 'a	b' (line 3) hash to different cluster slots`,
		`app/limit.ts:7:18-7:34 dynamic-script the script passed to eval is built at run time`,
		`app/lock.py:11:1-11:44 unused-ignore this ignore of unknown-command suppresses nothing`,
		`app/lock.py:5:30-5:43 undeclared-key key "literal-key" of DEL is a literal, not from KEYS`,
		`app/plain.lua:1:26-1:29 undeclared-key key 'z' of GET is a literal, not from KEYS`,
	}
	wantPrefixes(t, got, want)
	if o.Files != 5 {
		t.Errorf("%d files linted, want 5 (the .rb file without a script counts)", o.Files)
	}
	for _, r := range o.Results {
		for _, d := range r.Diagnostics {
			if d.Rule == "dynamic-script" && d.Severity.String() != "info" {
				t.Errorf("%s: dynamic-script at %s, want info", d.File, d.Severity)
			}
		}
	}
}

// TestHostLanguagesAndNamedFiles: Langs limits what a walk takes, NoLua
// leaves the .lua files out, and a host file named on the command line is
// read as its language, not as Lua.
func TestHostLanguagesAndNamedFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, hostTree)
	s := hostFiles(dir)
	s.Host.Langs = map[hostlang.Lang]bool{langs.Java: true}
	s.NoLua = true
	got, _, _ := lintWith(t, s, 1)
	for _, g := range got {
		if !strings.HasPrefix(g, "app/Cache.java:") {
			t.Errorf("found outside the Java file: %s", g)
		}
	}
	if len(got) != 2 {
		t.Errorf("got %d findings in Cache.java, want 2:\n%s", len(got), strings.Join(got, "\n"))
	}
	got, _, _ = lintWith(t, hostFiles(dir, "app/lock.py"), 1)
	for _, g := range got {
		if strings.Contains(g, "syntax-error") || !strings.HasPrefix(g, "app/lock.py:") {
			t.Errorf("a named .py file was not read as Python: %s", g)
		}
	}
	if len(got) != 2 {
		t.Errorf("got %d findings in the named lock.py, want 2:\n%s", len(got), strings.Join(got, "\n"))
	}
}

// hostFixTree holds a fixable finding in host literals of each kind the
// fixes are written into, and one whose edit crosses a concatenation.
var hostFixTree = map[string]string{
	"limit.js": "const script = `\nlocal v = redis.call('GET', '${prefix}:' .. KEYS[1])\nif v == nil then return 0 end\nreturn v\n`;\n" +
		"await redis.eval(script, [\"k\"], []);\n",
	"lock.py": "import redis\n\nGET = \"\"\"\nlocal v = redis.call('HGET', KEYS[1], 'n')\nif v == nil then return 0 end\nreturn v\n\"\"\"\n" +
		"r = redis.Redis()\nr.eval(GET, 1, \"h\")\n",
	"Cache.java": "class Cache {\n    void run(Jedis jedis) {\n" +
		"        jedis.eval(\"local v = redis.call('GET', KEYS[1]) if v == \" + \"nil then return 0 end return v\", 1, \"k\");\n" +
		"        jedis.eval(\"local w = redis.call('GET', KEYS[1]) if w == nil then return 0 end return w\", 1, \"k\");\n    }\n}\n",
	"queue.php": "<?php\nfunction pop($redis) {\n    $lua = <<<LUA\n        local v = redis.call('LPOP', KEYS[1])\n" +
		"        if v == nil then return 0 end\n        return v\n        LUA;\n    return $redis->eval($lua, 1, 'q');\n}\n",
	"lock.rb": "SCRIPT = <<~LUA\n  local v = redis.call('GET', KEYS[1])\n  if v == nil then return 0 end\n  return v\nLUA\nredis.eval(SCRIPT, keys: [\"k\"])\n",
}

// TestHostFixes: --fix writes the fixes of host scripts into their
// literals (a JavaScript template with a hole elsewhere, a Python
// triple-quoted string, a Java string, a PHP heredoc and a Ruby squiggly
// heredoc, whose removed indentation is outside the edit) through the fix
// sink, as it writes .lua files; a finding whose edit would cross a Java
// concatenation keeps its finding and carries no fix. An assembling run
// takes host files as Files does.
func TestHostFixes(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, hostFixTree)
	var errOut bytes.Buffer
	s := hostFiles(dir)
	s.Reuse = false
	fix := sink.NewFix(&errOut)
	o, err := driver.Run(driver.Config{Rules: rules.Catalogue().All(), Jobs: 2, Fix: true, ErrOut: &errOut, Sinks: []driver.Sink{fix}}, s)
	if err != nil || errOut.String() != "lint-lua: applied 5 fixes in 5 files\n" {
		t.Fatalf("%v %s", err, errOut.String())
	}
	for name, src := range hostFixTree {
		want := strings.Replace(src, "if v == nil then", "if not v then", 1)
		if name == "Cache.java" {
			want = strings.Replace(src, "if w == nil then", "if not w then", 1)
		}
		got, _ := os.ReadFile(filepath.Join(dir, name))
		if string(got) != want {
			t.Errorf("%s fixed:\n%s\nwant:\n%s", name, got, want)
		}
	}
	var left []string
	for _, r := range o.Results {
		for _, d := range r.Diagnostics {
			left = append(left, fmt.Sprintf("%s:%d:%d %s fix=%v", d.File, d.Range.Start.Line, d.Range.Start.Column, d.Rule, d.Fix != nil))
		}
	}
	if want := []string{"Cache.java:3:61 nil-reply-compare fix=false", "limit.js:2:29 undeclared-key fix=false"}; !slices.Equal(left, want) {
		t.Errorf("left after fixing: %q, want %q", left, want)
	}

	writeTree(t, dir, hostTree)
	got, errs, _ := lintWith(t, &Assembled{Files: hostFiles(dir, "app"), Jobs: 2}, 2)
	if errs != "" {
		t.Fatal(errs)
	}
	n := 0
	for _, g := range got {
		if strings.HasPrefix(g, "app/limit.ts:") || strings.HasPrefix(g, "app/Cache.java:") {
			n++
		}
	}
	if n != 4 {
		t.Errorf("an assembling run found %d findings in host files, want 4:\n%s", n, strings.Join(got, "\n"))
	}
}

// TestHostBadInput: a host file that cannot be read is reported naming it,
// and the others are still linted.
func TestHostBadInput(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"ok.js":  "redis.eval(\"return redis.call('GET', 'k')\", 0)\n",
		"big.py": strings.Repeat("x = 'redis.call'\n", 100),
	})
	s := hostFiles(dir)
	s.Limit = 1000
	got, errs, _ := lintWith(t, s, 2)
	if !strings.Contains(errs, "big.py: larger than") {
		t.Errorf("errors: %q, want big.py too large", errs)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "ok.js:1:") {
		t.Errorf("got %v, want the finding of ok.js", got)
	}
}

// TestHostSplicedStatements: a hole where a statement starts may splice in
// text that defines the names the rest of the script reads, so reading
// them is no error; without such a hole it is.
func TestHostSplicedStatements(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.js": "const s = `\n${prelude}\nreturn redis.call('ZADD', KEYS[1], nowMillis, ARGV[1])`;\n" +
			"const u = `return redis.call('ZADD', KEYS[1], nowMillis, ARGV[1])`;\n",
	})
	got, errs, _ := lintWith(t, hostFiles(dir), 1)
	if errs != "" {
		t.Fatal(errs)
	}
	want := "a.js:4:47-4:56 undefined-global global nowMillis does not exist"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("got %v\nwant one: %s", got, want)
	}
}

// TestHostKeysCount: a call that shows its key count (numkeys, a literal
// list) and passes fewer keys than the script reads is keys-count-mismatch
// at the count; a read tested for nil, a count that covers the reads, and
// an ignore above the call are silent.
func TestHostKeysCount(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"k.py": `import redis
r = redis.Redis()
SRC = """
local a = redis.call('GET', KEYS[1])
return redis.call('GET', KEYS[2])
"""
r.eval(SRC, 1, "a")
r.eval(SRC, 2, "a", "b")
# lint-lua: ignore keys-count-mismatch -- the caller's contract
r.eval(SRC, 1, "a")
r.eval("return KEYS[2] or 'none'", 1, "a")
`,
		"K.java": "class K {\n  void f(RedissonClient redisson) {\n" +
			"    redisson.getScript().eval(RScript.Mode.READ_WRITE, \"return redis.call('GET', KEYS[3])\", RScript.ReturnType.VALUE, Arrays.asList(\"a\", \"b\"));\n  }\n}\n",
	})
	got, errs, _ := lintWith(t, hostFiles(dir), 1)
	if errs != "" {
		t.Fatal(errs)
	}
	want := []string{
		"K.java:3:119-3:142 keys-count-mismatch the script reads KEYS[3] on line 3 but eval passes 2 keys",
		"k.py:7:13-7:14 keys-count-mismatch the script reads KEYS[2] on line 5 but eval passes 1 key",
	}
	wantPrefixes(t, got, want)
}

// TestHostLoneCarriageReturn: a script whose text holds a lone "\r" (an
// escape in the host's literal) counts its lines as Lua does, which a lone
// "\r" ends: the findings after it land on the host bytes that hold them,
// as they do with "\n".
func TestHostLoneCarriageReturn(t *testing.T) {
	for _, eol := range []string{`\n`, `\r`, `\r\n`} {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{"a.js": "const s = \"local a = 1" + eol + "return redis.call('GET', 'x') .. zzz\"; redis.eval(s, 0);\n"})
		got, errs, _ := lintWith(t, hostFiles(dir), 1)
		if errs != "" {
			t.Fatalf("errors: %s", errs)
		}
		// The escape is written as len(eol) host bytes before 'x'.
		n := len(eol)
		want := []string{
			fmt.Sprintf("a.js:1:%d-1:%d undeclared-key key 'x' of GET", 48+n, 51+n),
			fmt.Sprintf("a.js:1:%d-1:%d undefined-global global zzz", 56+n, 59+n),
		}
		if len(got) != len(want) {
			t.Fatalf("%s: got %q, want %q", eol, got, want)
		}
		for i := range want {
			if !strings.HasPrefix(got[i], want[i]) {
				t.Errorf("%s: got %s, want %s", eol, got[i], want[i])
			}
		}
	}
}

// TestHostArgvCount: the fixtures of testdata/argv (hostWants), for
// keys-count-mismatch. A call whose values are a fixed list (written one by
// one, none spread and none the client may expand, or a literal list) and
// fewer than the ARGV the script reads is an error; a list built at run
// time is silent.
func TestHostArgvCount(t *testing.T) {
	for _, d := range wantFindings(t, "testdata/argv", func(d diag.Diagnostic) bool { return d.Rule == "keys-count-mismatch" }) {
		if d.Severity != diag.SeverityError {
			t.Errorf("%s:%d: severity %s, want error", d.File, d.Range.Start.Line, d.Severity)
		}
	}
}

// TestHostFragments: the fixtures of testdata/fragments (wantFindings). A
// program that builds one script from several literals (yii2-redis's
// LuaScriptBuilder: a template that declares locals and a loop, and the
// statements and conditions spliced into it) has its pieces found by their
// text; what they assign or read that another script of the file declares
// is one info finding per piece and rule, and a piece that is an expression
// is a syntax error at info. A text found by its content that is a whole
// script (nothing it misuses is declared elsewhere in the file) and any text
// given to a script API keep their errors.
func TestHostFragments(t *testing.T) {
	rules := []string{"global-assignment", "undefined-global", "syntax-error"}
	wantFindings(t, "testdata/fragments", func(d diag.Diagnostic) bool { return slices.Contains(rules, d.Rule) })
}

// wantFindings lints the files of dir with every rule and checks the
// findings keep takes against the lines that want them, marked in a
// comment `want "regexp"` (or `want:info "regexp"`, :warning, :error, which
// also want that severity), once per finding, in both directions: every
// finding was wanted and every want was met. A want matches the headline,
// " — " and the help, with or without the rule and ": " before them. It
// returns the findings it checked.
func wantFindings(t *testing.T, dir string, keep func(diag.Diagnostic) bool) []diag.Diagnostic {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		re *regexp.Regexp
		// sev is the severity wanted, when check.
		sev   diag.Severity
		check bool
		met   bool
	}
	wantRE := regexp.MustCompile(`want(?::(error|warning|info))? "((?:[^"\\]|\\.)*)"`)
	wants := map[string][]*want{}
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".golden") {
			// A hostlang golden beside the fixture it describes quotes
			// its wants; the fixture alone holds them.
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, m := range wantRE.FindAllStringSubmatch(line, -1) {
				w := &want{re: regexp.MustCompile(m[2])}
				if m[1] != "" {
					w.sev, _ = diag.ParseSeverity(m[1])
					w.check = true
				}
				at := fmt.Sprintf("%s:%d", e.Name(), i+1)
				wants[at] = append(wants[at], w)
			}
		}
	}
	_, errs, o := lintWith(t, hostFiles(dir), 1)
	if errs != "" {
		t.Fatal(errs)
	}
	var checked []diag.Diagnostic
	for _, r := range o.Results {
	findings:
		for _, d := range r.Diagnostics {
			if !keep(d) {
				continue
			}
			checked = append(checked, d)
			at := fmt.Sprintf("%s:%d", filepath.Base(d.File), d.Range.Start.Line)
			msg := d.Message + " — " + d.Help
			for _, w := range wants[at] {
				if !w.met && (w.re.MatchString(msg) || w.re.MatchString(d.Rule+": "+msg)) {
					if w.check && d.Severity != w.sev {
						t.Errorf("%s: severity %s, want %s: %s", at, d.Severity, w.sev, msg)
					}
					w.met = true
					continue findings
				}
			}
			t.Errorf("%s: unwanted finding (%s): %s", at, d.Rule, msg)
		}
	}
	for at, ws := range wants {
		for _, w := range ws {
			if !w.met {
				t.Errorf("%s: no finding matching %q", at, w.re)
			}
		}
	}
	return checked
}

// TestHostHoles: the fixtures of testdata/holes (wantFindings), for the
// rules that read what a key or a script is. A hole inside a Lua string is
// a value known only at run time, not the placeholder's text.
func TestHostHoles(t *testing.T) {
	rules := []string{"undeclared-key", "dynamic-script", "keys-count-mismatch"}
	wantFindings(t, "testdata/holes", func(d diag.Diagnostic) bool { return slices.Contains(rules, d.Rule) })
}

// TestHostFormat: the fixtures of testdata/format (wantFindings), for
// Python's str.format. A template filled by `.format(...)` is linted as the
// filled text (keyword and positional arguments that the file knows fill
// their fields, the other fields are holes), not as a script of its own
// whose fields read as Lua, and the short texts that fill it are no
// scripts of their own (tasktiger's redis_scripts.py); a real bug in the
// filled text is still reported. Every rule is checked.
func TestHostFormat(t *testing.T) {
	wantFindings(t, "testdata/format", func(diag.Diagnostic) bool { return true })
}

// TestHoleTextLongestName: a placeholder that is a prefix of another
// (__param_k of __param_key) never replaces the start of the longer one,
// whatever the holes' order, and a host text put in is not read again.
func TestHoleTextLongestName(t *testing.T) {
	src := []byte(`{{key}} {{k}} __hole1`)
	holes := []hostlang.Hole{
		{Name: "__param_key", Start: 0, End: 7},
		{Name: "__param_k", Start: 8, End: 13},
		{Name: "__hole1x", Start: 14, End: 21},
	}
	for _, hs := range [][]hostlang.Hole{holes, {holes[1], holes[0], holes[2]}} {
		m := &hostScript{src: src, holes: hs}
		got := m.holeText("read __param_key and __param_k, then __hole1x")
		if want := "read {{key}} and {{k}}, then __hole1"; got != want {
			t.Errorf("holes %v: holeText = %q, want %q", hs, got, want)
		}
	}
}

// TestHostRust: the fixtures of testdata/rust (wantFindings): redis-rs
// scripts in raw strings and constants, at their host positions, with
// ignores in Rust comments.
func TestHostRust(t *testing.T) {
	wantFindings(t, "testdata/rust", func(diag.Diagnostic) bool { return true })
}

// TestHostElixir: the fixtures of testdata/elixir (wantFindings): scripts
// in module-attribute heredocs and sigils, at their host positions, with
// ignores in Elixir comments.
func TestHostElixir(t *testing.T) {
	wantFindings(t, "testdata/elixir", func(diag.Diagnostic) bool { return true })
}

// TestHostOpenResty: a .lua file that sends scripts with lua-resty-redis
// (testdata/openresty, wantFindings): the scripts red:eval receives are
// linted at their places, with the call's key count; a string no API
// receives is no script. Only the rules of those scripts are checked: the
// file itself is read as a .lua file, as before.
func TestHostOpenResty(t *testing.T) {
	rules := []string{"unguarded-nil-reply", "keys-count-mismatch", "undeclared-key"}
	wantFindings(t, "testdata/openresty", func(d diag.Diagnostic) bool { return slices.Contains(rules, d.Rule) })
}

// TestHostCrystal: the fixtures of internal/hostlang/testdata/crystal (wantFindings; the hostlang goldens describe the same files):
// crystal-redis scripts in heredocs and strings, at their host positions,
// with key counts from the call and ignores in # comments.
func TestHostCrystal(t *testing.T) {
	wantFindings(t, "../../hostlang/testdata/crystal", func(diag.Diagnostic) bool { return true })
}

// TestHostScala: the fixtures of internal/hostlang/testdata/scala (wantFindings; the hostlang goldens describe the same files): Jedis
// scripts from Scala in triple-quoted strings (with stripMargin) and
// interpolated strings, at their host positions, with the call's key count
// and ignores in // comments.
func TestHostScala(t *testing.T) {
	wantFindings(t, "../../hostlang/testdata/scala", func(diag.Diagnostic) bool { return true })
}

// TestHostClojure: the fixtures of internal/hostlang/testdata/clojure
// (wantFindings; the hostlang goldens describe the same files): carmine's
// eval, eval* and lua calls, whose `_:name` placeholders are opaque values,
// at their host positions, with the keys count of the call (the entries of
// lua's keys map), and ;; comments as ignores.
func TestHostClojure(t *testing.T) {
	wantFindings(t, "../../hostlang/testdata/clojure", func(diag.Diagnostic) bool { return true })
}

// TestHostPerl: the fixtures of internal/hostlang/testdata/perl (wantFindings; the hostlang goldens describe the same files): Redis.pm
// scripts in heredocs (interpolating, with a same-file heredoc spliced in,
// literal, indented) and strings, at their host positions, with key counts
// from the call and ignores in # comments; POD and what follows __END__
// are no code.
func TestHostPerl(t *testing.T) {
	wantFindings(t, "../../hostlang/testdata/perl", func(diag.Diagnostic) bool { return true })
}
