package cli

import (
	"os"
	"path/filepath"

	"github.com/lint-lua/lint-lua/internal/report"
)

// setRoots tells the formats where the run happened and where the
// repository starts, so SARIF and GitHub annotations name files from the
// repository root (as GitHub does) even when lint-lua runs in a
// subdirectory. The root is the nearest directory above wd holding .git (a
// directory, or a file in a worktree or submodule); outside a repository
// it is wd itself.
func setRoots(res *report.Result, wd string) {
	abs, err := filepath.Abs(wd)
	if err != nil {
		return
	}
	res.WorkDir, res.SourceRoot = abs, abs
	for dir := abs; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			res.SourceRoot = dir
			return
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return
		}
		dir = parent
	}
}
