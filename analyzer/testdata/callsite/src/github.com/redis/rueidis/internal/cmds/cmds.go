// Package cmds is a minimal stub of rueidis's command builder.
package cmds

type Completed struct{ s []string }

type Builder struct{}

type Get Completed
type GetKey Completed

func (b Builder) Get() Get          { return Get{} }
func (c Get) Key(key string) GetKey { return GetKey(c) }
func (c GetKey) Build() Completed   { return Completed(c) }

type Decrby Completed
type DecrbyKey Completed
type DecrbyDecrement Completed

func (b Builder) Decrby() Decrby                              { return Decrby{} }
func (c Decrby) Key(key string) DecrbyKey                     { return DecrbyKey(c) }
func (c DecrbyKey) Decrement(decrement int64) DecrbyDecrement { return DecrbyDecrement(c) }
func (c DecrbyDecrement) Build() Completed                    { return Completed(c) }

type Setnx Completed
type SetnxKey Completed
type SetnxValue Completed

func (b Builder) Setnx() Setnx                   { return Setnx{} }
func (c Setnx) Key(key string) SetnxKey          { return SetnxKey(c) }
func (c SetnxKey) Value(value string) SetnxValue { return SetnxValue(c) }
func (c SetnxValue) Build() Completed            { return Completed(c) }

type Set Completed
type SetKey Completed
type SetValue Completed
type SetConditionNx Completed
type SetExpirationExSeconds Completed
type SetExpirationPxMilliseconds Completed
type SetExpirationKeepttl Completed

func (b Builder) Set() Set                   { return Set{} }
func (c Set) Key(key string) SetKey          { return SetKey(c) }
func (c SetKey) Value(value string) SetValue { return SetValue(c) }
func (c SetValue) Nx() SetConditionNx        { return SetConditionNx(c) }
func (c SetValue) Build() Completed          { return Completed(c) }
func (c SetConditionNx) ExSeconds(seconds int64) SetExpirationExSeconds {
	return SetExpirationExSeconds(c)
}
func (c SetConditionNx) PxMilliseconds(ms int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds(c)
}
func (c SetConditionNx) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl(c) }
func (c SetConditionNx) Build() Completed              { return Completed(c) }
func (c SetExpirationExSeconds) Build() Completed      { return Completed(c) }
func (c SetExpirationPxMilliseconds) Build() Completed { return Completed(c) }
func (c SetExpirationKeepttl) Build() Completed        { return Completed(c) }

type Del Completed
type DelKey Completed

func (b Builder) Del() Del             { return Del{} }
func (c Del) Key(key ...string) DelKey { return DelKey(c) }
func (c DelKey) Build() Completed      { return Completed(c) }

type Expire Completed
type ExpireKey Completed
type ExpireSeconds Completed

func (b Builder) Expire() Expire                        { return Expire{} }
func (c Expire) Key(key string) ExpireKey               { return ExpireKey(c) }
func (c ExpireKey) Seconds(seconds int64) ExpireSeconds { return ExpireSeconds(c) }
func (c ExpireSeconds) Build() Completed                { return Completed(c) }

type Eval Completed
type EvalScript Completed
type EvalNumkeys Completed
type EvalKey Completed
type EvalArg Completed

func (b Builder) Eval() Eval                           { return Eval{} }
func (b Builder) EvalRo() Eval                         { return Eval{} }
func (c Eval) Script(script string) EvalScript         { return EvalScript(c) }
func (c EvalScript) Numkeys(numkeys int64) EvalNumkeys { return EvalNumkeys(c) }
func (c EvalNumkeys) Key(key ...string) EvalKey        { return EvalKey(c) }
func (c EvalNumkeys) Arg(arg ...string) EvalArg        { return EvalArg(c) }
func (c EvalNumkeys) Build() Completed                 { return Completed(c) }
func (c EvalKey) Key(key ...string) EvalKey            { return c }
func (c EvalKey) Arg(arg ...string) EvalArg            { return EvalArg(c) }
func (c EvalKey) Build() Completed                     { return Completed(c) }
func (c EvalArg) Arg(arg ...string) EvalArg            { return c }
func (c EvalArg) Build() Completed                     { return Completed(c) }
