package redistest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

func integer(n int64) Reply  { return Reply{Kind: Integer, Int: n} }
func bulk(s string) Reply    { return Reply{Kind: Bulk, Str: s} }
func array(e ...Reply) Reply { return Reply{Kind: Array, Array: append([]Reply{}, e...)} }

var nilReply = Reply{Kind: Nil, Nil: true}

func TestReadReply(t *testing.T) {
	tests := []struct {
		name, in string
		want     Reply
		text     string
	}{
		{"status", "+OK\r\n", Reply{Kind: Status, Str: "OK"}, "OK"},
		{"error", "-ERR boom\r\n", Reply{Kind: Error, Str: "ERR boom"}, "(error) ERR boom"},
		{"integer", ":1\r\n", integer(1), "(integer) 1"},
		{"negative integer", ":-9223372036854775808\r\n", integer(-9223372036854775808), "(integer) -9223372036854775808"},
		{"bulk", "$3\r\nabc\r\n", bulk("abc"), `"abc"`},
		{"bulk with CRLF inside", "$4\r\na\r\nb\r\n", bulk("a\r\nb"), `"a\r\nb"`},
		{"empty bulk", "$0\r\n\r\n", bulk(""), `""`},
		{"binary bulk", "$4\r\n\"\\\xff\x00\r\n", bulk("\"\\\xff\x00"), `"\"\\\xff\x00"`},
		{"nil bulk", "$-1\r\n", nilReply, "(nil)"},
		{"nil array", "*-1\r\n", nilReply, "(nil)"},
		{"empty array", "*0\r\n", array(), "(empty array)"},
		{"array", "*3\r\n:1\r\n$1\r\na\r\n$-1\r\n", array(integer(1), bulk("a"), nilReply),
			"1) (integer) 1\n2) \"a\"\n3) (nil)"},
		{"nested array", "*3\r\n:1\r\n*2\r\n:2\r\n*1\r\n$1\r\nx\r\n*0\r\n",
			array(integer(1), array(integer(2), array(bulk("x"))), array()),
			"1) (integer) 1\n2) 1) (integer) 2\n   2) 1) \"x\"\n3) (empty array)"},
		{"status and error in array", "*2\r\n+OK\r\n-ERR no\r\n",
			array(Reply{Kind: Status, Str: "OK"}, Reply{Kind: Error, Str: "ERR no"}),
			"1) OK\n2) (error) ERR no"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := bufio.NewReader(strings.NewReader(tt.in + "+NEXT\r\n"))
			got, err := readReply(r)
			if err != nil {
				t.Fatalf("readReply(%q): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("readReply(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
			if s := got.String(); s != tt.text {
				t.Errorf("String() = %q, want %q", s, tt.text)
			}
			// The reply must be consumed exactly: the next one follows.
			if next, err := readReply(r); err != nil || next.Str != "NEXT" {
				t.Errorf("reply after %q = %v, %v; want NEXT", tt.in, next, err)
			}
		})
	}
}

func TestReadReplyRejectsBadInput(t *testing.T) {
	tests := []struct {
		in      string
		wantErr error
	}{
		{"", io.EOF},
		{"+OK", io.ErrUnexpectedEOF},
		{"+OK\n", errProtocol},
		{"\r\n", errProtocol},
		{":1.5\r\n", errProtocol},
		{":\r\n", errProtocol},
		{"$-2\r\n", errProtocol},
		{"$x\r\n", errProtocol},
		{"$3\r\nab", io.ErrUnexpectedEOF},
		{"$3\r\nabcd\r\n", errProtocol},
		{"$999999999999\r\n", errProtocol},
		{"*2\r\n:1\r\n", io.EOF},
		{"*-5\r\n", errProtocol},
		{"_\r\n", errProtocol},    // RESP3 null
		{"%1\r\n", errProtocol},   // RESP3 map
		{",1.5\r\n", errProtocol}, // RESP3 double
	}
	for _, tt := range tests {
		got, err := readReply(bufio.NewReader(strings.NewReader(tt.in)))
		if !errors.Is(err, tt.wantErr) {
			t.Errorf("readReply(%q) = %v, %v; want error %v", tt.in, got, err, tt.wantErr)
		}
	}
}

func TestStringWideArrayAlignsIndexes(t *testing.T) {
	var elems []Reply
	for i := range 10 {
		elems = append(elems, integer(int64(i)))
	}
	elems[9] = array(bulk("a"), bulk("b"))
	got := array(elems...).String()
	lines := strings.Split(got, "\n")
	if lines[0] != " 1) (integer) 0" || lines[9] != `10) 1) "a"` || lines[10] != `    2) "b"` {
		t.Errorf("String() =\n%s\nwant redis-cli alignment (` 1) ...`, `10) 1) \"a\"`, `    2) \"b\"`)", got)
	}
}

func TestWriteCommand(t *testing.T) {
	var buf bytes.Buffer
	if err := writeCommand(bufio.NewWriter(&buf), []string{"SET", "k", "a b\r\n", ""}); err != nil {
		t.Fatal(err)
	}
	want := "*4\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\na b\r\n\r\n$0\r\n\r\n"
	if buf.String() != want {
		t.Errorf("writeCommand wrote %q, want %q", buf.String(), want)
	}
}

// fakeServer answers every command on a pipe with reply; an empty reply
// means it reads the command and never answers, like a hung server.
func fakeServer(t *testing.T, reply string) *Conn {
	client, server := net.Pipe()
	t.Cleanup(func() { client.Close(); server.Close() })
	go func() {
		buf := make([]byte, 4096)
		for {
			if _, err := server.Read(buf); err != nil {
				return
			}
			if reply != "" {
				if _, err := server.Write([]byte(reply)); err != nil {
					return
				}
			}
		}
	}()
	return newConn(client)
}

func TestDoOverPipe(t *testing.T) {
	c := fakeServer(t, "*2\r\n$1\r\nk\r\n:7\r\n")
	got, err := c.Eval("return 1", []string{"k"}, "a")
	if err != nil {
		t.Fatal(err)
	}
	if want := array(bulk("k"), integer(7)); !reflect.DeepEqual(got, want) {
		t.Errorf("Eval = %v, want %v", got, want)
	}
}

func TestDoTimesOutOnHungServer(t *testing.T) {
	c := fakeServer(t, "")
	c.timeout = 50 * time.Millisecond
	start := time.Now()
	_, err := c.Do("PING")
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("Do on a hung server = %v, want a timeout error", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Do took %v to time out", d)
	}
	// The stream position is lost: the connection must stay failed.
	if _, err := c.Do("PING"); err == nil || !strings.Contains(err.Error(), "unusable") {
		t.Errorf("Do after a timeout = %v, want the connection reported unusable", err)
	}
}

// stopTest is what the recorder panics with to end Client early, standing in
// for the runtime.Goexit of a real Fatalf or Skipf.
type stopTest struct{}

// recorder captures Client's Fatalf and Skipf; everything else goes to the
// real test.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	panic(stopTest{})
}
func (r *recorder) Skipf(format string, args ...any) {
	r.skip = fmt.Sprintf(format, args...)
	panic(stopTest{})
}

func callClient(t *testing.T) *recorder {
	rec := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != (stopTest{}) {
				panic(p)
			}
		}()
		Client(rec)
	}()
	return rec
}

func TestClientWithoutServer(t *testing.T) {
	t.Run("unset skips", func(t *testing.T) {
		t.Setenv(EnvAddr, "")
		t.Setenv("CI", "")
		if rec := callClient(t); rec.skip == "" || rec.fatal != "" {
			t.Errorf("Client with %s unset: skip %q, fatal %q; want a skip", EnvAddr, rec.skip, rec.fatal)
		}
	})
	t.Run("unset in CI fails", func(t *testing.T) {
		t.Setenv(EnvAddr, "")
		t.Setenv("CI", "true")
		if rec := callClient(t); rec.fatal == "" || rec.skip != "" {
			t.Errorf("Client with %s unset and CI=true: skip %q, fatal %q; want a failure", EnvAddr, rec.skip, rec.fatal)
		}
	})
	t.Run("unreachable fails", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close() // nothing listens there now
		t.Setenv(EnvAddr, addr)
		t.Setenv("CI", "")
		rec := callClient(t)
		if rec.skip != "" || !strings.Contains(rec.fatal, "unreachable") {
			t.Errorf("Client with an unreachable %s: skip %q, fatal %q; want a failure", EnvAddr, rec.skip, rec.fatal)
		}
	})
}

// The tests below run on the real server named by LINT_LUA_REDIS_ADDR.

func TestServerInteger(t *testing.T) {
	c := Client(t)
	got := c.MustEval(t, "return 1", nil)
	if got.Kind != Integer || got.Int != 1 || got.String() != "(integer) 1" {
		t.Errorf("return 1 = %#v (%s), want (integer) 1", got, got)
	}
}

func TestServerNil(t *testing.T) {
	c := Client(t)
	got := c.MustEval(t, "return redis.call('GET','missing')", nil)
	if got.Kind != Nil || !got.Nil || got.String() != "(nil)" {
		t.Errorf("return GET of a missing key = %#v (%s), want (nil)", got, got)
	}
	// A nil array (*-1) comes from a blocking pop that times out.
	got = c.MustDo(t, "BLPOP", "nolist", "0.01")
	if got.Kind != Nil || !got.Nil {
		t.Errorf("BLPOP timing out = %#v (%s), want a nil array", got, got)
	}
}

func TestServerStatusAndBulk(t *testing.T) {
	c := Client(t)
	if got := c.MustDo(t, "SET", "k", "v\r\n"); got.Kind != Status || got.Str != "OK" {
		t.Errorf("SET = %#v (%s), want status OK", got, got)
	}
	if got := c.MustEval(t, "return redis.call('GET', KEYS[1])", []string{"k"}); got.Kind != Bulk || got.Str != "v\r\n" {
		t.Errorf("GET = %#v (%s), want bulk \"v\\r\\n\"", got, got)
	}
}

func TestServerErrorReply(t *testing.T) {
	c := Client(t)
	got, err := c.Eval("return y", nil)
	if err != nil {
		t.Fatalf("an error reply must not be a Go error: %v", err)
	}
	const want = "Script attempted to access nonexistent global variable 'y'"
	if got.Kind != Error || !strings.Contains(got.Str, want) || !strings.HasPrefix(got.String(), "(error) ERR ") {
		t.Errorf("return y = %#v (%s), want an error containing %q", got, got, want)
	}
	// The connection stays usable after an error reply.
	if got := c.MustDo(t, "PING"); got.Kind != Status || got.Str != "PONG" {
		t.Errorf("PING after an error reply = %s, want PONG", got)
	}
}

func TestServerArray(t *testing.T) {
	c := Client(t)
	got := c.MustEval(t, "return {1, KEYS[1], false, ARGV[1], ARGV[2]}", []string{"key"}, "arg1", "")
	want := array(integer(1), bulk("key"), nilReply, bulk("arg1"), bulk(""))
	if !reflect.DeepEqual(got, want) {
		t.Errorf("array = %s, want %s", got, want)
	}
	if got := c.MustEval(t, "return {}", nil); got.Kind != Array || got.Array == nil || len(got.Array) != 0 {
		t.Errorf("return {} = %#v, want an empty array", got)
	}
}

func TestServerNestedArray(t *testing.T) {
	c := Client(t)
	got := c.MustEval(t, "return {1, {2, {'x'}}, {}}", nil)
	want := array(integer(1), array(integer(2), array(bulk("x"))), array())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("nested array = %s, want %s", got, want)
	}
	const text = "1) (integer) 1\n2) 1) (integer) 2\n   2) 1) \"x\"\n3) (empty array)"
	if got.String() != text {
		t.Errorf("String() =\n%s\nwant\n%s", got, text)
	}
}

func TestServerClientStartsEmpty(t *testing.T) {
	c := Client(t)
	c.MustDo(t, "SET", "left", "over")
	sha := c.MustDo(t, "SCRIPT", "LOAD", "return 1")
	lib := c.MustDo(t, "FUNCTION", "LOAD", "#!lua name=leftover\nredis.register_function('f', function() return 1 end)")
	if sha.Kind != Bulk || lib.Kind != Bulk {
		t.Fatalf("SCRIPT LOAD = %s, FUNCTION LOAD = %s", sha, lib)
	}
	// A second Client in the same test must not wait for the first.
	c2 := Client(t)
	if got := c2.MustDo(t, "DBSIZE"); got.Int != 0 {
		t.Errorf("DBSIZE after Client = %s, want 0", got)
	}
	if got := c2.MustDo(t, "SCRIPT", "EXISTS", sha.Str); len(got.Array) != 1 || got.Array[0].Int != 0 {
		t.Errorf("SCRIPT EXISTS after Client = %s, want 0", got)
	}
	if got := c2.MustDo(t, "FUNCTION", "LIST"); got.Kind != Array || len(got.Array) != 0 {
		t.Errorf("FUNCTION LIST after Client = %s, want empty", got)
	}
	t.Run("subtest", func(t *testing.T) {
		if got := Client(t).MustDo(t, "PING"); got.Str != "PONG" {
			t.Errorf("PING = %s", got)
		}
	})
}

func TestMain(m *testing.M) {
	code := m.Run()
	if refs != 0 {
		fmt.Fprintf(os.Stderr, "redistest: %d Client calls never released the server\n", refs)
		code = 1
	}
	os.Exit(code)
}
