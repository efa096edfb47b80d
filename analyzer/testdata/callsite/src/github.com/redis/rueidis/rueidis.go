// Package rueidis is a minimal stub of github.com/redis/rueidis.
package rueidis

import (
	"context"

	"github.com/redis/rueidis/internal/cmds"
)

type (
	Builder   = cmds.Builder
	Completed = cmds.Completed
)

type RedisResult struct{}

func (RedisResult) Error() error              { return nil }
func (RedisResult) AsInt64() (int64, error)   { return 0, nil }
func (RedisResult) ToString() (string, error) { return "", nil }
func (RedisResult) AsBool() (bool, error)     { return false, nil }

func IsRedisNil(err error) bool { return false }

type Client interface {
	B() Builder
	Do(ctx context.Context, cmd Completed) RedisResult
	DoMulti(ctx context.Context, multi ...Completed) []RedisResult
}

type Lua struct{}

func NewLuaScript(script string) *Lua          { return &Lua{} }
func NewLuaScriptReadOnly(script string) *Lua  { return &Lua{} }
func NewLuaScriptNoSha(script string) *Lua     { return &Lua{} }
func NewLuaScriptRetryable(script string) *Lua { return &Lua{} }

func (s *Lua) Exec(ctx context.Context, c Client, keys, args []string) RedisResult {
	return RedisResult{}
}
