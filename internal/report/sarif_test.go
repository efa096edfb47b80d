package report

import (
	"encoding/json"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

func TestSARIFToolVersion(t *testing.T) {
	for in, want := range map[string]string{
		"v1.2.3":                             "1.2.3",
		"v0.0.0-20261130114753-b12f153aa1b2": "0.0.0-20261130114753-b12f153aa1b2",
		"1.2.3":                              "1.2.3",
		"dev":                                "0.0.0-dev",
		"vnext":                              "0.0.0-vnext",
		"":                                   "",
	} {
		if got := sarifToolVersion(in); got != want {
			t.Errorf("sarifToolVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRepoPath(t *testing.T) {
	r := &Result{WorkDir: "/repo/sub", SourceRoot: "/repo"}
	for file, want := range map[string]string{
		"a.lua":            "sub/a.lua",
		"./x/a.lua":        "sub/x/a.lua",
		"../top.lua":       "top.lua",
		"/repo/abs.lua":    "abs.lua",
		"/elsewhere/b.lua": "/elsewhere/b.lua", // outside the repository: as given
		"../../up.lua":     "../../up.lua",
	} {
		if got := r.repoPath(file); got != want {
			t.Errorf("repoPath(%q) = %q, want %q", file, got, want)
		}
	}
	if got := (&Result{}).repoPath("./a.lua"); got != "./a.lua" {
		t.Errorf("without roots repoPath = %q, want the name as given", got)
	}
}

// TestSARIFFromSubdirectory: run in a subdirectory, the artifact URIs and
// the fingerprints are the same as from the root, and %SRCROOT% is declared.
func TestSARIFFromSubdirectory(t *testing.T) {
	type log struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct {
				URI string `json:"uri"`
			} `json:"originalUriBaseIds"`
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	decode := func(r *Result) log {
		var l log
		if err := json.Unmarshal(render(t, "sarif", Options{}, r), &l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	d := finding("scripts/a.lua", 1, 1, 1, 2, "style-note", diag.SeverityInfo, "m")
	fromRoot := decode(&Result{Diagnostics: []diag.Diagnostic{d}, WorkDir: "/repo", SourceRoot: "/repo"})
	d.File = "a.lua"
	fromSub := decode(&Result{Diagnostics: []diag.Diagnostic{d}, WorkDir: "/repo/scripts", SourceRoot: "/repo"})
	for _, l := range []log{fromRoot, fromSub} {
		res := l.Runs[0].Results[0]
		loc := res.Locations[0].PhysicalLocation.ArtifactLocation
		if loc.URI != "scripts/a.lua" || loc.URIBaseID != "%SRCROOT%" {
			t.Errorf("artifact = %+v, want scripts/a.lua under %%SRCROOT%%", loc)
		}
		if base := l.Runs[0].OriginalURIBaseIDs["%SRCROOT%"].URI; base != "file:///repo/" {
			t.Errorf("%%SRCROOT%% = %q, want file:///repo/", base)
		}
	}
	if a, b := fromRoot.Runs[0].Results[0].PartialFingerprints, fromSub.Runs[0].Results[0].PartialFingerprints; a["primaryLocationLineHash"] != b["primaryLocationLineHash"] {
		t.Errorf("fingerprint depends on the working directory: %v vs %v", a, b)
	}
}
