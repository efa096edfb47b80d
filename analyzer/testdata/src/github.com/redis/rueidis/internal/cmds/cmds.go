// Package cmds is a stub of rueidis's command builder: the builder types
// the analyzer's tests use, with rueidis's names and signatures (each a
// defined type of Incomplete, as there) and no behaviour.
package cmds

type Incomplete struct{ cs []string }

type Completed struct{ cs []string }

type Builder struct{}

type Eval Incomplete
type EvalScript Incomplete
type EvalNumkeys Incomplete
type EvalKey Incomplete
type EvalArg Incomplete

func (b Builder) Eval() Eval                           { return Eval{} }
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

type EvalRo Incomplete
type EvalRoScript Incomplete
type EvalRoNumkeys Incomplete
type EvalRoKey Incomplete
type EvalRoArg Incomplete

func (b Builder) EvalRo() EvalRo                           { return EvalRo{} }
func (c EvalRo) Script(script string) EvalRoScript         { return EvalRoScript(c) }
func (c EvalRoScript) Numkeys(numkeys int64) EvalRoNumkeys { return EvalRoNumkeys(c) }
func (c EvalRoNumkeys) Key(key ...string) EvalRoKey        { return EvalRoKey(c) }
func (c EvalRoNumkeys) Arg(arg ...string) EvalRoArg        { return EvalRoArg(c) }
func (c EvalRoNumkeys) Build() Completed                   { return Completed(c) }
func (c EvalRoKey) Key(key ...string) EvalRoKey            { return c }
func (c EvalRoKey) Arg(arg ...string) EvalRoArg            { return EvalRoArg(c) }
func (c EvalRoKey) Build() Completed                       { return Completed(c) }
func (c EvalRoArg) Arg(arg ...string) EvalRoArg            { return c }
func (c EvalRoArg) Build() Completed                       { return Completed(c) }

type Evalsha Incomplete
type EvalshaSha1 Incomplete
type EvalshaNumkeys Incomplete
type EvalshaKey Incomplete
type EvalshaArg Incomplete

func (b Builder) Evalsha() Evalsha                         { return Evalsha{} }
func (c Evalsha) Sha1(sha1 string) EvalshaSha1             { return EvalshaSha1(c) }
func (c EvalshaSha1) Numkeys(numkeys int64) EvalshaNumkeys { return EvalshaNumkeys(c) }
func (c EvalshaNumkeys) Key(key ...string) EvalshaKey      { return EvalshaKey(c) }
func (c EvalshaNumkeys) Arg(arg ...string) EvalshaArg      { return EvalshaArg(c) }
func (c EvalshaNumkeys) Build() Completed                  { return Completed(c) }
func (c EvalshaKey) Key(key ...string) EvalshaKey          { return c }
func (c EvalshaKey) Arg(arg ...string) EvalshaArg          { return EvalshaArg(c) }
func (c EvalshaKey) Build() Completed                      { return Completed(c) }
func (c EvalshaArg) Arg(arg ...string) EvalshaArg          { return c }
func (c EvalshaArg) Build() Completed                      { return Completed(c) }

type Fcall Incomplete
type FcallFunction Incomplete
type FcallNumkeys Incomplete
type FcallKey Incomplete
type FcallArg Incomplete

func (b Builder) Fcall() Fcall                             { return Fcall{} }
func (c Fcall) Function(function string) FcallFunction     { return FcallFunction(c) }
func (c FcallFunction) Numkeys(numkeys int64) FcallNumkeys { return FcallNumkeys(c) }
func (c FcallNumkeys) Key(key ...string) FcallKey          { return FcallKey(c) }
func (c FcallNumkeys) Arg(arg ...string) FcallArg          { return FcallArg(c) }
func (c FcallNumkeys) Build() Completed                    { return Completed(c) }
func (c FcallKey) Key(key ...string) FcallKey              { return c }
func (c FcallKey) Arg(arg ...string) FcallArg              { return FcallArg(c) }
func (c FcallKey) Build() Completed                        { return Completed(c) }
func (c FcallArg) Arg(arg ...string) FcallArg              { return c }
func (c FcallArg) Build() Completed                        { return Completed(c) }

type ScriptLoad Incomplete
type ScriptLoadScript Incomplete

func (b Builder) ScriptLoad() ScriptLoad                   { return ScriptLoad{} }
func (c ScriptLoad) Script(script string) ScriptLoadScript { return ScriptLoadScript(c) }
func (c ScriptLoadScript) Build() Completed                { return Completed(c) }

type FunctionLoad Incomplete
type FunctionLoadReplace Incomplete
type FunctionLoadFunctionCode Incomplete

func (b Builder) FunctionLoad() FunctionLoad        { return FunctionLoad{} }
func (c FunctionLoad) Replace() FunctionLoadReplace { return FunctionLoadReplace(c) }
func (c FunctionLoad) FunctionCode(functionCode string) FunctionLoadFunctionCode {
	return FunctionLoadFunctionCode(c)
}
func (c FunctionLoadReplace) FunctionCode(functionCode string) FunctionLoadFunctionCode {
	return FunctionLoadFunctionCode(c)
}
func (c FunctionLoadFunctionCode) Build() Completed { return Completed(c) }

type Get Incomplete
type GetKey Incomplete

func (b Builder) Get() Get          { return Get{} }
func (c Get) Key(key string) GetKey { return GetKey(c) }
func (c GetKey) Build() Completed   { return Completed(c) }

type Decrby Incomplete
type DecrbyKey Incomplete
type DecrbyDecrement Incomplete

func (b Builder) Decrby() Decrby                              { return Decrby{} }
func (c Decrby) Key(key string) DecrbyKey                     { return DecrbyKey(c) }
func (c DecrbyKey) Decrement(decrement int64) DecrbyDecrement { return DecrbyDecrement(c) }
func (c DecrbyDecrement) Build() Completed                    { return Completed(c) }

type Setnx Incomplete
type SetnxKey Incomplete
type SetnxValue Incomplete

func (b Builder) Setnx() Setnx                   { return Setnx{} }
func (c Setnx) Key(key string) SetnxKey          { return SetnxKey(c) }
func (c SetnxKey) Value(value string) SetnxValue { return SetnxValue(c) }
func (c SetnxValue) Build() Completed            { return Completed(c) }

type Set Incomplete
type SetKey Incomplete
type SetValue Incomplete
type SetConditionNx Incomplete
type SetExpirationExSeconds Incomplete
type SetExpirationPxMilliseconds Incomplete
type SetExpirationKeepttl Incomplete

func (b Builder) Set() Set                   { return Set{} }
func (c Set) Key(key string) SetKey          { return SetKey(c) }
func (c SetKey) Value(value string) SetValue { return SetValue(c) }
func (c SetValue) Nx() SetConditionNx        { return SetConditionNx(c) }
func (c SetValue) Build() Completed          { return Completed(c) }
func (c SetConditionNx) ExSeconds(seconds int64) SetExpirationExSeconds {
	return SetExpirationExSeconds(c)
}
func (c SetConditionNx) PxMilliseconds(milliseconds int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds(c)
}
func (c SetConditionNx) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl(c) }
func (c SetConditionNx) Build() Completed              { return Completed(c) }
func (c SetExpirationExSeconds) Build() Completed      { return Completed(c) }
func (c SetExpirationPxMilliseconds) Build() Completed { return Completed(c) }
func (c SetExpirationKeepttl) Build() Completed        { return Completed(c) }

type Del Incomplete
type DelKey Incomplete

func (b Builder) Del() Del                { return Del{} }
func (c Del) Key(key ...string) DelKey    { return DelKey(c) }
func (c DelKey) Key(key ...string) DelKey { return c }
func (c DelKey) Build() Completed         { return Completed(c) }

type Expire Incomplete
type ExpireKey Incomplete
type ExpireSeconds Incomplete

func (b Builder) Expire() Expire                        { return Expire{} }
func (c Expire) Key(key string) ExpireKey               { return ExpireKey(c) }
func (c ExpireKey) Seconds(seconds int64) ExpireSeconds { return ExpireSeconds(c) }
func (c ExpireSeconds) Build() Completed                { return Completed(c) }
