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
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir := t.TempDir()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(dir, "nodes.conf"), "--dir", dir,
		"--logfile", filepath.Join(dir, "redis.log"))
	if err := cmd.Start(); err != nil {
		t.Fatalf("start redis-server: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	var c *Conn
	for i := 0; i < 100; i++ {
		if c, err = Dial(addr); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "redis.log"))
		t.Fatalf("cluster node did not start: %v\n%s", err, log)
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
