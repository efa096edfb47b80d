package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryRelativePaths: run in a subdirectory of a repository, the
// GitHub formats name the file from the repository root (GitHub matches
// alerts and annotations by that path); the other formats keep the path as
// given.
func TestRepositoryRelativePaths(t *testing.T) {
	t.Parallel()
	root := tree(t, t.TempDir(), map[string]string{"scripts/x.lua": literalSrc})
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(root, "scripts")

	r := in(t, sub, "--format", "sarif", "x.lua")
	wantCode(t, r, ExitOK)
	var log struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Results            []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(r.out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) == 0 || run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "scripts/x.lua" {
		t.Errorf("SARIF artifact is not repository-relative:\n%s", r.out)
	}
	if base := run.OriginalURIBaseIDs["%SRCROOT%"].URI; !strings.HasPrefix(base, "file:///") || !strings.HasSuffix(base, "/") {
		t.Errorf("%%SRCROOT%% = %q", base)
	}

	r = in(t, sub, "--format", "github", "x.lua")
	if !strings.Contains(r.out, "file=scripts/x.lua,") {
		t.Errorf("annotation is not repository-relative:\n%s", r.out)
	}
	r = in(t, sub, "--format", "json", "x.lua")
	if !strings.Contains(r.out, `"file": "x.lua"`) {
		t.Errorf("json should keep the path as given:\n%s", r.out)
	}
}
