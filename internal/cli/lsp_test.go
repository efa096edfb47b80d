package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// lspInput frames requests as an editor sends them on the server's
// standard input (jsonrpc2's codec writes the Content-Length headers).
func lspInput(t *testing.T, methods ...string) string {
	t.Helper()
	var b bytes.Buffer
	for i, m := range methods {
		req := &jsonrpc2.Request{Method: m, ID: jsonrpc2.ID{Num: uint64(i + 1)}}
		if m == "initialized" || m == "exit" {
			req.Notif = true
		}
		if err := req.SetParams(map[string]any{}); err != nil {
			t.Fatal(err)
		}
		if err := (jsonrpc2.VSCodeObjectCodec{}).WriteObject(&b, req); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// TestLSPCommand runs `lint-lua lsp` on the injected streams: it answers
// initialize with its name and version, and exits 0 after shutdown and
// exit, 1 when the client leaves without shutdown (as the protocol asks).
func TestLSPCommand(t *testing.T) {
	t.Parallel()
	r := env{stdin: lspInput(t, "initialize", "initialized", "shutdown", "exit")}.run(t, "lsp", "--stdio")
	wantCode(t, r, ExitOK)
	var resp jsonrpc2.Response
	if err := (jsonrpc2.VSCodeObjectCodec{}).ReadObject(bufio.NewReader(strings.NewReader(r.out)), &resp); err != nil {
		t.Fatalf("reading the initialize response: %v\n%s", err, r.out)
	}
	var init struct {
		ServerInfo   struct{ Name, Version string } `json:"serverInfo"`
		Capabilities struct {
			HoverProvider bool `json:"hoverProvider"`
		} `json:"capabilities"`
	}
	if resp.Result == nil || json.Unmarshal(*resp.Result, &init) != nil || init.ServerInfo.Name != "lint-lua" || init.ServerInfo.Version != Version || !init.Capabilities.HoverProvider {
		t.Errorf("initialize answered %s", r.out)
	}

	r = env{stdin: lspInput(t, "initialize", "exit")}.run(t, "lsp")
	wantCode(t, r, 1)
	wantErr(t, r, "without shutdown")
}
