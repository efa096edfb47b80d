// Package cmds is a stub of rueidis's command builder.
package cmds

type Completed struct{ cs []string }

type Builder struct{}

func (b Builder) Eval() Eval                 { return Eval{} }
func (b Builder) EvalRo() EvalRo             { return EvalRo{} }
func (b Builder) Evalsha() Evalsha           { return Evalsha{} }
func (b Builder) ScriptLoad() ScriptLoad     { return ScriptLoad{} }
func (b Builder) FunctionLoad() FunctionLoad { return FunctionLoad{} }
func (b Builder) Fcall() Fcall               { return Fcall{} }
func (b Builder) Get() Get                   { return Get{} }

type Eval struct{ cs []string }

func (c Eval) Script(script string) EvalScript { return EvalScript{} }

type EvalScript struct{ cs []string }

func (c EvalScript) Numkeys(numkeys int64) EvalNumkeys { return EvalNumkeys{} }

type EvalNumkeys struct{ cs []string }

func (c EvalNumkeys) Key(key ...string) EvalKey { return EvalKey{} }
func (c EvalNumkeys) Arg(arg ...string) EvalArg { return EvalArg{} }
func (c EvalNumkeys) Build() Completed          { return Completed{} }

type EvalKey struct{ cs []string }

func (c EvalKey) Key(key ...string) EvalKey { return c }
func (c EvalKey) Arg(arg ...string) EvalArg { return EvalArg{} }
func (c EvalKey) Build() Completed          { return Completed{} }

type EvalArg struct{ cs []string }

func (c EvalArg) Arg(arg ...string) EvalArg { return c }
func (c EvalArg) Build() Completed          { return Completed{} }

type EvalRo struct{ cs []string }

func (c EvalRo) Script(script string) EvalScript { return EvalScript{} }

type Evalsha struct{ cs []string }

func (c Evalsha) Sha1(sha1 string) EvalScript { return EvalScript{} }

type ScriptLoad struct{ cs []string }

func (c ScriptLoad) Script(script string) ScriptLoadScript { return ScriptLoadScript{} }

type ScriptLoadScript struct{ cs []string }

func (c ScriptLoadScript) Build() Completed { return Completed{} }

type FunctionLoad struct{ cs []string }

func (c FunctionLoad) Replace() FunctionLoadReplace { return FunctionLoadReplace{} }
func (c FunctionLoad) FunctionCode(functionCode string) FunctionLoadFunctionCode {
	return FunctionLoadFunctionCode{}
}

type FunctionLoadReplace struct{ cs []string }

func (c FunctionLoadReplace) FunctionCode(functionCode string) FunctionLoadFunctionCode {
	return FunctionLoadFunctionCode{}
}

type FunctionLoadFunctionCode struct{ cs []string }

func (c FunctionLoadFunctionCode) Build() Completed { return Completed{} }

type Fcall struct{ cs []string }

func (c Fcall) Function(function string) EvalScript { return EvalScript{} }

type Get struct{ cs []string }

func (c Get) Key(key string) GetKey { return GetKey{} }

type GetKey struct{ cs []string }

func (c GetKey) Build() Completed { return Completed{} }
