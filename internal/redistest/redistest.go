// Package redistest connects tests to a real redis-server, so that what a
// rule says about Redis is proven by running it, not recalled.
//
// The address comes from LINT_LUA_REDIS_ADDR, which .ci/run sets after
// starting its own server. Without it the proofs skip (a developer without
// Redis can still run go test ./...); with it set they must reach the server,
// and in CI they never skip, because a green run whose proofs all skipped
// proves nothing.
//
// The client speaks RESP2 only, the protocol EVAL uses by default and the one
// ../shared/redis-facts.md was observed with: nil replies come back as Nil and
// Lua tables as arrays, exactly as a client of the linted scripts sees them.
package redistest

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"testing"
	"time"
)

// EnvAddr names the variable holding the server's host:port.
const EnvAddr = "LINT_LUA_REDIS_ADDR"

// Timeout bounds every dial, and every command from write to reply, so a hung
// server fails one test instead of hanging the run until go test's 10-minute
// timeout. 10 s is far above anything a test script should take.
const Timeout = 10 * time.Second

// Addr returns LINT_LUA_REDIS_ADDR, or "" when it is unset.
func Addr() string { return os.Getenv(EnvAddr) }

// Client returns a connection to a freshly emptied server: FLUSHALL, SCRIPT
// FLUSH and FUNCTION FLUSH have run, so no key, cached script or library is
// left by an earlier test. The connection is closed at t.Cleanup.
//
// Client skips the test when LINT_LUA_REDIS_ADDR is unset, unless CI is set
// (then it fails: the proofs must run in CI). It fails the test when the
// address is set but the server cannot be reached or reset.
//
// The top-level test that calls Client owns the server until its cleanup:
// Client calls from other tests, parallel tests or other packages' test
// processes wait for it, because their FLUSHALL would wipe its keys. A test
// and its subtests may call Client again; each call starts from an empty
// server. Do not call Client from parallel subtests of one test.
func Client(t testing.TB) *Conn {
	t.Helper()
	addr := Addr()
	if addr == "" {
		if inCI() {
			t.Fatalf("%s is not set, but CI is: the Redis proofs must run in CI (bash .ci/run starts a server and sets it)", EnvAddr)
		}
		t.Skipf("%s is not set; start redis-server and set it to host:port to run this proof (bash .ci/run does both)", EnvAddr)
	}
	c, err := Dial(addr)
	if err != nil {
		t.Fatalf("%s is set but the server is unreachable: %v", EnvAddr, err)
	}
	if err := acquire(t, addr); err != nil {
		c.Close()
		t.Fatalf("wait for redis at %s: %v", addr, err)
	}
	// Cleanups run last-in first-out: the connection closes before the
	// server is handed to the next test.
	t.Cleanup(func() { c.Close() })
	for _, cmd := range [][]string{{"FLUSHALL"}, {"SCRIPT", "FLUSH"}, {"FUNCTION", "FLUSH"}} {
		r := c.MustDo(t, cmd...)
		if r.Kind != Status {
			t.Fatalf("reset redis at %s: %s: %s (redis-server 7.0 or later is needed)", addr, cmd, r)
		}
	}
	return c
}

// inCI reports whether CI is set to a true value, as CI services do.
func inCI() bool {
	ci, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && ci
}

// Conn is one connection to the server. It is not safe for concurrent use.
type Conn struct {
	nc      net.Conn
	r       *bufio.Reader
	w       *bufio.Writer
	timeout time.Duration
	// err is the first I/O or protocol failure. After one, the position in
	// the reply stream is unknown, so every later command fails with it.
	err error
}

// Dial connects to addr without resetting anything; most tests want Client.
func Dial(addr string) (*Conn, error) {
	nc, err := net.DialTimeout("tcp", addr, Timeout)
	if err != nil {
		return nil, fmt.Errorf("dial redis %s: %w", addr, err)
	}
	return newConn(nc), nil
}

func newConn(nc net.Conn) *Conn {
	return &Conn{nc: nc, r: bufio.NewReader(nc), w: bufio.NewWriter(nc), timeout: Timeout}
}

// Close closes the connection.
func (c *Conn) Close() error {
	if c.err == nil {
		c.err = errors.New("connection closed")
	}
	return c.nc.Close()
}

// Do sends one command and reads its reply. The error is only for I/O and
// protocol failures: an error reply from Redis is a Reply of Kind Error.
func (c *Conn) Do(args ...string) (Reply, error) {
	if len(args) == 0 {
		return Reply{}, errors.New("redis: Do needs a command name")
	}
	if c.err != nil {
		return Reply{}, fmt.Errorf("redis %s: connection unusable: %w", args[0], c.err)
	}
	if err := c.nc.SetDeadline(time.Now().Add(c.timeout)); err != nil {
		c.err = err
		return Reply{}, fmt.Errorf("redis %s: set deadline: %w", args[0], err)
	}
	if err := writeCommand(c.w, args); err != nil {
		c.err = err
		return Reply{}, fmt.Errorf("redis %s: send: %w", args[0], err)
	}
	r, err := readReply(c.r)
	if err != nil {
		c.err = err
		return Reply{}, fmt.Errorf("redis %s: %w", args[0], err)
	}
	return r, nil
}

// Eval runs EVAL script with keys as KEYS and args as ARGV.
func (c *Conn) Eval(script string, keys []string, args ...string) (Reply, error) {
	cmd := make([]string, 0, 3+len(keys)+len(args))
	cmd = append(cmd, "EVAL", script, strconv.Itoa(len(keys)))
	cmd = append(cmd, keys...)
	cmd = append(cmd, args...)
	return c.Do(cmd...)
}

// MustDo is Do that fails the test on an I/O or protocol error. A Redis
// error reply is returned, not fatal: proving errors is what tests do here.
func (c *Conn) MustDo(t testing.TB, args ...string) Reply {
	t.Helper()
	r, err := c.Do(args...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return r
}

// SetConfig sets the server's setting name to value for the rest of the
// test (CONFIG SET), and puts its value back when the test ends, over a
// connection of its own, since c may be closed or busy by then.
func (c *Conn) SetConfig(t testing.TB, name, value string) {
	t.Helper()
	old := c.MustDo(t, "CONFIG", "GET", name)
	if len(old.Array) != 2 {
		t.Fatalf("CONFIG GET %s gave %s", name, old)
	}
	t.Cleanup(func() {
		if conn, err := Dial(Addr()); err == nil {
			conn.Do("CONFIG", "SET", name, old.Array[1].Str)
			conn.Close()
		}
	})
	if r := c.MustDo(t, "CONFIG", "SET", name, value); r.Kind != Status {
		t.Fatalf("CONFIG SET %s %s gave %s", name, value, r)
	}
}

// MustEval is Eval that fails the test on an I/O or protocol error.
func (c *Conn) MustEval(t testing.TB, script string, keys []string, args ...string) Reply {
	t.Helper()
	r, err := c.Eval(script, keys, args...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return r
}
