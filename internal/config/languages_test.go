package config

import (
	"reflect"
	"strings"
	"testing"
)

func TestLanguagesAndScriptAPIs(t *testing.T) {
	c := parse(t, `languages: [lua, Java, csharp]
script_apis:
  - name: runLua
    language: java
    script: 1
    numkeys: 2
  - {name: run_script, keys: 0}
  - {name: evalLua, language: Go, script: 1, keys: 2}
`)
	if !reflect.DeepEqual(c.Languages, []string{"lua", "java", "csharp"}) {
		t.Errorf("Languages = %v", c.Languages)
	}
	for name, on := range map[string]bool{"lua": true, "java": true, "python": false, "csharp": true} {
		if c.Language(name) != on {
			t.Errorf("Language(%s) = %v, want %v", name, !on, on)
		}
	}
	want := []ScriptAPI{
		{Name: "runLua", Language: "java", Script: 1, NumKeys: 2, Keys: -1, Line: 3, Column: 5},
		{Name: "run_script", Script: 0, NumKeys: -1, Keys: 0, Line: 7, Column: 5},
		{Name: "evalLua", Language: "go", Script: 1, NumKeys: -1, Keys: 2, Line: 8, Column: 5},
	}
	if !reflect.DeepEqual(c.ScriptAPIs, want) {
		t.Errorf("ScriptAPIs = %+v\nwant %+v", c.ScriptAPIs, want)
	}
	var nilCfg *Config
	if !nilCfg.Language("python") || !parse(t, "rules: {}").Language("ruby") {
		t.Errorf("a configuration that does not say turns a language off")
	}
	if c := parse(t, "languages: []"); c.Language("lua") || c.Language("python") {
		t.Errorf("languages: [] turns a language on")
	}
}

func TestLanguagesErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"languages: java", `cfg.yaml:1:12: languages: want a list such as [lua, python, java]`},
		{"languages: [lua, go]", `cfg.yaml:1:18: languages: unknown language "go" (valid: lua, python, javascript, typescript, java, kotlin, php, ruby, csharp, rust, elixir, crystal, scala, perl, clojure, openresty)`},
		{"languages: [java, java]", `cfg.yaml:1:19: languages: java is listed twice`},
		{"script_apis: run", `cfg.yaml:1:14: script_apis: want a list of {name, language, script, numkeys, keys} mappings`},
		{"script_apis:\n  - {script: 0}", `cfg.yaml:2:5: script_apis[0]: name is required`},
		{"script_apis:\n  - {name: a.b}", `cfg.yaml:2:12: script_apis[0]: name: want a function or method name (an identifier), got a string "a.b"`},
		{"script_apis:\n  - {name: run, language: lua}", `cfg.yaml:2:27: script_apis[0]: language: want go or a host language (go, python, javascript`},
		{"script_apis:\n  - {name: run, script: -1}", `cfg.yaml:2:25: script_apis[0]: script: want an argument index from 0 to 64, got a number "-1"`},
		{"script_apis:\n  - {name: run, keys: x}", `cfg.yaml:2:23: script_apis[0]: keys: want an argument index`},
		{"script_apis:\n  - {name: run, arg: 1}", `cfg.yaml:2:17: script_apis[0]: unknown key "arg" (valid: name, language, script, numkeys, keys)`},
	} {
		_, err := Parse("cfg.yaml", []byte(c.src), known)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v\nwant %s", c.src, err, c.want)
		}
	}
}
