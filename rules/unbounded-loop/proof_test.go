package unboundedloop_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// busyLoop counts to a literal and ends by itself (about 1.5 s on a laptop):
// long enough to watch another client's view of a running script, short
// enough never to need SHUTDOWN NOSAVE.
const busyLoop = "local i = 0 while true do i = i + 1 if i > 6e7 then break end end return i"

// TestProofUnboundedLoop proves the rule's claims (facts C11) on a real
// server: while a script loops, other clients get BUSY once
// busy-reply-threshold has passed; SCRIPT KILL stops a read-only loop but
// answers UNKILLABLE once the script has written. The Bad example itself
// cannot be run with the lock held (it would never end); the Good example
// and Bad with the lock free both run.
func TestProofUnboundedLoop(t *testing.T) {
	rule := ruletest.Cat.ByID("unbounded-loop")
	if !ruletest.Flags(t, rule.ID, rule.Doc.Bad) {
		t.Error("the Bad example is not flagged")
	}
	if ruletest.Flags(t, rule.ID, rule.Doc.Good) {
		t.Error("the Good example is flagged")
	}
	if ruletest.Flags(t, rule.ID, busyLoop) {
		t.Error("a loop bounded by a counter checked against a literal is flagged")
	}

	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		keys := []string{"proof:lock", "proof:count"}
		if r := c.MustEval(t, rule.Doc.Good, keys, "me"); r.Kind == redistest.Error || r.Str != "OK" {
			t.Fatalf("Good with the lock free gave %s", r)
		}
		if r := c.MustEval(t, rule.Doc.Good, keys, "me"); r.Kind != redistest.Nil {
			t.Fatalf("Good with the lock held gave %s, want nil (false): the client retries", r)
		}
		c.MustDo(t, "DEL", "proof:lock")
		if r := c.MustEval(t, rule.Doc.Bad, keys, "me"); r.Kind == redistest.Error {
			t.Fatalf("Bad with the lock free gave %s", r)
		}

		// A short threshold so that BUSY comes quickly; restored afterwards.
		c.SetConfig(t, "busy-reply-threshold", "100")

		t.Run("read-only loop: BUSY, then SCRIPT KILL works", func(t *testing.T) {
			done := runLoop(t, busyLoop)
			waitBusy(t, c)
			if r := c.MustDo(t, "SCRIPT", "KILL"); r.Kind != redistest.Status || r.Str != "OK" {
				t.Errorf("SCRIPT KILL gave %s, want OK", r)
			}
			r := waitLoop(t, done)
			if r.Kind != redistest.Error || !strings.Contains(r.Str, "Script killed by user with SCRIPT KILL") {
				t.Errorf("the killed script's client got %s", r)
			}
		})

		t.Run("after a write: BUSY, and SCRIPT KILL answers UNKILLABLE", func(t *testing.T) {
			done := runLoop(t, "redis.call('SET', KEYS[1], 'x') "+busyLoop)
			waitBusy(t, c)
			r := c.MustDo(t, "SCRIPT", "KILL")
			if r.Kind != redistest.Error || !strings.HasPrefix(r.Str, "UNKILLABLE") || !strings.Contains(r.Str, "SHUTDOWN NOSAVE") {
				t.Errorf("SCRIPT KILL gave %s, want UNKILLABLE ... SHUTDOWN NOSAVE", r)
			}
			// The script runs to its end regardless.
			if r := waitLoop(t, done); r.Kind != redistest.Integer || r.Int != 60000001 {
				t.Errorf("the loop ended with %s", r)
			}
			if r := c.MustDo(t, "PING"); r.Str != "PONG" {
				t.Errorf("PING after the loop gave %s", r)
			}
		})
	})
}

// runLoop runs script on a connection of its own and returns its reply.
func runLoop(t *testing.T, script string) <-chan redistest.Reply {
	t.Helper()
	conn, err := redistest.Dial(redistest.Addr())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan redistest.Reply, 1)
	go func() {
		defer conn.Close()
		r, err := conn.Eval(script, []string{"proof:loop"})
		if err != nil {
			r = redistest.Reply{Kind: redistest.Error, Str: "client: " + err.Error()}
		}
		done <- r
	}()
	return done
}

// waitBusy waits until the server answers PING with BUSY.
func waitBusy(t *testing.T, c *redistest.Conn) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		r := c.MustDo(t, "PING")
		if r.Kind == redistest.Error {
			if !strings.HasPrefix(r.Str, "BUSY Redis is busy running a script") {
				t.Fatalf("PING gave %s", r)
			}
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("PING never answered BUSY while the loop ran")
}

func waitLoop(t *testing.T, done <-chan redistest.Reply) redistest.Reply {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(30 * time.Second):
		t.Fatal("the loop did not end within 30 s")
	}
	return redistest.Reply{}
}

// TestProofLoopsThatEnd runs, on a real server, the loops the rule leaves
// alone because every round works through something finite (issue 13 item
// 4), in the forms real scripts use: each ends, with the answer the data
// gives, and none is reported (at any severity).
func TestProofLoopsThatEnd(t *testing.T) {
	loops := []struct {
		name, src string
		keys      []string
		args      []string
		want      int64
	}{
		{"pop until empty", "local n = 0\nwhile true do\n  local v = redis.call('LPOP', KEYS[1])\n  if v == false then break end\n  n = n + 1\nend\nreturn n",
			[]string{"end:list"}, nil, 500},
		{"poll(limit) returns at the first empty pop", "local r = {}\nfor i = 1, ARGV[1], 1 do\n  local v = redis.call('RPOP', KEYS[1])\n  if v ~= false then table.insert(r, v) else return #r end\nend\nreturn #r",
			[]string{"end:list"}, []string{"1000000000"}, 500},
		{"paging with an advancing offset", "local offset, n = 0, 0\nwhile true do\n  local page = redis.call('ZRANGEBYSCORE', KEYS[1], 0, '+inf', 'LIMIT', offset, 100)\n  if #page == 0 then break end\n  offset = offset + #page\n  n = n + #page\nend\nreturn n",
			[]string{"end:zset"}, nil, 500},
		{"removal per page", "local n = 0\nwhile true do\n  local page = redis.call('ZRANGEBYSCORE', KEYS[1], 0, '+inf', 'LIMIT', 0, 100)\n  if #page == 0 then break end\n  n = n + redis.call('ZREM', KEYS[1], unpack(page))\nend\nreturn n",
			[]string{"end:zset"}, nil, 500},
		{"a doubling probe that stops at the unpack limit (dramatiq)", "local function try(n)\n  local t = {}\n  for i = 1, n do t[i] = 0 end\n  unpack(t)\nend\nlocal size = 999\nwhile true do\n  if pcall(function() try(size * 2) end) then size = size * 2 else return size end\nend",
			nil, nil, 7992},
		{"a split of an argument", "local n, pos = 0, 1\nwhile true do\n  local s, e = string.find(ARGV[1], ',', pos, true)\n  n = n + 1\n  if not s then break end\n  pos = e + 1\nend\nreturn n",
			nil, []string{"a,b,,c"}, 4},
		{"until the first missing ARGV[i]", "local i = 1\nwhile true do\n  local m = ARGV[i]\n  if not m then break end\n  redis.call('SADD', KEYS[1], m)\n  i = i + 1\nend\nreturn i - 1",
			[]string{"end:set"}, []string{"a", "b", "c"}, 3},
	}
	for _, tc := range loops {
		for _, d := range ruletest.LintSource("proof.lua", []byte(tc.src), ruletest.Cat.All(), nil) {
			if d.Rule == "unbounded-loop" {
				t.Errorf("%s: reported: %s", tc.name, d.Message)
			}
		}
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		c.MustDo(t, "FLUSHALL")
		for _, tc := range loops {
			t.Run(tc.name, func(t *testing.T) {
				if len(tc.keys) > 0 && strings.HasPrefix(tc.keys[0], "end:") {
					c.MustDo(t, "DEL", "end:list", "end:zset")
					args := []string{"RPUSH", "end:list"}
					zargs := []string{"ZADD", "end:zset"}
					for i := range 500 {
						args = append(args, strconv.Itoa(i))
						zargs = append(zargs, strconv.Itoa(i), "m"+strconv.Itoa(i))
					}
					c.MustDo(t, args...)
					c.MustDo(t, zargs...)
				}
				if r := c.MustEval(t, tc.src, tc.keys, tc.args...); r.Kind != redistest.Integer || r.Int != tc.want {
					t.Errorf("gave %s, want %d", r, tc.want)
				}
			})
		}
	})
}
