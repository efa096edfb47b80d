package redistest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Cluster returns a connection to a private one-node Redis Cluster
// (cluster-enabled, every slot assigned to it), emptied. One node is enough
// to observe what a script does across slots: a `#!lua` script that touches
// a key of another slot than its declared keys fails there, and EVAL with
// keys of two slots answers CROSSSLOT (facts D14, D15).
//
// The node is started on the first call and shared by the test binary's
// later calls: a new node waits about two seconds before its cluster state
// is ok, which every cluster proof paid. A package that calls Cluster stops
// the node from its TestMain with StopCluster.
//
// It runs where the proofs run: skipped when LINT_LUA_REDIS_ADDR is unset
// (and not CI), failed when redis-server cannot be started.
func Cluster(t testing.TB) *Conn {
	t.Helper()
	if Addr() == "" && !inCI() {
		t.Skipf("%s is not set; the cluster proofs run with the other Redis proofs (bash .ci/run)", EnvAddr)
	}
	node.Lock()
	if !node.tried {
		node.tried = true
		node.err = node.start()
	}
	addr, err := node.addr, node.err
	node.Unlock()
	if err != nil {
		t.Fatalf("%v", err)
	}
	c, err := Dial(addr)
	if err != nil {
		t.Fatalf("cluster node %s: %v", addr, err)
	}
	t.Cleanup(func() { c.Close() })
	if r := c.MustDo(t, "FLUSHALL"); r.Kind != Status {
		t.Fatalf("FLUSHALL on the cluster node: %s", r)
	}
	return c
}

// node is the test binary's cluster node, started by the first Cluster.
var node clusterNode

type clusterNode struct {
	sync.Mutex
	tried  bool
	err    error
	addr   string
	cmd    *exec.Cmd
	exited chan struct{}
	dir    string
}

// StopCluster stops the cluster node, if Cluster started one, and removes
// its files. A package whose tests call Cluster calls it from TestMain
// after m.Run.
func StopCluster() {
	node.Lock()
	defer node.Unlock()
	if node.cmd != nil {
		node.cmd.Process.Kill()
		<-node.exited
		node.cmd = nil
	}
	if node.dir != "" {
		os.RemoveAll(node.dir)
		node.dir = ""
	}
}

// start starts the node and waits until its cluster state is ok; n is
// locked.
func (n *clusterNode) start() error {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return fmt.Errorf("redis-server is not on PATH: %v", err)
	}
	n.dir, err = os.MkdirTemp("", "lint-lua-cluster-")
	if err != nil {
		return err
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
		conf := filepath.Join(n.dir, fmt.Sprintf("nodes-%d.conf", attempt))
		logFile := filepath.Join(n.dir, fmt.Sprintf("redis-%d.log", attempt))
		cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
			"--cluster-enabled", "yes", "--cluster-config-file", conf, "--dir", n.dir, "--logfile", logFile)
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("start redis-server: %v", err)
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
			log, _ = os.ReadFile(logFile)
			continue
		}
		n.cmd, n.exited, n.addr = cmd, exited, addr
	}
	if c == nil {
		return fmt.Errorf("cluster node did not start in 5 attempts: %v\n%s", err, log)
	}
	defer c.Close()
	if r, err := c.Do("CLUSTER", "ADDSLOTSRANGE", "0", "16383"); err != nil || r.Kind != Status {
		return fmt.Errorf("CLUSTER ADDSLOTSRANGE: %s %v", r, err)
	}
	for i := 0; i < 200; i++ {
		r, err := c.Do("CLUSTER", "INFO")
		if err != nil {
			return fmt.Errorf("CLUSTER INFO: %v", err)
		}
		if strings.Contains(r.Str, "cluster_state:ok") {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("cluster state never became ok")
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
