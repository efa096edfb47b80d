package source

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/driver"
)

// TestHeld checks that a text an editor holds is linted in place of the
// file on disk, that a held path not yet saved is found, that a held text
// past the limit is refused naming the file, and that Assembled reads the
// held text too.
func TestHeld(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	onDisk := filepath.Join(dir, "a.lua")
	if err := os.WriteFile(onDisk, []byte("return redis.call('GET', KEYS[1])\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	held := map[string]string{
		onDisk:                        "x = 1\nreturn redis.call('GET', KEYS[1])\n",
		filepath.Join(dir, "new.lua"): "y = 2\n",
		filepath.Join(dir, "big.lua"): strings.Repeat("-- padding\n", 200),
	}
	for _, name := range []string{"a.lua", "new.lua", "big.lua"} {
		for _, assembled := range []bool{false, true} {
			f := files(dir, name)
			f.Limit = 1000
			f.Held = func(p string) ([]byte, bool) {
				s, ok := held[p]
				return []byte(s), ok
			}
			var src driver.Source = f
			if assembled {
				src = &Assembled{Files: f, Jobs: 1}
			}
			got, errOut, _ := lintWith(t, src, 1)
			switch name {
			case "a.lua", "new.lua":
				if len(got) != 1 || !strings.Contains(got[0], "global") || errOut != "" {
					t.Errorf("%s (assembled %v): findings %q, errors %q; want the held text's global", name, assembled, got, errOut)
				}
			case "big.lua":
				if !strings.Contains(errOut, "big.lua: larger than") {
					t.Errorf("%s (assembled %v): errors %q, want the size limit", name, assembled, errOut)
				}
			}
		}
	}
}
