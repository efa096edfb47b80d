// Package redis is a stub of github.com/gomodule/redigo/redis for the
// analyzer's tests.
package redis

import (
	"context"
	"errors"
	"time"
)

// Conn is a connection to a Redis server.
type Conn interface {
	Close() error
	Err() error
	Do(commandName string, args ...interface{}) (reply interface{}, err error)
	Send(commandName string, args ...interface{}) error
	Flush() error
	Receive() (reply interface{}, err error)
}

// ConnWithContext is a Conn that takes a context.
type ConnWithContext interface {
	Conn
	DoContext(ctx context.Context, commandName string, args ...interface{}) (reply interface{}, err error)
}

// ConnWithTimeout is a Conn that takes a timeout.
type ConnWithTimeout interface {
	Conn
	DoWithTimeout(timeout time.Duration, commandName string, args ...interface{}) (reply interface{}, err error)
}

// DoContext sends a command with a context.
func DoContext(c Conn, ctx context.Context, cmd string, args ...interface{}) (interface{}, error) {
	return nil, nil
}

// DoWithTimeout sends a command with a timeout.
func DoWithTimeout(c Conn, timeout time.Duration, cmd string, args ...interface{}) (interface{}, error) {
	return nil, nil
}

type Pool struct {
	Dial func() (Conn, error)
}

func (p *Pool) Get() Conn { return nil }

// Script is a Lua script with its key count.
type Script struct {
	keyCount int
	src      string
}

func NewScript(keyCount int, src string) *Script { return &Script{keyCount: keyCount, src: src} }

func (s *Script) Hash() string                                               { return "" }
func (s *Script) Load(c Conn) error                                          { return nil }
func (s *Script) Send(c Conn, keysAndArgs ...interface{}) error              { return nil }
func (s *Script) SendHash(c Conn, keysAndArgs ...interface{}) error          { return nil }
func (s *Script) Do(c Conn, keysAndArgs ...interface{}) (interface{}, error) { return nil, nil }
func (s *Script) DoContext(ctx context.Context, c Conn, keysAndArgs ...interface{}) (interface{}, error) {
	return nil, nil
}

func Int(reply interface{}, err error) (int, error)       { return 0, err }
func Int64(reply interface{}, err error) (int64, error)   { return 0, err }
func String(reply interface{}, err error) (string, error) { return "", err }
func Bool(reply interface{}, err error) (bool, error)     { return false, err }

// ErrNil is returned by the reply helpers for a null reply.
var ErrNil = errors.New("redigo: nil returned")
