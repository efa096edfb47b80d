// Package rueidis is a stub of github.com/redis/rueidis for the analyzer's
// tests.
package rueidis

import (
	"context"

	"github.com/redis/rueidis/internal/cmds"
)

type Builder = cmds.Builder

type Completed = cmds.Completed

type RedisResult struct{ err error }

func (r RedisResult) Error() error              { return r.err }
func (r RedisResult) ToInt64() (int64, error)   { return 0, r.err }
func (r RedisResult) ToString() (string, error) { return "", r.err }
func (r RedisResult) AsInt64() (int64, error)   { return 0, r.err }
func (r RedisResult) AsBool() (bool, error)     { return false, r.err }

// IsRedisNil reports whether err is the error of a null reply.
func IsRedisNil(err error) bool { return false }

type Client interface {
	B() Builder
	Do(ctx context.Context, cmd Completed) RedisResult
	DoMulti(ctx context.Context, multi ...Completed) []RedisResult
	Close()
}

type ClientOption struct{ InitAddress []string }

func NewClient(option ClientOption) (Client, error) { return nil, nil }

// Lua is a script run by EVALSHA, falling back to EVAL.
type Lua struct {
	script   string
	readonly bool
}

type LuaExec struct {
	Keys []string
	Args []string
}

func NewLuaScript(script string) *Lua              { return &Lua{script: script} }
func NewLuaScriptReadOnly(script string) *Lua      { return &Lua{script: script, readonly: true} }
func NewLuaScriptNoSha(script string) *Lua         { return &Lua{script: script} }
func NewLuaScriptReadOnlyNoSha(script string) *Lua { return &Lua{script: script, readonly: true} }
func NewLuaScriptRetryable(script string) *Lua     { return &Lua{script: script} }

func (s *Lua) Exec(ctx context.Context, c Client, keys, args []string) RedisResult {
	return RedisResult{}
}
func (s *Lua) ExecMulti(ctx context.Context, c Client, multi ...LuaExec) []RedisResult {
	return nil
}
