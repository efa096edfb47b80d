package redistest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// go test ./... runs one test process per package, several at once, all
// against the one server .ci/run started. Client begins with FLUSHALL,
// SCRIPT FLUSH and FUNCTION FLUSH, so without a lock a test in one package
// would wipe the keys and libraries of a test running in another, and the
// proofs would fail at random. A top-level test therefore holds the server
// from its first Client call until its cleanup: inside a process through mu,
// across processes through a file lock named after the address.
var (
	mu     sync.Mutex
	freed  = sync.NewCond(&mu)
	owner  string // top-level test holding the server
	refs   int    // Client calls of owner not yet cleaned up
	unlock func() // releases the file lock
)

// lockWait bounds the wait for other processes. They hold the server one
// test at a time, so a long wait means a stuck test; 5 minutes stays under
// go test's default 10-minute timeout, so the failure names the cause.
const lockWait = 5 * time.Minute

// acquire makes the top-level test of t the owner of the server at addr, or
// waits for the current owner to finish. A test and its subtests share one
// ownership, so a subtest calling Client does not wait for its parent.
// On success it registers the release at t.Cleanup.
func acquire(t testing.TB, addr string) error {
	root, _, _ := strings.Cut(t.Name(), "/")
	mu.Lock()
	defer mu.Unlock()
	for refs > 0 && owner != root {
		freed.Wait()
	}
	if refs == 0 {
		u, err := lockFile(lockPath(addr), lockWait)
		if err != nil {
			return err
		}
		owner, unlock = root, u
	}
	refs++
	t.Cleanup(release)
	return nil
}

func release() {
	mu.Lock()
	defer mu.Unlock()
	refs--
	if refs == 0 {
		unlock()
		owner, unlock = "", nil
		freed.Broadcast()
	}
}

// lockPath is per user and per address: tests against different servers
// need not wait for each other.
func lockPath(addr string) string {
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, addr)
	return filepath.Join(os.TempDir(), fmt.Sprintf("lint-lua-redistest-%d-%s.lock", os.Getuid(), safe))
}
