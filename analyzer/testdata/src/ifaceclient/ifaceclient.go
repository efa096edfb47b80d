// Package ifaceclient sends its scripts through a client interface of its
// own, implemented over go-redis in wrapper.go: a call on the interface is
// a script call site with its keys and arguments. An interface whose Eval
// a type here implements without sending anything is no script API.
package ifaceclient

import "fmt"

// RedisCli is the package's view of a client.
type RedisCli interface {
	Eval(script string, keys []string, args []interface{}) (interface{}, error) // want Eval:"script source parameter 0 reaches Eval"
	Get(key string) (string, error)
}

// Queue runs its scripts through a RedisCli, maybe through a helper.
type Queue struct{ cli RedisCli }

const moveScript = "local id = redis.call('RPOP', KEYS[1]); if id then redis.call('LPUSH', KEYS[2], id) end; return id"

const peekScript = "if redis.call('LINDEX', KEYS[1], 0) == nil then return 0 end; return 1" // want "is never nil in a script"

const bumpScript = "return redis.call('INCRBY', KEYS[1], ARGV[1])"

func (q *Queue) eval(script string, keys []string, args []interface{}) (interface{}, error) { // want eval:"script source parameter 0 reaches Eval"
	return q.cli.Eval(script, keys, args)
}

func (q *Queue) move(from, to string) error {
	_, err := q.eval(moveScript, []string{from, to}, nil)
	return err
}

func (q *Queue) moveOne(from string) error {
	_, err := q.eval(moveScript, []string{from}, nil) // want `the script reads KEYS\[2\] on line 18 but eval passes 1 key \(keys-count-mismatch\)`
	return err
}

func (q *Queue) peek(key string) (interface{}, error) {
	return q.eval(peekScript, []string{key}, nil)
}

func (q *Queue) bump(key string) error {
	_, err := q.cli.Eval(bumpScript, []string{key}, []interface{}{1})
	return err
}

func (q *Queue) bumpNoArg(key string) error {
	_, err := q.cli.Eval(bumpScript, []string{key}, []interface{}{}) // want `the script reads ARGV\[1\] on line 22 but Eval passes 0 arguments`
	return err
}

// Recorder has an Eval that a type here implements without sending the
// text to Redis: what it is passed is no script.
type Recorder interface {
	Eval(script string, keys []string, args []interface{}) (interface{}, error)
	Lines() []string
}

type logRecorder struct{ lines []string }

func (r *logRecorder) Eval(script string, keys []string, args []interface{}) (interface{}, error) {
	r.lines = append(r.lines, fmt.Sprint(script, keys, args))
	return nil, nil
}

func (r *logRecorder) Lines() []string { return r.lines }

func record(r Recorder) {
	r.Eval("if redis.call('GET', KEYS[1]) == nil then return 1 end", []string{"k"}, nil)
}
