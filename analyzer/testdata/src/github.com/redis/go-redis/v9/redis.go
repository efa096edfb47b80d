// Package redis is a stub of github.com/redis/go-redis/v9 for the analyzer's
// tests: the types and methods the analyzer matches, with the real
// signatures and empty bodies.
package redis

import (
	"context"
	"time"
)

// Nil is the error of a missing key.
const Nil = RedisError("redis: nil")

// KeepTTL keeps the key's time to live (Set, SetNX).
const KeepTTL = -1

type RedisError string

func (e RedisError) Error() string { return string(e) }

type Options struct{ Addr string }

type ClusterOptions struct{ Addrs []string }

type RingOptions struct{ Addrs map[string]string }

type Cmder interface{ Err() error }

type baseCmd struct{ err error }

func (c *baseCmd) Err() error { return c.err }

type Cmd struct{ baseCmd }

func (c *Cmd) Val() interface{}               { return nil }
func (c *Cmd) Result() (interface{}, error)   { return nil, c.err }
func (c *Cmd) Int64() (int64, error)          { return 0, c.err }
func (c *Cmd) Int() (int, error)              { return 0, c.err }
func (c *Cmd) Text() (string, error)          { return "", c.err }
func (c *Cmd) Bool() (bool, error)            { return false, c.err }
func (c *Cmd) StringSlice() ([]string, error) { return nil, c.err }

type StringCmd struct{ baseCmd }

func (c *StringCmd) Result() (string, error) { return "", c.err }
func (c *StringCmd) Val() string             { return "" }
func (c *StringCmd) Int64() (int64, error)   { return 0, c.err }
func (c *StringCmd) Int() (int, error)       { return 0, c.err }

type StatusCmd struct{ baseCmd }

func (c *StatusCmd) Result() (string, error) { return "", c.err }

type IntCmd struct{ baseCmd }

func (c *IntCmd) Result() (int64, error) { return 0, c.err }
func (c *IntCmd) Val() int64             { return 0 }

type BoolCmd struct{ baseCmd }

func (c *BoolCmd) Result() (bool, error) { return false, c.err }
func (c *BoolCmd) Val() bool             { return false }

type FloatCmd struct{ baseCmd }

func (c *FloatCmd) Result() (float64, error) { return 0, c.err }
func (c *FloatCmd) Val() float64             { return 0 }

type BoolSliceCmd struct{ baseCmd }

func (c *BoolSliceCmd) Result() ([]bool, error) { return nil, c.err }

// SetArgs are the options of SET.
type SetArgs struct {
	Mode     string
	TTL      time.Duration
	ExpireAt time.Time
	Get      bool
	KeepTTL  bool
}

// Scripter is what a Script runs on.
type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

// Cmdable is implemented by every client, pipeline and transaction.
type Cmdable interface {
	Scripter
	FunctionLoad(ctx context.Context, code string) *StringCmd
	FunctionLoadReplace(ctx context.Context, code string) *StringCmd
	FCall(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd
	FCallRO(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd
	Get(ctx context.Context, key string) *StringCmd
	Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
	SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd
	SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	Del(ctx context.Context, keys ...string) *IntCmd
	Unlink(ctx context.Context, keys ...string) *IntCmd
	Exists(ctx context.Context, keys ...string) *IntCmd
	Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	Incr(ctx context.Context, key string) *IntCmd
	Decr(ctx context.Context, key string) *IntCmd
	DecrBy(ctx context.Context, key string, decrement int64) *IntCmd
	IncrBy(ctx context.Context, key string, value int64) *IntCmd
	HGet(ctx context.Context, key, field string) *StringCmd
	HSet(ctx context.Context, key string, values ...interface{}) *IntCmd
	HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd
	LLen(ctx context.Context, key string) *IntCmd
	SCard(ctx context.Context, key string) *IntCmd
	ZScore(ctx context.Context, key, member string) *FloatCmd
}

// cmdable holds the command methods; clients embed it, as in go-redis.
type cmdable func(ctx context.Context, cmd Cmder) error

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
func (c cmdable) ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd {
	return &BoolSliceCmd{}
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
func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return &StringCmd{} }
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
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd    { return &IntCmd{} }
func (c cmdable) Unlink(ctx context.Context, keys ...string) *IntCmd { return &IntCmd{} }
func (c cmdable) Exists(ctx context.Context, keys ...string) *IntCmd { return &IntCmd{} }
func (c cmdable) Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}
func (c cmdable) PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}
func (c cmdable) Incr(ctx context.Context, key string) *IntCmd { return &IntCmd{} }
func (c cmdable) Decr(ctx context.Context, key string) *IntCmd { return &IntCmd{} }
func (c cmdable) DecrBy(ctx context.Context, key string, decrement int64) *IntCmd {
	return &IntCmd{}
}
func (c cmdable) IncrBy(ctx context.Context, key string, value int64) *IntCmd { return &IntCmd{} }
func (c cmdable) HGet(ctx context.Context, key, field string) *StringCmd      { return &StringCmd{} }
func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}
func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd {
	return &IntCmd{}
}
func (c cmdable) LLen(ctx context.Context, key string) *IntCmd  { return &IntCmd{} }
func (c cmdable) SCard(ctx context.Context, key string) *IntCmd { return &IntCmd{} }
func (c cmdable) ZScore(ctx context.Context, key, member string) *FloatCmd {
	return &FloatCmd{}
}

// Do sends any command.
func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd { return &Cmd{} }

type Client struct{ cmdable }

func NewClient(opt *Options) *Client { return &Client{} }

func (c *Client) Pipeline() Pipeliner   { return &Pipeline{} }
func (c *Client) TxPipeline() Pipeliner { return &Pipeline{} }
func (c *Client) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error { return nil }
func (c *Client) Close() error                                                        { return nil }

type ClusterClient struct{ cmdable }

func NewClusterClient(opt *ClusterOptions) *ClusterClient { return &ClusterClient{} }

type Ring struct{ cmdable }

func NewRing(opt *RingOptions) *Ring { return &Ring{} }

// UniversalClient is any of the clients.
type UniversalClient interface {
	Cmdable
	Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error
	Do(ctx context.Context, args ...interface{}) *Cmd
	Close() error
}

type Pipeliner interface {
	Cmdable
	Exec(ctx context.Context) ([]Cmder, error)
}

type Pipeline struct{ cmdable }

func (c *Pipeline) Exec(ctx context.Context) ([]Cmder, error) { return nil, nil }

type Tx struct{ cmdable }

func (c *Tx) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

// Script is a Lua script run by EVALSHA, falling back to EVAL.
type Script struct {
	src, hash string
}

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Hash() string                                    { return s.hash }
func (s *Script) Load(ctx context.Context, c Scripter) *StringCmd { return &StringCmd{} }
func (s *Script) Exists(ctx context.Context, c Scripter) *BoolSliceCmd {
	return &BoolSliceCmd{}
}
func (s *Script) Eval(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) EvalRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) EvalSha(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) EvalShaRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
func (s *Script) RunRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}
