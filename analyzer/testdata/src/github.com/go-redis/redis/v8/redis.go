// Package redis is a stub of github.com/go-redis/redis/v8 for the
// analyzer's tests.
package redis

import "context"

type Cmd struct{ err error }

func (c *Cmd) Result() (interface{}, error) { return nil, c.err }

type StringCmd struct{ err error }

func (c *StringCmd) Result() (string, error) { return "", c.err }

type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

type cmdable func(ctx context.Context, cmd interface{}) error

func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) ScriptLoad(ctx context.Context, script string) *StringCmd { return &StringCmd{} }

type Options struct{ Addr string }

type Client struct{ cmdable }

func NewClient(opt *Options) *Client { return &Client{} }

type Script struct{ src string }

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
