package lsp

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/rules"
)

// initialized is a server after initialize, driven through Handle: the
// fuzzer and the hostile inputs check the handlers and the lints they
// start, not the transport.
func initialized(t testing.TB) *Server {
	s := New(rules.Catalogue())
	s.Debounce = time.Millisecond
	if _, err := s.Handle("initialize", raw(t, protocol.InitializeParams{})); err != nil {
		t.Fatal(err)
	}
	return s
}

// settle stops the debounce timers and waits until no open document is
// being linted.
func settle(t testing.TB, s *Server) {
	t.Helper()
	s.stopTimers()
	deadline := time.Now().Add(time.Minute)
	for {
		s.mu.Lock()
		busy := false
		for _, d := range s.docs {
			busy = busy || d.linting
		}
		s.mu.Unlock()
		if !busy {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("lints still running after a minute")
		}
		time.Sleep(time.Millisecond)
	}
}

func raw(t testing.TB, v any) *json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	m := json.RawMessage(b)
	return &m
}

// FuzzHandle sends the server any message, after a document is open: no
// method and no params, however malformed, may panic or hang it.
func FuzzHandle(f *testing.F) {
	uri := string(uriOf(filepath.Join(f.TempDir(), "a.lua")))
	for _, seed := range []struct{ method, params string }{
		{"textDocument/hover", `{"textDocument":{"uri":"` + uri + `"},"position":{"line":0,"character":14}}`},
		{"textDocument/completion", `{"textDocument":{"uri":"` + uri + `"},"position":{"line":0,"character":99999}}`},
		{"textDocument/codeAction", `{"textDocument":{"uri":"` + uri + `"},"range":{"start":{"line":5,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[{"code":1}]}}`},
		{"textDocument/didChange", `{"textDocument":{"uri":"` + uri + `","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":3},"end":{"line":0,"character":1}},"text":"é\r\n"}]}`},
		{"textDocument/didChange", `{"textDocument":{"uri":"` + uri + `"},"contentChanges":[{"text":null}, 3]}`},
		{"textDocument/didOpen", `{"textDocument":{"uri":"untitled:1","text":"x"}}`},
		{"textDocument/didOpen", `{"textDocument":{"uri":"file:///tmp/%zz","text":"x"}}`},
		{"textDocument/didSave", `{"textDocument":{"uri":"file:///"},"text":"x"}`},
		{"textDocument/didClose", `null`},
		{"workspace/didChangeWatchedFiles", `{"changes":[{"uri":"file:///.lint-lua.yaml","type":2}]}`},
		{"shutdown", ``},
		{"$/cancelRequest", `{"id":"x"}`},
		{"nonsense", `[1,2`},
	} {
		f.Add(seed.method, seed.params)
	}
	f.Fuzz(func(t *testing.T, method, params string) {
		s := initialized(t)
		var mu sync.Mutex
		var internal []string
		s.notify = func(method string, params any) {
			if p, ok := params.(protocol.ShowMessageParams); ok && strings.Contains(p.Message, "internal error") {
				mu.Lock()
				internal = append(internal, p.Message)
				mu.Unlock()
			}
		}
		if _, err := s.Handle("textDocument/didOpen", raw(t, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: protocol.DocumentUri(uri), Version: 1, Text: "return redis.call('GET', KEYS[1])\n"}})); err != nil {
			t.Fatal(err)
		}
		var p *json.RawMessage
		if json.Valid([]byte(params)) {
			m := json.RawMessage(params)
			p = &m
		}
		_, _ = s.Handle(method, p)
		// The lints the message started run to their end, and the open
		// documents are linted once more as they are now.
		settle(t, s)
		s.mu.Lock()
		var uris []protocol.DocumentUri
		for u := range s.docs {
			uris = append(uris, u)
		}
		s.mu.Unlock()
		for _, u := range uris {
			s.lintAndPublish(u)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(internal) > 0 {
			t.Fatalf("a lint panicked: %s", internal[0])
		}
	})
}

// TestHostile checks inputs an editor may send that the server must
// refuse or survive: a document too large to lint, a document that is not
// a file, a change to a document never opened, positions past the end.
func TestHostile(t *testing.T) {
	t.Parallel()
	s := initialized(t)
	var mu sync.Mutex
	var published []protocol.PublishDiagnosticsParams
	s.notify = func(method string, params any) {
		if p, ok := params.(protocol.PublishDiagnosticsParams); ok {
			mu.Lock()
			published = append(published, p)
			mu.Unlock()
		}
	}
	dir := t.TempDir()
	big := uriOf(filepath.Join(dir, "big.lua"))
	huge := strings.Repeat("local x = 1\n", 200000)
	if _, err := s.Handle("textDocument/didOpen", raw(t, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: big, Version: 1, Text: huge}})); err != nil {
		t.Fatal(err)
	}
	settle(t, s)
	s.lintAndPublish(big)
	mu.Lock()
	defer mu.Unlock()
	if n := len(published); n == 0 || len(published[n-1].Diagnostics) != 1 || !strings.Contains(published[n-1].Diagnostics[0].Message, "larger than") {
		t.Errorf("a document past --max-file-size: %+v", published)
	}
	if _, err := s.Handle("textDocument/didOpen", raw(t, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: "untitled:Untitled-1", Text: "x = 1"}})); err == nil || !strings.Contains(err.Error(), "only file: documents") {
		t.Errorf("an untitled document: %v", err)
	}
	if _, err := s.Handle("textDocument/didChange", raw(t, protocol.DidChangeTextDocumentParams{TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uriOf(filepath.Join(dir, "never.lua"))}}})); err == nil || !strings.Contains(err.Error(), "is not open") {
		t.Errorf("a change to a document never opened: %v", err)
	}
	far := protocol.Position{Line: 1 << 30, Character: 1 << 30}
	if r, err := s.Handle("textDocument/hover", raw(t, protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: big}, Position: far}})); err != nil || r.(*protocol.Hover) != nil {
		t.Errorf("hover past the end: %v %v", r, err)
	}
	if _, err := s.Handle("textDocument/hover", &json.RawMessage{'{'}); err == nil {
		t.Errorf("malformed params: no error")
	}
	if _, err := s.Handle("workspace/symbol", raw(t, map[string]string{"query": "x"})); err == nil || !strings.Contains(err.Error(), "not supported") {
		t.Errorf("an unsupported method: %v", err)
	}
}

// FuzzServe gives Serve any byte stream as its input: it must return when
// the stream ends (framing errors included), without panic or hang.
func FuzzServe(f *testing.F) {
	frame := func(body string) string {
		return "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
	}
	f.Add(frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`) + frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nonexistent/a.lua","version":1,"text":"x = 1"}}}`) + frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`))
	f.Add("Content-Length: 4294967295\r\n\r\n{")
	f.Add("Content-Length: 5\n\n{}")
	f.Add(frame(`{"jsonrpc":"2.0","id":{"x":1},"method":7}`))
	f.Fuzz(func(t *testing.T, in string) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = New(rules.Catalogue()).Serve(context.Background(), strings.NewReader(in), io.Discard)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("Serve did not return at the end of its input")
		}
	})
}
