package scriptcalls

// Script objects kept in struct fields or handed to a helper, and a
// source kept in a struct field: the call-site checks follow them to the
// NewScript (or the constant) that made them.

import (
	"context"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

const moveSrc = `
local v = redis.call('GET', KEYS[1])
if v then redis.call('SET', KEYS[2], v) end
return v`

type mover struct {
	rdb  *redis.Client
	move *redis.Script // set once, by newMover
	get  *redis.Script // set once, by an assignment
	src  string        // set once, from a constant
	// Exported: another package may set it, so it is never followed.
	Move *redis.Script
}

func newMover(rdb *redis.Client) *mover {
	m := &mover{rdb: rdb, move: redis.NewScript(moveSrc), src: moveSrc, Move: redis.NewScript(moveSrc)}
	m.get = redis.NewScript("return redis.call('GET', KEYS[1])")
	return m
}

func (m *mover) run(ctx context.Context, from, to string) {
	m.move.Run(ctx, m.rdb, []string{from})                     // want `the script reads KEYS\[2\] on line 16 but Run passes 1 key \(keys-count-mismatch\)`
	m.rdb.Eval(ctx, m.src, []string{from})                     // want `the script reads KEYS\[2\] on line 16 but Eval passes 1 key \(keys-count-mismatch\)`
	m.get.Run(ctx, m.rdb, nil)                                 // want `the script reads KEYS\[1\] on line 30 but Run passes 0 keys \(keys-count-mismatch\)`
	m.Move.Run(ctx, m.rdb, []string{from})                     // not followed: exported
	m.rdb.EvalRO(ctx, m.src, []string{from, to})               // want `EvalRO runs the script read-only, but it runs SET on line 16 \(write-in-readonly-script\)`
	m.move.Run(ctx, m.rdb, []string{"{u:1}:from", "{u:2}:to"}) // want `keys "\{u:1\}:from" and "\{u:2\}:to" passed to Run hash to different cluster slots \(missing-hash-tag\)`
	// Correct: both keys.
	m.move.Run(ctx, m.rdb, []string{from, to})
	m.rdb.Eval(ctx, m.src, []string{from, to})
	m.get.Run(ctx, m.rdb, []string{from})
}

// twice is set to two different scripts, by two constructors: a call
// runs one of them, and each is checked.
type twice struct {
	s *redis.Script
}

func newGet() *twice  { return &twice{s: redis.NewScript("return redis.call('GET', KEYS[1])")} }
func newMove() *twice { return &twice{s: redis.NewScript(moveSrc)} }

func (t *twice) run(ctx context.Context, rdb *redis.Client, k string) {
	t.s.Run(ctx, rdb, []string{k}) // want `the script reads KEYS\[2\] on line 16 but Run passes 1 key \(keys-count-mismatch\)`
}

// unknown is set from a parameter: not followed.
type unknown struct{ s *redis.Script }

func newUnknown(s *redis.Script) *unknown { return &unknown{s: s} }

func (u *unknown) run(ctx context.Context, rdb *redis.Client) {
	u.s.Run(ctx, rdb, nil)
}

// runScript runs the script object it is passed with the caller's keys
// and arguments (asynq's runScript).
func runScript(ctx context.Context, rdb *redis.Client, script *redis.Script, keys []string, args ...interface{}) error { // want runScript:"script object parameter 2 is run by Run"
	return script.Run(ctx, rdb, keys, args...).Err()
}

var moveScript = redis.NewScript(moveSrc)

func (m *mover) viaHelper(ctx context.Context, from, to string) {
	runScript(ctx, m.rdb, moveScript, []string{from}) // want `the script reads KEYS\[2\] on line 16 but runScript passes 1 key \(keys-count-mismatch\)`
	runScript(ctx, m.rdb, m.move, []string{from})     // want `the script reads KEYS\[2\] on line 16 but runScript passes 1 key \(keys-count-mismatch\)`
	// Correct.
	runScript(ctx, m.rdb, moveScript, []string{from, to})
	runScript(ctx, m.rdb, m.get, []string{from}, 1)
}

// A redigo script object in a field, chosen by an if (gocraft/work's
// enqueuer): each is checked, with its own key count. The unique marker
// gates the enqueue and nothing expires it: a job lost before its marker is
// deleted can never be enqueued again.
type enqueuer struct {
	unique   *redigo.Script
	uniqueIn *redigo.Script
}

func newEnqueuer() *enqueuer {
	return &enqueuer{
		unique:   redigo.NewScript(2, `return redis.call('SET', KEYS[1], ARGV[1], 'NX') and redis.call('LPUSH', KEYS[2], ARGV[1])`),         // want `KEYS\[1\] set with NX gates the rest of the script and never expires \(TTL -1\) \(lock-without-expiry\)`
		uniqueIn: redigo.NewScript(2, `return redis.call('SET', KEYS[1], ARGV[1], 'NX') and redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])`), // want `KEYS\[1\] set with NX gates the rest of the script and never expires \(TTL -1\) \(lock-without-expiry\)`
	}
}

func (e *enqueuer) enqueue(conn redigo.Conn, in bool, a, b string) {
	script := e.unique
	if in {
		script = e.uniqueIn
	}
	script.Do(conn, a) // want `Do passes numkeys 2 but only 1 values after it`
	// Correct.
	script.Do(conn, a, b, "job", 10)
}

// doScript runs a redigo script object with the caller's keys and
// arguments.
func doScript(conn redigo.Conn, s *redigo.Script, keysAndArgs ...interface{}) (interface{}, error) { // want doScript:"script object parameter 1 is run by Do"
	return s.Do(conn, keysAndArgs...)
}

func (e *enqueuer) viaHelper(conn redigo.Conn, a string) {
	doScript(conn, e.unique, a) // want `doScript passes numkeys 2 but only 1 values after it`
	doScript(conn, e.unique, a, "q", "job")
}
