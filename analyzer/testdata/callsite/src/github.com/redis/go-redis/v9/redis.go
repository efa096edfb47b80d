// Package redis is a minimal stub of github.com/redis/go-redis/v9 for the
// call-site tests: the same names and signatures, no behaviour.
package redis

import (
	"context"
	"time"
)

// Nil is the error of a command whose reply is null.
var Nil error

// KeepTTL keeps the key's time to live (Set, SetNX).
const KeepTTL = -1

type Cmder interface{ Err() error }

type baseCmd struct{}

func (baseCmd) Err() error { return nil }

type Cmd struct{ baseCmd }

func (*Cmd) Result() (interface{}, error) { return nil, nil }
func (*Cmd) Int() (int, error)            { return 0, nil }
func (*Cmd) Val() interface{}             { return nil }

type StringCmd struct{ baseCmd }

func (*StringCmd) Result() (string, error) { return "", nil }
func (*StringCmd) Int() (int, error)       { return 0, nil }
func (*StringCmd) Int64() (int64, error)   { return 0, nil }
func (*StringCmd) Val() string             { return "" }

type IntCmd struct{ baseCmd }

func (*IntCmd) Result() (int64, error) { return 0, nil }
func (*IntCmd) Val() int64             { return 0 }

type BoolCmd struct{ baseCmd }

func (*BoolCmd) Result() (bool, error) { return false, nil }
func (*BoolCmd) Val() bool             { return false }

type FloatCmd struct{ baseCmd }

func (*FloatCmd) Result() (float64, error) { return 0, nil }
func (*FloatCmd) Val() float64             { return 0 }

type StatusCmd struct{ baseCmd }

func (*StatusCmd) Result() (string, error) { return "", nil }

type BoolSliceCmd struct{ baseCmd }

// SetArgs are the options of SetArgs.
type SetArgs struct {
	Mode     string
	TTL      time.Duration
	ExpireAt time.Time
	Get      bool
	KeepTTL  bool
}

// Cmdable is what clients, transactions and pipelines can run.
type Cmdable interface {
	Do(ctx context.Context, args ...interface{}) *Cmd
	Get(ctx context.Context, key string) *StringCmd
	HGet(ctx context.Context, key, field string) *StringCmd
	ZScore(ctx context.Context, key, member string) *FloatCmd
	LLen(ctx context.Context, key string) *IntCmd
	Exists(ctx context.Context, keys ...string) *IntCmd
	SCard(ctx context.Context, key string) *IntCmd
	Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
	SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd
	SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	Incr(ctx context.Context, key string) *IntCmd
	IncrBy(ctx context.Context, key string, value int64) *IntCmd
	Decr(ctx context.Context, key string) *IntCmd
	DecrBy(ctx context.Context, key string, decrement int64) *IntCmd
	HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd
	HSet(ctx context.Context, key string, values ...interface{}) *IntCmd
	Del(ctx context.Context, keys ...string) *IntCmd
	Unlink(ctx context.Context, keys ...string) *IntCmd
	Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
	FunctionLoad(ctx context.Context, code string) *StringCmd
	FunctionLoadReplace(ctx context.Context, code string) *StringCmd
	FCall(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd
	FCallRO(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd
}

// cmdable implements Cmdable; clients embed it, as in go-redis.
type cmdable func(ctx context.Context, cmd Cmder) error

func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd            { return &Cmd{} }
func (c cmdable) Get(ctx context.Context, key string) *StringCmd              { return &StringCmd{} }
func (c cmdable) HGet(ctx context.Context, key, field string) *StringCmd      { return &StringCmd{} }
func (c cmdable) ZScore(ctx context.Context, key, member string) *FloatCmd    { return &FloatCmd{} }
func (c cmdable) LLen(ctx context.Context, key string) *IntCmd                { return &IntCmd{} }
func (c cmdable) Exists(ctx context.Context, keys ...string) *IntCmd          { return &IntCmd{} }
func (c cmdable) SCard(ctx context.Context, key string) *IntCmd               { return &IntCmd{} }
func (c cmdable) Incr(ctx context.Context, key string) *IntCmd                { return &IntCmd{} }
func (c cmdable) IncrBy(ctx context.Context, key string, value int64) *IntCmd { return &IntCmd{} }
func (c cmdable) Decr(ctx context.Context, key string) *IntCmd                { return &IntCmd{} }
func (c cmdable) DecrBy(ctx context.Context, key string, decrement int64) *IntCmd {
	return &IntCmd{}
}
func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd {
	return &IntCmd{}
}
func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd    { return &IntCmd{} }
func (c cmdable) Unlink(ctx context.Context, keys ...string) *IntCmd { return &IntCmd{} }
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}
func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}
func (c cmdable) SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd {
	return &StatusCmd{}
}
func (c cmdable) SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}
func (c cmdable) Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}
func (c cmdable) PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}
func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) ScriptLoad(ctx context.Context, script string) *StringCmd { return &StringCmd{} }
func (c cmdable) FunctionLoad(ctx context.Context, code string) *StringCmd {
	return &StringCmd{}
}
func (c cmdable) FunctionLoadReplace(ctx context.Context, code string) *StringCmd {
	return &StringCmd{}
}
func (c cmdable) FCall(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (c cmdable) FCallRO(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}

// Pipeliner queues commands.
type Pipeliner interface {
	Cmdable
	Exec(ctx context.Context) ([]Cmder, error)
}

type Pipeline struct{ cmdable }

func (*Pipeline) Exec(ctx context.Context) ([]Cmder, error) { return nil, nil }

// Client is a Redis client.
type Client struct{ cmdable }

func NewClient(opt *Options) *Client { return &Client{} }

type Options struct{ Addr string }

func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error { return nil }
func (c *Client) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

// ClusterClient is a Redis Cluster client.
type ClusterClient struct{ cmdable }

// UniversalClient is any client.
type UniversalClient interface {
	Cmdable
	Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error
}

// Tx is a transaction on a connection with WATCHed keys.
type Tx struct{ cmdable }

func (c *Tx) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

// Script is a Lua script run by its SHA1, loaded on NOSCRIPT.
type Script struct{ src, hash string }

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Hash() string                                    { return s.hash }
func (s *Script) Load(ctx context.Context, c Scripter) *StringCmd { return &StringCmd{} }
func (s *Script) Eval(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) EvalRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) EvalSha(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) RunRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
