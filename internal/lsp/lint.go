package lsp

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"github.com/lint-lua/lint-lua/internal/settings"
)

// linted is what one lint of a document found.
type linted struct {
	version protocol.Integer
	text    *text
	// diags are the findings placed in the document, sorted.
	diags []diag.Diagnostic
	// errs are why the document could not be linted (too large...).
	errs []error
	// config is the configuration file the settings came from or that
	// failed, "" for none; configErr is its error.
	config    string
	configErr error
}

// lintable reports whether the server lints the file at path: a .lua file
// or a host-language file. A Go file is the analyzer's (lint-lua go).
func lintable(path string) bool {
	if strings.HasSuffix(path, ".lua") {
		return true
	}
	_, ok := langs.Of(path)
	return ok
}

// resolve reads the settings of the file at path as the CLI would when
// run from its directory: the nearest .lint-lua.yaml, read anew each time
// so that an edited configuration takes effect at once.
func (s *Server) resolve(path string) (*settings.Tree, string, error) {
	tree, err := settings.NewTree(s.cat, filepath.Dir(path), settings.Flags{})
	if err != nil {
		found, ferr := config.Find(filepath.Dir(path))
		if ferr != nil || found == "" {
			return nil, "", err
		}
		return nil, found, err
	}
	if set := tree.Root(); set.Config != nil {
		return tree, set.Config.Path, nil
	}
	return tree, "", nil
}

// lintText lints src as the text of the file at path, with held giving
// the other documents the editor holds (a fragment an open script
// includes), through the CLI's sources and driver.
func (s *Server) lintText(path string, src []byte, held map[string][]byte) *linted {
	out := &linted{text: newText(src)}
	tree, cfg, err := s.resolve(path)
	out.config = cfg
	if err != nil {
		out.configErr = err
		return out
	}
	if l, ok := langs.Of(path); ok && !tree.Root().Config.Language(l.String()) {
		// languages: leaves the file's language out.
		return out
	}
	readHeld := func(p string) ([]byte, bool) {
		if p == path {
			return src, true
		}
		b, ok := held[p]
		return b, ok
	}
	dir := filepath.Dir(path)
	_, srcs, err := source.New(tree, source.Run{
		Paths:   []string{path},
		WorkDir: dir,
		Limit:   int64(settings.DefaultMaxFileSize),
		Reuse:   true,
		Jobs:    1,
		Held:    readHeld,
	})
	if err != nil {
		out.configErr = err
		return out
	}
	var results []*driver.Result
	o, err := driver.Run(driver.Config{Rules: s.rules, Jobs: 1, ErrOut: io.Discard, Sinks: []driver.Sink{collect(func(r *driver.Result) {
		results = append(results, r)
	})}}, srcs)
	if err != nil {
		out.errs = append(out.errs, err)
	}
	out.errs = append(out.errs, o.Errors...)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if sameFile(d.File, path) {
				out.diags = append(out.diags, d)
			}
		}
	}
	diag.SortDiagnostics(out.diags)
	return out
}

// sameFile reports whether a finding's file (as the source named it, from
// the absolute path it was given) is path.
func sameFile(name, path string) bool {
	return filepath.Clean(filepath.FromSlash(name)) == path
}

// collect is a sink that hands each file's result to a function.
type collect func(r *driver.Result)

func (c collect) File(r *driver.Result)    { c(r) }
func (collect) Done(*driver.Outcome) error { return nil }

// lintAndPublish lints the document's current text and publishes the
// findings, unless the document changed or closed meanwhile. A document is
// linted by one goroutine at a time: a request that comes while it is
// linted makes that goroutine lint once more when it is done, so that
// keystrokes on a large file do not pile up lints of texts already
// outdated.
func (s *Server) lintAndPublish(uri protocol.DocumentUri) {
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return
	}
	if d.linting {
		d.again = true
		s.mu.Unlock()
		return
	}
	d.linting = true
	s.mu.Unlock()
	for {
		s.lintOnce(d)
		s.mu.Lock()
		if !d.again || s.docs[uri] != d {
			d.linting, d.again = false, false
			s.mu.Unlock()
			return
		}
		d.again = false
		s.mu.Unlock()
	}
}

// lintOnce lints d's text as it is now and publishes what it found.
func (s *Server) lintOnce(d *document) {
	uri := d.uri
	defer func() {
		// A panic here is a bug of the engine's on this text: the session
		// goes on, and the user is told.
		if r := recover(); r != nil {
			s.notify(string(protocol.ServerWindowShowMessage), protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: fmt.Sprintf("lint-lua: internal error linting %s: %v", uri, r)})
		}
	}()
	s.mu.Lock()
	version, path, src := d.version, d.path, d.src
	held := s.heldExcept(d)
	s.mu.Unlock()
	if isConfig(path) || !lintable(path) {
		return
	}
	res := s.lintText(path, src, held)
	res.version = version

	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	s.mu.Lock()
	if s.docs[uri] != d || d.version != version {
		s.mu.Unlock()
		return
	}
	d.last = res
	s.mu.Unlock()
	s.publishConfig(res)
	diags := make([]protocol.Diagnostic, 0, len(res.diags)+len(res.errs))
	for _, e := range res.errs {
		diags = append(diags, protocol.Diagnostic{
			Range:    protocol.Range{},
			Severity: ptr(protocol.DiagnosticSeverityError),
			Source:   ptr("lint-lua"),
			Message:  e.Error(),
		})
	}
	for _, fd := range res.diags {
		diags = append(diags, toLSP(res.text, fd))
	}
	v := protocol.UInteger(max(version, 0))
	s.notify(string(protocol.ServerTextDocumentPublishDiagnostics), protocol.PublishDiagnosticsParams{URI: uri, Version: &v, Diagnostics: diags})
}

// publishConfig publishes a broken configuration's error as one
// diagnostic on the configuration file, and clears it once the file reads
// again.
func (s *Server) publishConfig(res *linted) {
	if res.config == "" {
		if res.configErr != nil {
			s.notify(string(protocol.ServerWindowShowMessage), protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: "lint-lua: " + res.configErr.Error()})
		}
		return
	}
	uri := uriOf(res.config)
	s.mu.Lock()
	was := s.configs[uri]
	s.configs[uri] = res.configErr != nil
	s.mu.Unlock()
	if res.configErr == nil {
		if was {
			s.notify(string(protocol.ServerTextDocumentPublishDiagnostics), protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
		}
		return
	}
	s.notify(string(protocol.ServerTextDocumentPublishDiagnostics), protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{configDiagnostic(res.config, res.configErr)}})
}

// configDiagnostic is the one diagnostic of a configuration that does not
// read: every problem, one a line ("LINE:COL: problem"), placed at the
// first one's position.
func configDiagnostic(path string, err error) protocol.Diagnostic {
	var pos protocol.Position
	found := false
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		rest, ok := strings.CutPrefix(l, path+":")
		if !ok {
			continue
		}
		lines[i] = rest
		if found {
			continue
		}
		parts := strings.SplitN(rest, ":", 3)
		if len(parts) < 2 {
			continue
		}
		line, lerr := strconv.Atoi(parts[0])
		col, cerr := strconv.Atoi(parts[1])
		if lerr != nil || line < 1 {
			continue
		}
		found = true
		pos.Line = protocol.UInteger(line - 1)
		if cerr == nil && col > 1 {
			// The configuration is read by bytes too.
			if src, rerr := os.ReadFile(path); rerr == nil {
				pos = newText(src).position(newText(src).posOffset(diag.Pos{Line: line, Column: col}))
			}
		}
	}
	return protocol.Diagnostic{
		Range:    protocol.Range{Start: pos, End: pos},
		Severity: ptr(protocol.DiagnosticSeverityError),
		Source:   ptr("lint-lua"),
		Message:  fmt.Sprintf("lint-lua cannot read this configuration:\n%s", strings.Join(lines, "\n")),
	}
}

// toLSP is the LSP diagnostic of a finding: the rule as its code, the
// rule's documentation as its link, and the help folded into the one
// message.
func toLSP(t *text, d diag.Diagnostic) protocol.Diagnostic {
	msg := d.Message
	if d.Help != "" {
		msg += "\nhelp: " + d.Help
	}
	info := diag.RuleInfo{ID: d.Rule}
	return protocol.Diagnostic{
		Range:           t.rangeOf(d.Range),
		Severity:        ptr(severity(d.Severity)),
		Code:            &protocol.IntegerOrString{Value: d.Rule},
		CodeDescription: &protocol.CodeDescription{HRef: info.HelpURI()},
		Source:          ptr("lint-lua"),
		Message:         msg,
	}
}
