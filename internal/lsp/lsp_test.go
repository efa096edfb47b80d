package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/rules"
)

// client is the editor's side: sourcegraph/jsonrpc2's connection with
// glsp's protocol types, over pipes to a Server.
type client struct {
	t         *testing.T
	conn      *jsonrpc2.Conn
	published chan published
	messages  chan string
	done      chan error
}

// published is a publishDiagnostics as the test reads it: glsp's
// IntegerOrString cannot be decoded (its UnmarshalJSON has a value
// receiver, so the code would be lost), so the code is read as a string.
type published struct {
	URI         protocol.DocumentUri `json:"uri"`
	Version     *protocol.UInteger   `json:"version"`
	Diagnostics []wireDiagnostic     `json:"diagnostics"`
}

type wireDiagnostic struct {
	protocol.Diagnostic
	Code string `json:"code"`
}

type pipes struct {
	io.Reader
	io.WriteCloser
}

// start runs a server and initializes it as an editor does.
func start(t *testing.T) *client {
	t.Helper()
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	srv := New(rules.Catalogue())
	srv.Debounce = 10 * time.Millisecond
	ctx := context.Background()
	c := &client{t: t, published: make(chan published, 100), messages: make(chan string, 10), done: make(chan error, 1)}
	go func() {
		c.done <- srv.Serve(ctx, serverIn, serverOut)
		serverOut.Close()
	}()
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(pipes{clientIn, clientOut}, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		switch req.Method {
		case string(protocol.ServerTextDocumentPublishDiagnostics):
			var p published
			if err := json.Unmarshal(*req.Params, &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.published <- p
		case string(protocol.ServerWindowShowMessage):
			var p protocol.ShowMessageParams
			_ = json.Unmarshal(*req.Params, &p)
			c.messages <- p.Message
		}
		return nil, nil
	}))
	var res protocol.InitializeResult
	c.call(string(protocol.MethodInitialize), protocol.InitializeParams{}, &res)
	if res.ServerInfo == nil || res.ServerInfo.Name != "lint-lua" {
		t.Fatalf("initialize: %+v", res)
	}
	c.notify(string(protocol.MethodInitialized), protocol.InitializedParams{})
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// stop shuts the server down as an editor does and checks it ends
// cleanly.
func (c *client) stop() {
	c.t.Helper()
	c.call(string(protocol.MethodShutdown), nil, nil)
	_ = c.conn.Notify(context.Background(), string(protocol.MethodExit), nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Errorf("Serve after shutdown and exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Errorf("the server did not stop after exit")
	}
	c.conn.Close()
}

// diagnostics waits for the diagnostics published for uri at version (any
// version when version < 0).
func (c *client) diagnostics(uri protocol.DocumentUri, version int) []wireDiagnostic {
	c.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case p := <-c.published:
			if p.URI != uri {
				continue
			}
			if version >= 0 && (p.Version == nil || int(*p.Version) != version) {
				continue
			}
			return p.Diagnostics
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d", uri, version)
			return nil
		}
	}
}

// project makes a folder that config.Find stops at (.git), with files.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func codes(ds []wireDiagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Code)
	}
	sort.Strings(out)
	return out
}

// apply applies a code action's edits to text, as an editor does.
func apply(t *testing.T, src string, uri protocol.DocumentUri, a protocol.CodeAction) string {
	t.Helper()
	if a.Edit == nil || len(a.Edit.Changes[uri]) == 0 {
		t.Fatalf("action %q has no edits for %s", a.Title, uri)
	}
	edits := a.Edit.Changes[uri]
	tx := newText([]byte(src))
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		s, en := tx.offsets(e.Range)
		spans = append(spans, span{s, en, e.NewText})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start > spans[j].start })
	out := src
	for _, s := range spans {
		out = out[:s.start] + s.text + out[s.end:]
	}
	return out
}

const setnx = "-- Idempotency token\nif redis.call('SETNX', KEYS[1], '1') == 1 then\n  redis.call('EXPIRE', KEYS[1], 86400)\n  return 'ok'\nend\nreturn 'dup'\n"

// TestSession drives the server as an editor does: open (diagnostics from
// the editor's text, not the disk's), change (debounced), a fix applied
// through its code action, the ignore action, hover, completion, close
// (diagnostics cleared).
func TestSession(t *testing.T) {
	dir := project(t, map[string]string{"a.lua": "return 1\n"})
	path := filepath.Join(dir, "a.lua")
	uri := uriOf(path)
	c := start(t)
	defer c.stop()

	c.notify(string(protocol.MethodTextDocumentDidOpen), protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "lua", Version: 1, Text: setnx}})
	ds := c.diagnostics(uri, 1)
	if got := codes(ds); strings.Join(got, ",") != "setnx-then-expire" {
		t.Fatalf("open: codes %v, want setnx-then-expire", got)
	}
	d := ds[0]
	if d.Range.Start.Line != 1 || d.Range.Start.Character != 3 || *d.Severity != protocol.DiagnosticSeverityInformation {
		t.Errorf("open: range %+v severity %v", d.Range, *d.Severity)
	}
	if !strings.Contains(d.Message, "\nhelp: SET KEYS[1] value NX EX 86400") || d.CodeDescription == nil || d.CodeDescription.HRef != "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md#setnx-then-expire" {
		t.Errorf("open: message %q, description %+v", d.Message, d.CodeDescription)
	}

	// A change: a global assignment typed on line 1, sent as a range.
	text := "x = 1\n" + setnx
	c.notify(string(protocol.MethodTextDocumentDidChange), protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: 2},
		ContentChanges: []any{protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{}, Text: "x = 1\n"}},
	})
	ds = c.diagnostics(uri, 2)
	if got := codes(ds); strings.Join(got, ",") != "global-assignment,setnx-then-expire" {
		t.Fatalf("change: codes %v", got)
	}

	// The fix of setnx-then-expire, applied.
	var actions []protocol.CodeAction
	c.call(string(protocol.MethodTextDocumentCodeAction), protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: protocol.Range{Start: protocol.Position{Line: 2, Character: 5}, End: protocol.Position{Line: 2, Character: 5}}}, &actions)
	var fix, ignore *protocol.CodeAction
	for i, a := range actions {
		switch {
		case strings.HasPrefix(a.Title, "ignore setnx-then-expire"):
			ignore = &actions[i]
		case strings.Contains(a.Title, "(setnx-then-expire)"):
			fix = &actions[i]
		}
	}
	if fix == nil || ignore == nil {
		t.Fatalf("code actions on line 3: %+v", actions)
	}
	fixed := apply(t, text, uri, *fix)
	if !strings.Contains(fixed, "redis.call('SET', KEYS[1], '1', 'NX', 'EX', 86400)") || strings.Contains(fixed, "EXPIRE") {
		t.Errorf("fixed text:\n%s", fixed)
	}
	ignored := apply(t, text, uri, *ignore)
	if !strings.Contains(ignored, "== 1 then -- lint-lua: ignore setnx-then-expire\n") {
		t.Errorf("ignored text:\n%s", ignored)
	}
	c.notify(string(protocol.MethodTextDocumentDidChange), protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: 3},
		ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: fixed}},
	})
	if got := codes(c.diagnostics(uri, 3)); strings.Join(got, ",") != "global-assignment" {
		t.Errorf("after the fix: codes %v", got)
	}
	c.notify(string(protocol.MethodTextDocumentDidChange), protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: 4},
		ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: ignored}},
	})
	if got := codes(c.diagnostics(uri, 4)); strings.Join(got, ",") != "global-assignment" {
		t.Errorf("after the ignore: codes %v", got)
	}

	// Hover on SETNX (line 3 of the ignored text).
	var h protocol.Hover
	c.call(string(protocol.MethodTextDocumentHover), protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 2, Character: 17}}}, &h)
	hover := markdown(t, h)
	for _, want := range []string{"**SETNX** · string", "**complexity**: `O(1)`", "**deprecated**: since 2.6.12", "**arity**: 3: exactly 2 arguments", "**flags**: write, denyoom, fast", "**keys**: argument 1 (ow insert)", "**reply in Lua**: an integer number", "(https://redis.io/docs/latest/commands/setnx/)"} {
		if !strings.Contains(hover, want) {
			t.Errorf("hover lacks %q:\n%s", want, hover)
		}
	}

	// Completion in a half-typed first argument, and of a subcommand.
	half := ignored + "redis.call('zrangeby"
	c.notify(string(protocol.MethodTextDocumentDidChange), protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: 5},
		ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: half}},
	})
	end := newText([]byte(half)).position(len(half))
	labels, inserts := complete(t, c, uri, end)
	if strings.Join(labels, ",") != "ZRANGEBYLEX,ZRANGEBYSCORE" || inserts[1] != "zrangebyscore" {
		t.Errorf("completion of 'zrangeby: %v %v", labels, inserts)
	}
	sub := ignored + "redis.call('CONFIG', 'G"
	c.notify(string(protocol.MethodTextDocumentDidChange), protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: 6},
		ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: sub}},
	})
	labels, _ = complete(t, c, uri, newText([]byte(sub)).position(len(sub)))
	if strings.Join(labels, ",") != "GET" {
		t.Errorf("completion of CONFIG 'G: %v", labels)
	}

	c.notify(string(protocol.MethodTextDocumentDidClose), protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
	// The lints of versions 5 and 6 may publish before the close; the
	// close's clearing has no version, and nothing comes after it.
	for {
		p := c.next(uri, 30*time.Second)
		if p == nil {
			t.Fatalf("close: no clearing")
		}
		if p.Version == nil {
			if len(p.Diagnostics) != 0 {
				t.Errorf("close: diagnostics %+v, want none", p.Diagnostics)
			}
			break
		}
	}
	if p := c.next(uri, 300*time.Millisecond); p != nil {
		t.Errorf("published after the close: %+v", p)
	}
}

// next is the next publication for uri, nil when none comes within wait.
func (c *client) next(uri protocol.DocumentUri, wait time.Duration) *published {
	deadline := time.After(wait)
	for {
		select {
		case p := <-c.published:
			if p.URI == uri {
				return &p
			}
		case <-deadline:
			return nil
		}
	}
}

func markdown(t *testing.T, h protocol.Hover) string {
	t.Helper()
	m, ok := h.Contents.(protocol.MarkupContent)
	if !ok || m.Kind != protocol.MarkupKindMarkdown {
		t.Fatalf("hover contents %#v", h.Contents)
	}
	return m.Value
}

func complete(t *testing.T, c *client, uri protocol.DocumentUri, at protocol.Position) (labels, inserts []string) {
	t.Helper()
	var list struct {
		Items []struct {
			Label    string            `json:"label"`
			TextEdit protocol.TextEdit `json:"textEdit"`
		} `json:"items"`
	}
	c.call(string(protocol.MethodTextDocumentCompletion), protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: at}}, &list)
	for _, it := range list.Items {
		labels = append(labels, it.Label)
		inserts = append(inserts, it.TextEdit.NewText)
	}
	return labels, inserts
}

const pyApp = `import redis

r = redis.Redis()
SCRIPT = """
if redis.call('SETNX', KEYS[1], '1') == 1 then
  redis.call('EXPIRE', KEYS[1], 86400)
  return 'ok'
end
x = 1
return redis.call('GET', KEYS[2])
"""
r.eval(SCRIPT, 1, "k")
`

// actionsAt returns the code actions offered at a position, by title.
func (c *client) actionsAt(uri protocol.DocumentUri, line, char int) map[string]protocol.CodeAction {
	c.t.Helper()
	var actions []protocol.CodeAction
	p := protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(char)}
	c.call(string(protocol.MethodTextDocumentCodeAction), protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: protocol.Range{Start: p, End: p}}, &actions)
	out := map[string]protocol.CodeAction{}
	for _, a := range actions {
		out[a.Title] = a
	}
	return out
}

func (c *client) change(uri protocol.DocumentUri, version int, text string) {
	c.t.Helper()
	c.notify(string(protocol.MethodTextDocumentDidChange), protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: protocol.Integer(version)},
		ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: text}},
	})
}

// TestHostFile checks a script in a Python string: its findings placed in
// the Python file, the fix edited into the string (as --fix does), and the
// ignore written where it works: a Lua comment on a line of the string, a
// Python comment above a line of Python.
func TestHostFile(t *testing.T) {
	dir := project(t, nil)
	uri := uriOf(filepath.Join(dir, "app.py"))
	c := start(t)
	defer c.stop()
	c.notify(string(protocol.MethodTextDocumentDidOpen), protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "python", Version: 1, Text: pyApp}})
	ds := c.diagnostics(uri, 1)
	if got := strings.Join(codes(ds), ","); got != "global-assignment,keys-count-mismatch,setnx-then-expire" {
		t.Fatalf("codes %s", got)
	}
	for _, d := range ds {
		if d.Code == "global-assignment" && (d.Range.Start.Line != 8 || d.Range.Start.Character != 0) {
			t.Errorf("global-assignment at %+v, want line 9 of app.py", d.Range)
		}
	}
	fix, ok := c.actionsAt(uri, 4, 5)["take the key with SET KEYS[1] value NX EX 86400 and drop the EXPIRE (setnx-then-expire)"]
	if !ok {
		t.Fatalf("no fix on line 5: %v", c.actionsAt(uri, 4, 5))
	}
	fixed := apply(t, pyApp, uri, fix)
	if !strings.Contains(fixed, "SCRIPT = \"\"\"\nif redis.call('SET', KEYS[1], '1', 'NX', 'EX', 86400) then\n  return 'ok'") {
		t.Errorf("fixed:\n%s", fixed)
	}
	var h protocol.Hover
	c.call(string(protocol.MethodTextDocumentHover), protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 9, Character: 22}}}, &h)
	if hover := markdown(t, h); !strings.HasPrefix(hover, "**GET** · string") || !strings.Contains(hover, "`false` (a null reply") {
		t.Errorf("hover on GET in the Python string:\n%s", hover)
	}
	ignore, ok := c.actionsAt(uri, 8, 0)["ignore global-assignment on this line"]
	if !ok {
		t.Fatalf("no ignore on line 9")
	}
	if got := apply(t, pyApp, uri, ignore); !strings.Contains(got, "\nx = 1 -- lint-lua: ignore global-assignment\n") {
		t.Errorf("ignored in the string:\n%s", got)
	}
	var call, col int
	for _, d := range ds {
		if d.Code == "keys-count-mismatch" {
			call, col = int(d.Range.Start.Line), int(d.Range.Start.Character)
		}
	}
	ignore, ok = c.actionsAt(uri, call, col)["ignore keys-count-mismatch on this line"]
	if !ok {
		t.Fatalf("no ignore on line %d", call+1)
	}
	got := apply(t, pyApp, uri, ignore)
	c.change(uri, 2, got)
	if after := strings.Join(codes(c.diagnostics(uri, 2)), ","); after != "global-assignment,setnx-then-expire" || !strings.Contains(got, "# lint-lua: ignore keys-count-mismatch") {
		t.Errorf("ignored (%s) in Python:\n%s", after, got)
	}
}

// TestConfig checks the settings are the CLI's and follow the
// configuration file: a rule it turns off is not reported, a broken one is
// one diagnostic on the file (and the server goes on), and a change of it
// reported by the client lints the open documents again.
func TestConfig(t *testing.T) {
	dir := project(t, map[string]string{".lint-lua.yaml": "rules:\n  global-assignment: off\n"})
	cfg := filepath.Join(dir, ".lint-lua.yaml")
	uri := uriOf(filepath.Join(dir, "a.lua"))
	c := start(t)
	defer c.stop()
	c.notify(string(protocol.MethodTextDocumentDidOpen), protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "lua", Version: 1, Text: "x = 1\n" + setnx}})
	if got := strings.Join(codes(c.diagnostics(uri, 1)), ","); got != "setnx-then-expire" {
		t.Errorf("with global-assignment off: %s", got)
	}
	if err := os.WriteFile(cfg, []byte("rules:\n  global-assignment: off\n  no-such-rule: on\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: uriOf(cfg), Type: protocol.FileChangeTypeChanged}}}
	c.notify(string(protocol.MethodWorkspaceDidChangeWatchedFiles), changed)
	cd := c.diagnostics(uriOf(cfg), -1)
	if len(cd) != 1 || cd[0].Range.Start.Line != 2 || !strings.Contains(cd[0].Message, "no-such-rule") {
		t.Errorf("broken configuration: %+v", cd)
	}
	if err := os.WriteFile(cfg, []byte("rules:\n  setnx-then-expire: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify(string(protocol.MethodWorkspaceDidChangeWatchedFiles), changed)
	if cd := c.diagnostics(uriOf(cfg), -1); len(cd) != 0 {
		t.Errorf("configuration mended: %+v", cd)
	}
	if got := strings.Join(codes(c.diagnostics(uri, 1)), ","); got != "global-assignment" {
		t.Errorf("with setnx-then-expire off: %s", got)
	}
}
