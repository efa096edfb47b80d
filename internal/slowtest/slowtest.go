// Package slowtest gates the tests that cost most of a full run: the
// end-to-end ones that start the go command (go list, go vet, go build) or
// an external tool once per case, and the ones that repeat every input
// many times. go test ./... skips them, so that the suite a contributor
// runs after every change stays fast; they run when LINT_LUA_SLOW_TESTS=1
// is set, or CI is (as CI services set it), and bash .ci/run sets the
// former: CI runs every test. -short skips them in any case.
package slowtest

import (
	"os"
	"strconv"
	"testing"
)

// Env names the variable that turns the slow tests on.
const Env = "LINT_LUA_SLOW_TESTS"

// On reports whether the slow tests run: not under -short, and with
// LINT_LUA_SLOW_TESTS or CI set to a true value.
func On() bool {
	return !testing.Short() && (isTrue(os.Getenv(Env)) || isTrue(os.Getenv("CI")))
}

// Gate skips t unless the slow tests are on; why says what makes it slow.
func Gate(t testing.TB, why string) {
	t.Helper()
	if !On() {
		t.Skipf("%s: set %s=1 to run it (bash .ci/run does)", why, Env)
	}
}

func isTrue(s string) bool {
	b, err := strconv.ParseBool(s)
	return err == nil && b
}
