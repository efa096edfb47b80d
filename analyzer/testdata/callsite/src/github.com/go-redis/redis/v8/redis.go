// Package redis is a minimal stub of github.com/go-redis/redis/v8.
package redis

import (
	"context"
	"time"
)

var Nil error

type StringCmd struct{}

func (*StringCmd) Int() (int, error)       { return 0, nil }
func (*StringCmd) Result() (string, error) { return "", nil }

type IntCmd struct{}

func (*IntCmd) Result() (int64, error) { return 0, nil }

type BoolCmd struct{}

func (*BoolCmd) Result() (bool, error) { return false, nil }

type StatusCmd struct{}

type Cmd struct{}

type cmdable func(ctx context.Context, cmd interface{}) error

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return nil }
func (c cmdable) DecrBy(ctx context.Context, key string, decrement int64) *IntCmd {
	return nil
}
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}
func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd { return nil }
func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}

type Client struct{ cmdable }

type Tx struct{ cmdable }

func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error { return nil }

type Script struct{}

func NewScript(src string) *Script { return nil }
