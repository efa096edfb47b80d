//go:build lintlua_testhook

package diskfile

import (
	"fmt"
	"os"
	"time"
)

// Built only with -tags lintlua_testhook, by the tests that signal a real
// lint-lua binary while it holds a temporary file: with
// LINT_LUA_TEST_PAUSE_AFTER_TEMP set, Replace says where its temporary file
// is and waits a minute before renaming it.
func init() {
	if os.Getenv("LINT_LUA_TEST_PAUSE_AFTER_TEMP") != "" {
		afterTemp = func(tmp string) {
			fmt.Fprintln(os.Stderr, "lint-lua test hook: temp", tmp)
			time.Sleep(time.Minute)
		}
	}
}
