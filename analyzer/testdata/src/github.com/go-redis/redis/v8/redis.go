// Package redis is a stub of github.com/go-redis/redis/v8 for the
// analyzer's tests: the types and methods the analyzer matches, with the
// real signatures and empty bodies.
package redis

import (
	"context"
	"time"
)

// Nil is the error of a missing key.
const Nil = RedisError("redis: nil")

type RedisError string

func (e RedisError) Error() string { return string(e) }

type Cmd struct{ err error }

func (c *Cmd) Result() (interface{}, error) { return nil, c.err }

type StringCmd struct{ err error }

func (c *StringCmd) Result() (string, error) { return "", c.err }
func (c *StringCmd) Int() (int, error)       { return 0, c.err }

type IntCmd struct{ err error }

func (c *IntCmd) Result() (int64, error) { return 0, c.err }

type BoolCmd struct{ err error }

func (c *BoolCmd) Result() (bool, error) { return false, c.err }

type StatusCmd struct{ err error }

func (c *StatusCmd) Result() (string, error) { return "", c.err }

type BoolSliceCmd struct{ err error }

func (c *BoolSliceCmd) Result() ([]bool, error) { return nil, c.err }

type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

type cmdable func(ctx context.Context, cmd interface{}) error

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return &StringCmd{} }
func (c cmdable) DecrBy(ctx context.Context, key string, decrement int64) *IntCmd {
	return &IntCmd{}
}
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}
func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd { return &IntCmd{} }
func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd {
	return &BoolSliceCmd{}
}
func (c cmdable) ScriptLoad(ctx context.Context, script string) *StringCmd { return &StringCmd{} }

type Options struct{ Addr string }

type Client struct{ cmdable }

func NewClient(opt *Options) *Client { return &Client{} }

func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error { return nil }

type Tx struct{ cmdable }

type Script struct{ src string }

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
