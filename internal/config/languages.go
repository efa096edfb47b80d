package config

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Languages are the names languages: takes: Lua and the host languages
// whose string literals lint-lua searches for scripts (internal/hostlang;
// a test keeps the two lists the same). The configuration names them
// without importing the tokenizers, as it names targets without the
// parser.
var Languages = []string{"lua", "python", "javascript", "typescript", "java", "kotlin", "php", "ruby", "csharp", "rust", "elixir", "crystal", "scala", "perl", "clojure", "openresty"}

// ScriptAPI is one entry of script_apis: a function or method of the
// user's own (a wrapper around the client's eval) that receives a script,
// besides the client libraries' that lint-lua knows. One list serves the
// host-language files (internal/hostlang's API table) and Go (the
// analyzer), through settings.Settings.ScriptAPIs.
type ScriptAPI struct {
	// Name is the function or method name, an identifier.
	Name string
	// Language is the language it is called from, go or a host language;
	// "" is every one.
	Language string
	// Script is the index, from 0, of the argument that holds the script,
	// as the call writes its arguments (a Go context.Context counts; a
	// method's receiver does not).
	Script int
	// NumKeys is the index of the argument that gives the number of keys
	// as a number, Keys that of the argument that lists the keys; -1 when
	// the call does not give them.
	NumKeys, Keys int
	// Line and Column are where the entry is written, for the errors that
	// the table finds later.
	Line, Column int
}

var scriptAPIKeys = []string{"name", "language", "script", "numkeys", "keys"}

// apiLanguages are the languages a script_apis entry may name: Go, whose
// calls the analyzer reads, and the host languages.
func apiLanguages() []string { return append([]string{"go"}, Languages[1:]...) }

// identRE is a name a host language can call: the word bytes every
// tokenizer reads as one identifier.
var identRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

// languages reads languages: a list of names from Languages.
func (p *parser) languages(n *yaml.Node) []string {
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "languages: want a list such as [lua, python, java] (%s), got %s", strings.Join(Languages, ", "), describe(n))
		return nil
	}
	out := []string{}
	seen := map[string]bool{}
	for _, item := range n.Content {
		item = resolve(item)
		if item.Kind != yaml.ScalarNode || item.ShortTag() != "!!str" {
			p.errorf(item, "languages: want a language name, got %s", describe(item))
			continue
		}
		name := strings.ToLower(item.Value)
		known := false
		for _, l := range Languages {
			known = known || l == name
		}
		switch {
		case !known:
			p.errorf(item, "languages: unknown language %q (valid: %s)", item.Value, strings.Join(Languages, ", "))
		case seen[name]:
			p.errorf(item, "languages: %s is listed twice", name)
		default:
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// scriptAPIs reads script_apis: a list of {name, language, script,
// numkeys, keys} mappings.
func (p *parser) scriptAPIs(n *yaml.Node) []ScriptAPI {
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "script_apis: want a list of {name, language, script, numkeys, keys} mappings, got %s", describe(n))
		return nil
	}
	var out []ScriptAPI
	for i, item := range n.Content {
		item = resolve(item)
		what := "script_apis[" + strconv.Itoa(i) + "]"
		if item.Kind != yaml.MappingNode {
			p.errorf(item, "%s: want a mapping such as {name: runScript, script: 0}, got %s", what, describe(item))
			continue
		}
		a := ScriptAPI{NumKeys: -1, Keys: -1, Line: item.Line, Column: item.Column}
		ok := true
		p.mapping(item, func(key string, k, v *yaml.Node) {
			switch key {
			case "name":
				if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!str" || !identRE().MatchString(v.Value) {
					p.errorf(v, "%s: name: want a function or method name (an identifier), got %s", what, describe(v))
					ok = false
					return
				}
				a.Name = v.Value
			case "language":
				name := strings.ToLower(v.Value)
				if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!str" || !contains(apiLanguages(), name) {
					p.errorf(v, "%s: language: want go or a host language (%s), got %s", what, strings.Join(apiLanguages(), ", "), describe(v))
					ok = false
					return
				}
				a.Language = name
			case "script", "numkeys", "keys":
				var idx int
				if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" || v.Decode(&idx) != nil || idx < 0 || idx > 64 {
					p.errorf(v, "%s: %s: want an argument index from 0 to 64, got %s", what, key, describe(v))
					ok = false
					return
				}
				switch key {
				case "script":
					a.Script = idx
				case "numkeys":
					a.NumKeys = idx
				case "keys":
					a.Keys = idx
				}
			default:
				p.errorf(k, "%s: unknown key %q (valid: %s)", what, key, strings.Join(scriptAPIKeys, ", "))
				ok = false
			}
		})
		if a.Name == "" && ok {
			p.errorf(item, "%s: name is required", what)
			ok = false
		}
		if ok {
			out = append(out, a)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Language reports whether languages: turns a language on; every language
// is on when the configuration does not say (a nil Config included).
func (c *Config) Language(name string) bool {
	if c == nil || c.Languages == nil {
		return true
	}
	return contains(c.Languages, name)
}
