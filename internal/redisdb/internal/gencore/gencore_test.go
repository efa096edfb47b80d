package gencore

import (
	"strings"
	"testing"
)

// The generator on small documents of each kind: the shared JSON itself is
// never read by tests.
func TestGenerateKinds(t *testing.T) {
	redis := `{"source": "redis/redis src/commands at abc", "commands": [
		{"name": "GET", "arity": 2, "command_flags": ["READONLY", "FAST"], "since": "1.0.0", "group": "string", "reply": ["null", "string"],
		 "key_specs": [{"flags": ["RO"], "begin_search": {"index": {"pos": 1}}, "find_keys": {"range": {"lastkey": 0, "step": 1, "limit": 0}}}],
		 "arguments": [{"name": "key", "type": "key", "key_spec_index": 0}]},
		{"name": "BLPOP", "arity": -3, "command_flags": ["WRITE", "BLOCKING"], "since": "2.0.0", "group": "list"},
		{"name": "BLMOVE", "arity": 6, "since": "6.2.0", "group": "list"},
		{"name": "BRPOP", "arity": -3, "since": "2.0.0", "group": "list"},
		{"name": "BRPOPLPUSH", "arity": 4, "since": "2.2.0", "group": "list"},
		{"name": "BZPOPMAX", "arity": -3, "since": "5.0.0", "group": "sorted_set"},
		{"name": "BZPOPMIN", "arity": -3, "since": "5.0.0", "group": "sorted_set"},
		{"name": "WAIT", "arity": 3, "since": "3.0.0", "group": "generic"},
		{"name": "WAITAOF", "arity": 4, "command_flags": ["BLOCKING"], "since": "7.2.0", "group": "generic"}]}`
	out, err := GenerateKind(Redis, []byte(redis), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"var commandTable = []*Command{", `{Name: "BLPOP", Arity: -3, Flags: []string{"WRITE", "BLOCKING"}, Since: "2.0.0", Group: "list", NoScriptUntil: "7.2.0"`, "redis/redis src/commands at abc",
		`{Name: "WAITAOF", Arity: 4, Flags: []string{"BLOCKING"}, Since: "7.2.0", Group: "generic", NoScriptUntil: "7.4.0"}`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("redis table lacks %q:\n%s", want, out)
		}
	}

	valkey := `{"source": "valkey-io/valkey src/commands at def", "commands": [
		{"name": "BLPOP", "arity": -3, "command_flags": ["WRITE", "BLOCKING"], "since": "2.0.0", "group": "list"},
		{"name": "CLIENT", "arity": -2, "since": "2.4.0", "group": "connection"},
		{"name": "CAPA", "container": "CLIENT", "arity": -3, "since": "8.0.0", "group": "connection", "arguments": [{"name": "capability", "type": "string", "multiple": "true"}]}],
		"release_tags": [{"series": "7.2.x", "tag": "7.2.7", "commit": "c1", "commands_added_after_tag": ["CLIENT CAPA"], "commands_changed_after_tag": {"BLPOP": ["arguments"]}, "commands_removed_after_tag": []},
		                 {"series": "8.1.x", "tag": null}]}`
	out, err = GenerateKind(Valkey, []byte(valkey), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"var valkeyTable = []*Command{", `{"capability", "string", "", "", false, true, false, -1, nil}`,
		`{Series: "7.2", Tag: "7.2.7", Commit: "c1", AddedAfter: []string{"CLIENT CAPA"}, ChangedAfter: []string{"BLPOP"}}`, `{Series: "8.1", Tag: "", Commit: ""}`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("valkey table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "NOSCRIPT") {
		t.Errorf("the 7.0 NOSCRIPT correction reached Valkey's table")
	}
	bad := strings.Replace(valkey, `["CLIENT CAPA"]`, `["CLIENT NOPE"]`, 1)
	if _, err := GenerateKind(Valkey, []byte(bad), nil); err == nil || !strings.Contains(err.Error(), "CLIENT NOPE") {
		t.Errorf("a release naming an unknown command: err = %v", err)
	}

	modules := `{"source": {"RedisJSON": "RedisJSON/RedisJSON@1 commands.json"}, "modules": {"RedisJSON": {"repo": "RedisJSON/RedisJSON", "commit": "1", "release_tags": {"v8.10.0": {"commit": "b"}, "v8.2.0": {"commit": "a", "not_in_tag": ["JSON.X"]}}}}, "commands": [
		{"name": "JSON.MGET", "module": "RedisJSON", "arity": -3, "command_flags": ["READONLY"], "key_positions": [0, 0, 0], "derived": {"arity": "lib.rs:1"},
		 "key_specs": [{"flags": ["RO"], "begin_search": {"index": {"pos": 1}}, "find_keys": {"range": {"lastkey": 0, "step": 1, "limit": 0}}}],
		 "arguments": [{"name": "key", "type": "key", "multiple": true}, {"name": "path", "type": "string"}]},
		{"name": "JSON.MSET", "module": "RedisJSON", "arity": -4, "key_positions": [1, -1, 3],
		 "key_specs": [{"flags": ["RW"], "begin_search": {"index": {"pos": 1}}, "find_keys": {"range": {"lastkey": -1, "step": 3, "limit": 0}}}],
		 "arguments": [{"name": "triplet", "type": "block", "multiple": true, "arguments": [{"name": "key", "type": "key"}, {"name": "path", "type": "string"}, {"name": "value", "type": "string"}]}]},
		{"name": "JSON.DEBUG", "module": "RedisJSON", "arity": -2},
		{"name": "MEMORY", "container": "JSON.DEBUG", "module": "RedisJSON", "registered_as_subcommand": false}]}`
	out, err = GenerateKind(Modules, []byte(modules), nil)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{"var moduleTable = []*Command{", "Module: ModuleJSON", "UndeclaredKeys: true", "RegisteredKeys: KeyRange{1, -1, 3}",
		"// JSON.MGET, read from the code: arity lib.rs:1.", `{Tag: "v8.2.0", Commit: "a", NotInTag: []string{"JSON.X"}},
		{Tag: "v8.10.0", Commit: "b"},`} {
		if !strings.Contains(text, want) {
			t.Errorf("module table lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(text, "UndeclaredKeys") != 1 || strings.Contains(text, "MEMORY") {
		t.Errorf("JSON.MSET flagged, or the MEMORY pseudo-subcommand kept:\n%s", out)
	}
	bad = strings.Replace(modules, `"module": "RedisJSON", "arity": -2`, `"module": "RedisGraph", "arity": -2`, 1)
	if _, err := GenerateKind(Modules, []byte(bad), nil); err == nil || !strings.Contains(err.Error(), "RedisGraph") {
		t.Errorf("an unknown module: err = %v", err)
	}
}

func TestParseKind(t *testing.T) {
	for s, want := range map[string]Kind{"redis": Redis, "valkey": Valkey, "modules": Modules} {
		if k, err := ParseKind(s); err != nil || k != want {
			t.Errorf("ParseKind(%q) = %v, %v", s, k, err)
		}
	}
	if _, err := ParseKind("memcached"); err == nil {
		t.Errorf("ParseKind(memcached) succeeded")
	}
}

// The documentation facts go into the table, and a docs file that disagrees
// with the command JSON is refused naming the command.
func TestGenerateDocs(t *testing.T) {
	valkey := `{"source": "valkey-io/valkey src/commands at def", "commands": [
		{"name": "ZRANGEBYSCORE", "arity": -4, "since": "1.0.5", "group": "sorted_set", "deprecated_since": "6.2.0"},
		{"name": "CONFIG", "arity": -2, "since": "2.0.0", "group": "server"},
		{"name": "GET", "container": "CONFIG", "arity": -3, "since": "2.0.0", "group": "server"}],
		"release_tags": [{"series": "8.1.x", "tag": null}]}`
	docs := `{"valkey": {"ZRANGEBYSCORE": {"group": "sorted_set", "since": "1.0.5", "deprecated_since": "6.2.0", "complexity": "O(log(N)+M)", "changed_in": ["2.0.0", "2.1.6"]},
		"CONFIG GET": {"group": "server", "since": "2.0.0", "complexity": "O(N)"}}}`
	out, err := GenerateKind(Valkey, []byte(valkey), []byte(docs))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`Deprecated: "6.2.0", Complexity: "O(log(N)+M)", ChangedIn: []string{"2.0.0", "2.1.6"}`, `{Name: "CONFIG GET", Arity: -3, Since: "2.0.0", Group: "server", Complexity: "O(N)"}`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	for _, c := range []struct{ docs, want string }{
		{strings.Replace(docs, `"CONFIG GET"`, `"CONFIG NOPE"`, 1), "CONFIG NOPE is not in the command JSON"},
		{strings.Replace(docs, `"since": "1.0.5"`, `"since": "1.0.0"`, 1), "ZRANGEBYSCORE says group"},
		{strings.Replace(docs, `"2.1.6"`, `"soon"`, 1), `changed_in "soon"`},
		{strings.Replace(docs, `"O(N)"`, `"linear"`, 1), `complexity "linear"`},
		{`{"redis": {}}`, "no entries"},
	} {
		if _, err := GenerateKind(Valkey, []byte(valkey), []byte(c.docs)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("docs %s: err = %v, want %q", c.docs, err, c.want)
		}
	}
}
