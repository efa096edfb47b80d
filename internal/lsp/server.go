// Package lsp is `lint-lua lsp`: a Language Server Protocol server over
// stdio that lints the .lua files and host-language files an editor holds,
// from their unsaved text, with the CLI's sources, settings and rules
// (package source and driver: nothing is linted another way), and offers
// the fixes lint-lua has, an ignore comment for a finding's line, hover on
// the command names of redis.call and completion of them.
//
// # The library
//
// The protocol's types and the dispatch of a method to its handler are
// github.com/tliron/glsp's protocol_3_16 package, and the transport is
// github.com/sourcegraph/jsonrpc2, which glsp's own server runs on and which
// the tests drive as the client. Of the candidates on the module proxy:
//   - glsp v0.2.2: typed LSP 3.16 messages and a handler per method, kept
//     up (2024); its server package drags in websockets, an SSH client, a
//     terminal-colour stack and a deadlock detector (commonlog, kutil), so
//     only its protocol package is used, and the ~30 lines that join it to
//     jsonrpc2 are here (Serve) instead;
//   - go.lsp.dev/protocol v0.12.0 with go.lsp.dev/jsonrpc2: both client and
//     server, but unreleased since 2022, and it no longer builds with the
//     current go.lsp.dev/jsonrpc2 (v1.0 changed the API it calls), so
//     pinning the old one would be needed; it also brings zap and
//     segmentio/encoding;
//   - gopls's protocol package: internal to x/tools, not importable.
//
// # Positions
//
// LSP 3.16 counts columns in UTF-16 code units; lint-lua in bytes. text.go
// converts, and nothing else does.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// DefaultDebounce is how long after a keystroke the document is linted
// again, when no other keystroke came: long enough that typing a word
// lints once, short enough to feel immediate (a lint of a 200-line script
// takes a few milliseconds: BenchmarkRelint).
const DefaultDebounce = 150 * time.Millisecond

// Server is the state of one editor session: the documents it holds open
// and what was last found in each.
type Server struct {
	// Debounce is DefaultDebounce unless a test sets it.
	Debounce time.Duration
	// Version is what initialize reports as the server's version.
	Version string

	cat     *lint.Catalogue
	rules   []*lint.Rule
	handler protocol.Handler
	notify  func(method string, params any)
	call    func(method string, params any)

	// publishMu keeps a document's publications in the order of its
	// versions; mu is never held while writing to the client.
	publishMu sync.Mutex
	mu        sync.Mutex
	docs      map[protocol.DocumentUri]*document
	// configs are the configuration files whose errors were published,
	// to clear once they read again.
	configs  map[protocol.DocumentUri]bool
	shutdown bool
	// watch says the client registers file watchers at our request.
	watch bool
}

// document is one open document.
type document struct {
	uri     protocol.DocumentUri
	path    string
	version protocol.Integer
	src     []byte
	timer   *time.Timer
	// last is the newest lint published for the document.
	last *linted
	// linting says a goroutine lints the document (lintAndPublish), and
	// again that it is to lint it once more.
	linting, again bool
}

// New returns a server with the rules of cat.
func New(cat *lint.Catalogue) *Server {
	s := &Server{
		Debounce: DefaultDebounce,
		Version:  "dev",
		cat:      cat,
		rules:    cat.All(),
		docs:     map[protocol.DocumentUri]*document{},
		configs:  map[protocol.DocumentUri]bool{},
		notify:   func(string, any) {},
		call:     func(string, any) {},
	}
	s.handler = protocol.Handler{
		Initialize:                     s.initialize,
		Initialized:                    s.initialized,
		Shutdown:                       s.shutdownRequest,
		Exit:                           func(*glsp.Context) error { return nil },
		SetTrace:                       func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                  func(*glsp.Context, *protocol.CancelParams) error { return nil },
		TextDocumentDidOpen:            s.didOpen,
		TextDocumentDidChange:          s.didChange,
		TextDocumentDidSave:            s.didSave,
		TextDocumentDidClose:           s.didClose,
		TextDocumentCodeAction:         s.codeAction,
		TextDocumentHover:              s.hover,
		TextDocumentCompletion:         s.completion,
		WorkspaceDidChangeWatchedFiles: s.didChangeWatchedFiles,
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error {
			s.relintAll()
			return nil
		},
	}
	return s
}

// stdio joins the two streams of a process into the connection jsonrpc2
// reads and writes.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

// Serve answers the client on in and out until it sends exit or closes
// in. The error is nil after a shutdown and exit, as the protocol asks.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	// The handlers may run before NewConn returns: they wait for conn.
	var conn *jsonrpc2.Conn
	ready := make(chan struct{})
	s.notify = func(method string, params any) {
		<-ready
		_ = conn.Notify(ctx, method, params)
	}
	s.call = func(method string, params any) {
		// A request to the client is sent from a goroutine of its own: the
		// connection reads its answer on the goroutine that runs handlers.
		go func() {
			<-ready
			_ = conn.Call(ctx, method, params, nil)
		}()
	}
	conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(stdio{in, out}, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(func(ctx context.Context, c *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		if req.Method == string(protocol.MethodExit) {
			go c.Close()
			return nil, nil
		}
		return s.Handle(req.Method, req.Params)
	}))
	close(ready)
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.stopTimers()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.shutdown {
		return errors.New("the client left without shutdown")
	}
	return nil
}

// Handle runs the handler of one message. It never panics: a panic in a
// handler (a bug) is answered as an internal error naming it.
func (s *Server) Handle(method string, params *json.RawMessage) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("lint-lua lsp: %s: %v\n%s", method, r, debug.Stack())}
		}
	}()
	gc := &glsp.Context{Method: method, Notify: s.notify}
	if params != nil {
		gc.Params = *params
	}
	r, validMethod, validParams, err := s.handler.Handle(gc)
	switch {
	case !validMethod:
		if strings.HasPrefix(method, "$/") {
			// Optional notifications a server may ignore.
			return nil, nil
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

func (s *Server) initialize(_ *glsp.Context, p *protocol.InitializeParams) (any, error) {
	if ws := p.Capabilities.Workspace; ws != nil && ws.DidChangeWatchedFiles != nil && ws.DidChangeWatchedFiles.DynamicRegistration != nil {
		s.mu.Lock()
		s.watch = *ws.DidChangeWatchedFiles.DynamicRegistration
		s.mu.Unlock()
	}
	yes := true
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: &yes,
				Change:    ptr(protocol.TextDocumentSyncKindIncremental),
				Save:      true,
			},
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
			HoverProvider:      true,
			CompletionProvider: &protocol.CompletionOptions{TriggerCharacters: []string{"'", `"`}},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "lint-lua", Version: &s.Version},
	}, nil
}

// initialized asks the client to tell of changes to configuration files,
// which change what every open document is linted with.
func (s *Server) initialized(*glsp.Context, *protocol.InitializedParams) error {
	s.mu.Lock()
	watch := s.watch
	s.mu.Unlock()
	if !watch {
		return nil
	}
	var watchers []protocol.FileSystemWatcher
	for _, name := range config.FileNames {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: "**/" + name})
	}
	s.call(string(protocol.ServerClientRegisterCapability), protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID: "lint-lua-config", Method: string(protocol.MethodWorkspaceDidChangeWatchedFiles),
		RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}})
	return nil
}

func (s *Server) shutdownRequest(*glsp.Context) error {
	s.mu.Lock()
	s.shutdown = true
	s.mu.Unlock()
	s.stopTimers()
	return nil
}

func (s *Server) stopTimers() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return err
	}
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, src: []byte(p.TextDocument.Text)}
	s.mu.Lock()
	if old := s.docs[d.uri]; old != nil && old.timer != nil {
		old.timer.Stop()
	}
	s.docs[d.uri] = d
	s.mu.Unlock()
	go s.lintAndPublish(d.uri)
	return nil
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return fmt.Errorf("%s is not open", p.TextDocument.URI)
	}
	for _, c := range p.ContentChanges {
		d.src = applyChange(d.src, c)
	}
	d.version = p.TextDocument.Version
	if d.timer != nil {
		d.timer.Stop()
	}
	uri := d.uri
	d.timer = time.AfterFunc(s.Debounce, func() { s.lintAndPublish(uri) })
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return err
	}
	if isConfig(path) {
		s.relintAll()
		return nil
	}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d != nil && p.Text != nil {
		d.src = []byte(*p.Text)
	}
	s.mu.Unlock()
	if d != nil {
		go s.lintAndPublish(p.TextDocument.URI)
	}
	return nil
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d != nil && d.timer != nil {
		d.timer.Stop()
	}
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	if d == nil {
		return nil
	}
	s.notify(string(protocol.ServerTextDocumentPublishDiagnostics), protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	return nil
}

func (s *Server) didChangeWatchedFiles(_ *glsp.Context, p *protocol.DidChangeWatchedFilesParams) error {
	for _, c := range p.Changes {
		if path, err := pathOf(c.URI); err == nil && isConfig(path) {
			s.relintAll()
			return nil
		}
	}
	return nil
}

// relintAll lints every open document again: a configuration changed.
func (s *Server) relintAll() {
	s.mu.Lock()
	var uris []protocol.DocumentUri
	for uri, d := range s.docs {
		if !isConfig(d.path) {
			uris = append(uris, uri)
		}
	}
	s.mu.Unlock()
	for _, uri := range uris {
		go s.lintAndPublish(uri)
	}
}

// isConfig reports whether path is named as a configuration file.
func isConfig(path string) bool {
	base := filepath.Base(path)
	for _, n := range config.FileNames {
		if base == n {
			return true
		}
	}
	return false
}

// pathOf is the file a file: URI names.
func pathOf(uri protocol.DocumentUri) (string, error) {
	u, err := url.Parse(string(uri))
	if err != nil {
		return "", fmt.Errorf("document %q: %w", uri, err)
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("document %q: only file: documents are linted", uri)
	}
	p := filepath.FromSlash(u.Path)
	if p == "" || !filepath.IsAbs(p) {
		return "", fmt.Errorf("document %q: not an absolute file path", uri)
	}
	return filepath.Clean(p), nil
}

// uriOf is the file: URI of an absolute path.
func uriOf(path string) protocol.DocumentUri {
	return protocol.DocumentUri((&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String())
}

// severity maps lint-lua's severities to LSP's.
func severity(s diag.Severity) protocol.DiagnosticSeverity {
	switch s {
	case diag.SeverityError:
		return protocol.DiagnosticSeverityError
	case diag.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

func ptr[T any](v T) *T { return &v }
