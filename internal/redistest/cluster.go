package redistest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Cluster starts a private one-node Redis Cluster (cluster-enabled, every
// slot assigned to it) and returns a connection to it. One node is enough to
// observe what a script does across slots: a `#!lua` script that touches a
// key of another slot than its declared keys fails there, and EVAL with keys
// of two slots answers CROSSSLOT (facts D14, D15).
//
// It runs where the proofs run: skipped when LINT_LUA_REDIS_ADDR is unset
// (and not CI), failed when redis-server cannot be started.
func Cluster(t testing.TB) *Conn {
	t.Helper()
	if Addr() == "" && !inCI() {
		t.Skipf("%s is not set; the cluster proofs run with the other Redis proofs (bash .ci/run)", EnvAddr)
	}
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatalf("redis-server is not on PATH: %v", err)
	}
	// A node listens on its port and on port+10000 (the cluster bus); a
	// free port whose bus port is taken, or one another process takes
	// between the check and the start, fails the start: try again.
	var c *Conn
	var log []byte
	for attempt := 0; attempt < 5 && c == nil; attempt++ {
		port, ok := freePortPair()
		if !ok {
			continue
		}
		dir := t.TempDir()
		cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
			"--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(dir, "nodes.conf"), "--dir", dir,
			"--logfile", filepath.Join(dir, "redis.log"))
		if err := cmd.Start(); err != nil {
			t.Fatalf("start redis-server: %v", err)
		}
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		for i := 0; i < 200 && c == nil; i++ {
			select {
			case <-exited:
				i = 200
			default:
				if c, err = Dial(addr); err != nil {
					c = nil
					time.Sleep(50 * time.Millisecond)
				}
			}
		}
		if c == nil {
			cmd.Process.Kill()
			<-exited
			log, _ = os.ReadFile(filepath.Join(dir, "redis.log"))
			continue
		}
		t.Cleanup(func() {
			cmd.Process.Kill()
			<-exited
		})
	}
	if c == nil {
		t.Fatalf("cluster node did not start in 5 attempts: %v\n%s", err, log)
	}
	t.Cleanup(func() { c.Close() })
	if r := c.MustDo(t, "CLUSTER", "ADDSLOTSRANGE", "0", "16383"); r.Kind != Status {
		t.Fatalf("CLUSTER ADDSLOTSRANGE: %s", r)
	}
	for i := 0; i < 200; i++ {
		r := c.MustDo(t, "CLUSTER", "INFO")
		if strings.Contains(r.Str, "cluster_state:ok") {
			return c
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("cluster state never became ok")
	return nil
}

// freePortPair returns a port that is free on 127.0.0.1 and whose cluster
// bus port (port+10000) is free too.
func freePortPair() (int, bool) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, false
	}
	port := l.Addr().(*net.TCPAddr).Port
	defer l.Close()
	if port+10000 > 65535 {
		return 0, false
	}
	bus, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port+10000))
	if err != nil {
		return 0, false
	}
	bus.Close()
	return port, true
}
