package prove

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// Server is a Runner on a redis-server: one attempt at a time, each on the
// emptied database the run owns.
type Server struct {
	mu     sync.Mutex
	client *redis.Client
	name   string
	cmd    *exec.Cmd
	dir    string
	valkey bool
	// mr is the embedded server (Embedded), nil otherwise.
	mr *miniredis.Miniredis
	// runLimit bounds one run; zero is evalTimeout (the tests shorten it).
	runLimit time.Duration
}

// evalTimeout bounds one run; a script still running then is killed
// (SCRIPT KILL), and the search stops when it cannot be.
const evalTimeout = 3 * time.Second

// ErrNoServer is Local's answer on a machine with no redis-server.
var ErrNoServer = errors.New("--prove=local needs redis-server on PATH (or --prove=embedded, or name a server: --prove=HOST:PORT[/DB])")

// Local starts a private redis-server from PATH on a free loopback port,
// with no persistence; Close stops it.
func Local() (*Server, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, ErrNoServer
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("finding a free port: %w", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir, err := os.MkdirTemp("", "lint-lua-prove-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--dir", dir,
		"--save", "", "--appendonly", "no", "--lua-time-limit", "500")
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	s := &Server{cmd: cmd, dir: dir}
	s.client = redis.NewClient(&redis.Options{Addr: "127.0.0.1:" + strconv.Itoa(port), ReadTimeout: evalTimeout + 2*time.Second, ContextTimeoutEnabled: true, MaxRetries: -1})
	var ping error
	for range 100 {
		if ping = s.client.Ping(context.Background()).Err(); ping == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if ping != nil {
		s.Close()
		return nil, fmt.Errorf("redis-server on port %d did not answer: %w", port, ping)
	}
	return s, s.identify()
}

// Embedded starts miniredis in the process: a Redis-compatible server that
// runs scripts on gopher-lua, so that --prove works on a machine with no
// redis-server. It is not Redis: its error texts and sandbox differ
// (docs/prove.md), and its proofs say so (Name).
func Embedded() (*Server, error) {
	m, err := miniredis.Run()
	if err != nil {
		return nil, fmt.Errorf("starting the embedded server: %w", err)
	}
	s := &Server{mr: m, name: "miniredis v2.40.0 (embedded, not Redis)"}
	s.client = redis.NewClient(&redis.Options{Addr: m.Addr(), ReadTimeout: evalTimeout + 2*time.Second, ContextTimeoutEnabled: true, MaxRetries: -1})
	return s, nil
}

// Dial uses the server at addr (HOST:PORT, or HOST:PORT/DB for another
// database than 0), only when that database is empty: a run never writes
// where data lives.
func Dial(addr string) (*Server, error) {
	db := 0
	if i := strings.LastIndex(addr, "/"); i >= 0 {
		n, err := strconv.Atoi(addr[i+1:])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("--prove=%s: the database after / is not a number", addr)
		}
		addr, db = addr[:i], n
	}
	s := &Server{client: redis.NewClient(&redis.Options{Addr: addr, DB: db, ReadTimeout: evalTimeout + 2*time.Second, ContextTimeoutEnabled: true, MaxRetries: -1})}
	ctx := context.Background()
	n, err := s.client.DBSize(ctx).Result()
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("--prove=%s: %w", addr, err)
	}
	if n != 0 {
		s.Close()
		return nil, fmt.Errorf("--prove=%s: database %d holds %d keys; lint-lua runs scripts only on an empty database (name another: %s/N)", addr, db, n, addr)
	}
	return s, s.identify()
}

func (s *Server) identify() error {
	info, err := s.client.Info(context.Background(), "server").Result()
	if err != nil {
		return fmt.Errorf("INFO server: %w", err)
	}
	name, version := "redis-server", ""
	for _, l := range strings.Split(info, "\n") {
		l = strings.TrimSpace(l)
		if v, ok := strings.CutPrefix(l, "redis_version:"); ok && version == "" {
			version = v
		}
		if v, ok := strings.CutPrefix(l, "valkey_version:"); ok {
			name, version = "valkey-server", v
		}
	}
	s.valkey = name == "valkey-server"
	s.name = name + " " + version
	return nil
}

// Valkey says the server is Valkey's, not Redis's.
func (s *Server) Valkey() bool { return s.valkey }

// Private says Local or Embedded started the server: the whole server is
// the run's.
func (s *Server) Private() bool { return s.cmd != nil || s.mr != nil }

// empty empties what a run may have written: the whole private server,
// or the named server's one database.
func (s *Server) empty(ctx context.Context) error {
	if s.Private() {
		return s.client.FlushAll(ctx).Err()
	}
	return s.client.FlushDB(ctx).Err()
}

// Name is the server's name and version.
func (s *Server) Name() string { return s.name }

// Attempt empties the database, runs setup, then EVAL; it leaves the
// database empty.
func (s *Server) Attempt(setup [][]string, src string, keys, args []string) (string, error) {
	msg, _, err := s.run(setup, func(ctx context.Context, av []any) (any, error) { return s.client.Eval(ctx, src, keys, av...).Result() }, args, nil)
	return msg, err
}

// Trace is Attempt that returns the list traceKey as the run left it.
func (s *Server) Trace(setup [][]string, src string, keys, args []string) (string, []string, error) {
	var trace []string
	msg, _, err := s.run(setup, func(ctx context.Context, av []any) (any, error) { return s.client.Eval(ctx, src, keys, av...).Result() }, args,
		func(ctx context.Context) error {
			var err error
			trace, err = s.client.LRange(ctx, traceKey, 0, 999).Result()
			var rerr redis.Error
			if errors.As(err, &rerr) {
				// The script made it another type: no trace.
				return nil
			}
			return err
		})
	return msg, trace, err
}

// Call is Attempt with FCALL of fn, a function of the library loaded.
func (s *Server) Call(setup [][]string, fn string, keys, args []string) (string, error) {
	msg, _, err := s.run(setup, func(ctx context.Context, av []any) (any, error) { return s.client.FCall(ctx, fn, keys, av...).Result() }, args, nil)
	return msg, err
}

// Reply is Attempt that returns what the script replied, as redis-cli
// shows it: a value, or "(error) ...".
func (s *Server) Reply(setup [][]string, src string, keys, args []string) (string, error) {
	msg, reply, err := s.run(setup, func(ctx context.Context, av []any) (any, error) { return s.client.Eval(ctx, src, keys, av...).Result() }, args, nil)
	if msg != "" {
		return "(error) " + trimScript(msg), err
	}
	return reply, err
}

// show is a reply as redis-cli shows it, on one line.
func show(v any) string {
	switch v := v.(type) {
	case nil:
		return "(nil)"
	case int64:
		return "(integer) " + strconv.FormatInt(v, 10)
	case string:
		return strconv.Quote(v)
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = show(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprintf("%v", v)
}

// Load replaces the private server's libraries with src (FUNCTION FLUSH,
// FUNCTION LOAD); the server's refusal is returned as text.
func (s *Server) Load(src string) (string, error) {
	if !s.Private() {
		return "", errors.New("a library is loaded only on a private server")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx := context.Background()
	if err := s.client.FunctionFlush(ctx).Err(); err != nil {
		var rerr redis.Error
		if errors.As(err, &rerr) {
			// A server without Functions (the embedded one).
			return err.Error(), nil
		}
		return "", fmt.Errorf("FUNCTION FLUSH: %w", err)
	}
	err := s.client.FunctionLoad(ctx, src).Err()
	var rerr redis.Error
	if errors.As(err, &rerr) {
		return err.Error(), nil
	}
	return "", err
}

// run empties the database, runs setup, then call, then after (when set)
// on what the call left; it leaves the database empty.
func (s *Server) run(setup [][]string, call func(ctx context.Context, args []any) (any, error), args []string, after func(context.Context) error) (msg, reply string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx := context.Background()
	if err := s.empty(ctx); err != nil {
		return "", "", fmt.Errorf("emptying the database: %w", err)
	}
	defer s.empty(ctx)
	for _, c := range setup {
		as := make([]any, len(c))
		for i, a := range c {
			as[i] = a
		}
		if err := s.client.Do(ctx, as...).Err(); err != nil {
			return "", "", fmt.Errorf("%s: %w", c[0], err)
		}
	}
	av := make([]any, len(args))
	for i, a := range args {
		av[i] = a
	}
	limit := s.runLimit
	if limit == 0 {
		limit = evalTimeout
	}
	tctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	v, err := call(tctx, av)
	if after != nil && !errors.Is(err, context.DeadlineExceeded) && !isTimeout(err) {
		if aerr := after(ctx); aerr != nil {
			return "", "", aerr
		}
	}
	var rerr redis.Error
	switch {
	case err == nil:
		return "", show(v), nil
	case errors.Is(err, redis.Nil):
		return "", show(nil), nil
	case errors.As(err, &rerr):
		return err.Error(), "", nil
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		// A script that runs on: kill it, or give up on this server.
		kill := redis.NewClient(&redis.Options{Addr: s.client.Options().Addr})
		defer kill.Close()
		kerr := kill.ScriptKill(ctx).Err()
		if kerr != nil && strings.Contains(kerr.Error(), "NOTBUSY") {
			kerr = kill.FunctionKill(ctx).Err()
		}
		if kerr != nil && !strings.Contains(kerr.Error(), "NOTBUSY") {
			return "", "", fmt.Errorf("a script ran past %s and could not be killed: %w", limit, kerr)
		}
		return "", "", ErrRanOn
	}
	return "", "", err
}

// isTimeout reports whether err is a network timeout: the client reads
// the reply with the run's deadline.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// ErrRanOn is a run that went on past evalTimeout and was killed: the
// search of that script stops there, so that a script that never ends
// costs one run, not the budget.
var ErrRanOn = fmt.Errorf("a run went on past %s and was killed", evalTimeout)

// Close closes the connection, and stops a server Local started.
func (s *Server) Close() error {
	if s.client != nil {
		if s.cmd != nil {
			s.client.ShutdownNoSave(context.Background())
		}
		s.client.Close()
	}
	if s.mr != nil {
		s.mr.Close()
	}
	if s.cmd != nil {
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			s.cmd.Process.Kill()
			<-done
		}
		os.RemoveAll(s.dir)
	}
	return nil
}
