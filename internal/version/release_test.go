package version

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/slowtest"
)

// TestReleaseScript runs scripts/release.sh for this machine's platform
// and checks its archive: SHA256SUMS matches it, it holds lint-lua,
// lint-lua-vet and the README, and both binaries print the version and
// the commit the script linked in.
func TestReleaseScript(t *testing.T) {
	slowtest.Gate(t, "builds the release binaries")
	t.Parallel()
	for _, tool := range []string{"bash", "git", "tar", "gzip", "sha256sum"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	out := t.TempDir()
	cmd := exec.Command("bash", "../../scripts/release.sh", "--host", "--out", out, "v9.9.9-test")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, b)
	}
	name := "lint-lua_v9.9.9-test_" + runtime.GOOS + "_" + runtime.GOARCH
	data, err := os.ReadFile(filepath.Join(out, name+".tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if want := hex.EncodeToString(sum[:]) + "  " + name + ".tar.gz\n"; string(sums) != want {
		t.Errorf("SHA256SUMS = %q, want %q", sums, want)
	}

	bin := t.TempDir()
	var names []string
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		if h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bin, filepath.Base(h.Name)), b, os.FileMode(h.Mode)); err != nil {
			t.Fatal(err)
		}
	}
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	want := []string{name + "/", name + "/README.md", name + "/lint-lua" + exe, name + "/lint-lua-vet" + exe}
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("archive holds %q, want %q", names, want)
	}
	for _, c := range []string{"lint-lua", "lint-lua-vet"} {
		got, err := exec.Command(filepath.Join(bin, c+exe), "--version").Output()
		if err != nil {
			t.Fatalf("%s --version: %v", c, err)
		}
		if want := c + " v9.9.9-test (revision " + strings.TrimSpace(string(head)) + ")\n"; string(got) != want {
			t.Errorf("%s --version = %q, want %q", c, got, want)
		}
	}
}
