package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestRunErrors: a run that could not lint a file says so in the formats
// that carry a run's status (issue 16, and issue 19's fatal path error):
// JSON lists the errors, SARIF marks the invocation failed with a
// notification per error, and the text format prints no "no problems in 0
// files" when nothing was linted. A run without errors writes neither.
func TestRunErrors(t *testing.T) {
	r := &Result{Errors: []RunError{{File: "missing.lua", Message: "no such file or directory"}, {Message: "a.lua:2:5: include cycle"}}}
	format := func(name string, r *Result) string {
		f, err := New(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := f.Format(&b, r); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}

	var js struct {
		Files  int
		Errors []struct{ File, Message string }
	}
	if err := json.Unmarshal([]byte(format("json", r)), &js); err != nil || len(js.Errors) != 2 ||
		js.Errors[0].File != "missing.lua" || js.Errors[0].Message != "no such file or directory" || js.Errors[1].File != "" {
		t.Errorf("json errors: %+v %v", js, err)
	}
	if out := format("json", &Result{}); strings.Contains(out, "errors") {
		t.Errorf("json without errors:\n%s", out)
	}

	var sarif struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful        *bool
				ToolExecutionNotifications []struct {
					Level     string
					Message   struct{ Text string }
					Locations []struct {
						PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
					}
				}
			}
		}
	}
	out := format("sarif", r)
	if err := json.Unmarshal([]byte(out), &sarif); err != nil {
		t.Fatal(err)
	}
	inv := sarif.Runs[0].Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful == nil || *inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 2 {
		t.Fatalf("sarif invocations: %s", out)
	}
	n := inv[0].ToolExecutionNotifications
	if n[0].Level != "error" || n[0].Message.Text != "no such file or directory" || n[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "missing.lua" || len(n[1].Locations) != 0 {
		t.Errorf("sarif notifications: %+v", n)
	}
	if out := format("sarif", &Result{}); strings.Contains(out, "invocations") {
		t.Errorf("sarif without errors:\n%s", out)
	}

	if out := format("text", r); out != "" {
		t.Errorf("text with nothing linted: %q", out)
	}
	r.Files = 2
	if out := format("text", r); out != "no problems in 2 files\n" {
		t.Errorf("text with files linted: %q", out)
	}
}
