package version

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/slowtest"
)

func TestString(t *testing.T) {
	t.Parallel()
	rev := "ea7c6f4f1b0e2a4d5c6b7a8f9e0d1c2b3a4f5e6d"
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}
	dirty := []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}
	for _, tc := range []struct {
		name        string
		linked, rev string
		bi          *debug.BuildInfo
		want        string
	}{
		{"no build info", "", "", nil, "dev"},
		{"go build outside a repository", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
		{"go install @tag", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{"a clone", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261207205226-ea7c6f4f1b0e"}, Settings: vcs},
			"v0.0.0-20261207205226-ea7c6f4f1b0e (revision " + rev + ")"},
		{"a clone with changes", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: dirty},
			"dev (revision " + rev + ", modified)"},
		{"the release script", "v1.3.0", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, "v1.3.0 (revision " + rev + ")"},
		{"the release script in a worktree", "v1.3.0-2-gea7c6f4", rev, &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "v1.3.0-2-gea7c6f4 (revision " + rev + ")"},
	} {
		if got := fromBuildInfo(tc.linked, tc.rev, tc.bi).String(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestBuiltVersion builds lint-lua and lint-lua-vet in this repository
// and checks that --version prints the commit checked out. -buildvcs=true
// because a GOFLAGS of -buildvcs=false (as on this project's machines)
// leaves the revision out.
func TestBuiltVersion(t *testing.T) {
	slowtest.Gate(t, "builds lint-lua and lint-lua-vet")
	t.Parallel()
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(strings.TrimSpace(string(top)), ".git")); err != nil || !fi.IsDir() {
		t.Skip("a git worktree (.git is a file): the go command stamps no revision there")
	}
	dir := t.TempDir()
	for _, cmd := range []string{"lint-lua", "lint-lua-vet"} {
		bin := filepath.Join(dir, cmd)
		if out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, "../../cmd/"+cmd).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", cmd, err, out)
		}
		out, err := exec.Command(bin, "--version").Output()
		if err != nil {
			t.Fatalf("%s --version: %v", cmd, err)
		}
		if want := "(revision " + strings.TrimSpace(string(head)); !strings.HasPrefix(string(out), cmd+" ") || !strings.Contains(string(out), want) {
			t.Errorf("%s --version = %q, want %q and %q", cmd, out, cmd+" ", want)
		}
	}
}
