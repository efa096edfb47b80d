package analyzer

import (
	"go/ast"
	"go/types"
	"strings"
)

// What the analyzer knows of the client libraries' script APIs, as data:
// which functions and methods create, run or load a script, where the
// source, the command word and the keys are among their arguments. A
// project's own APIs (facts.go) and those .lint-lua.yaml names
// (scriptapis.go) are described the same way.

// Client libraries, as scriptUse.Client names them.
const (
	clientGoRedis = "go-redis"
	clientRedigo  = "redigo"
	clientRedsync = "redsync"
	clientRueidis = "rueidis"
	// clientProject is a function of the project whose parameter reaches
	// a client's API (facts.go), or one .lint-lua.yaml names.
	clientProject = "project"
)

// passForm says how a call passes the script's keys and arguments.
type passForm uint8

const (
	passNone passForm = iota
	// passSlice: a slice of keys at Keys, then the arguments: variadic
	// from Keys+1 (go-redis Eval(ctx, src, keys, args...)), or a slice at
	// Args (rueidis Exec(ctx, c, keys, args)).
	passSlice
	// passNumkeys: numkeys at Keys, then the keys and the arguments
	// (Do("EVAL", src, numkeys, ...)).
	passNumkeys
	// passKeyCount: the number of keys at Keys, fixed when the script
	// object is made (redigo NewScript(keyCount, src)).
	passKeyCount
	// passOriginCount: the keys and arguments from Keys on, counted by the
	// key count of the call that made the object (redigo Script.Do(c,
	// keysAndArgs...)).
	passOriginCount
	// passBuilder: the rueidis builder methods that follow the call
	// (.Numkeys(n).Key(k...).Arg(a...)).
	passBuilder
)

// clientAPI is one function or method of a client library that creates,
// runs or loads a script. Argument indexes count from after a leading
// context.Context parameter.
type clientAPI struct {
	// recv is the receiver's type name, "" for a package-level function,
	// "*" for a method of any other type of the library.
	recv string
	// name is the function or method; a final * matches a prefix.
	name string
	kind useKind
	ro   bool
	// src is the index of the source (a string parameter, or the API is
	// another one of that name), -1 when the call passes none.
	src int
	// cmdAt, for a generic command call (Do, Send), is the index of the
	// command word; the command then says the kind (commandCall). -1
	// otherwise.
	cmdAt int
	// command is the command a rueidis builder method sends.
	command string
	// pass, keys and args say how the keys and arguments are passed.
	pass       passForm
	keys, args int
	// fname is the index of an FCall's function name, -1 otherwise.
	fname int
	// obj is, for a call that runs a script object it is passed rather
	// than its receiver (redsync's Conn.Eval(script, keysAndArgs...)),
	// the index of the object; -1 otherwise.
	obj int
}

// api is a clientAPI with the fields that are usually -1 set so.
func api(recv, name string, kind useKind) clientAPI {
	return clientAPI{recv: recv, name: name, kind: kind, src: -1, cmdAt: -1, keys: -1, args: -1, fname: -1, obj: -1}
}

func (a clientAPI) source(i int) clientAPI     { a.src = i; return a }
func (a clientAPI) readOnly() clientAPI        { a.ro = true; return a }
func (a clientAPI) commandAt(i int) clientAPI  { a.cmdAt = i; return a }
func (a clientAPI) sends(cmd string) clientAPI { a.command = cmd; return a }
func (a clientAPI) function(i int) clientAPI   { a.fname = i; return a }
func (a clientAPI) object(i int) clientAPI     { a.obj = i; return a }
func (a clientAPI) passing(p passForm, keys, args int) clientAPI {
	a.pass, a.keys, a.args = p, keys, args
	return a
}

// clientLib is one client library: its package paths and its APIs.
type clientLib struct {
	client string
	paths  []string
	apis   []clientAPI
}

// goRedisAPIs serve go-redis v9, v8 and older, and rueidiscompat, which
// copies its API.
var goRedisAPIs = []clientAPI{
	api("", "NewScript", useCreate).source(0),
	api("Script", "Run", useRun).passing(passSlice, 1, -1),
	api("Script", "RunRO", useRun).readOnly().passing(passSlice, 1, -1),
	api("Script", "Eval", useRun).passing(passSlice, 1, -1),
	api("Script", "EvalRO", useRun).readOnly().passing(passSlice, 1, -1),
	api("Script", "EvalSha", useRun).passing(passSlice, 1, -1),
	api("Script", "EvalShaRO", useRun).readOnly().passing(passSlice, 1, -1),
	api("Script", "Load", useRun),
	api("*", "Eval", useEval).source(0).passing(passSlice, 1, -1),
	api("*", "EvalRO", useEval).readOnly().source(0).passing(passSlice, 1, -1),
	api("*", "EvalSha", useEvalSha).passing(passSlice, 1, -1),
	api("*", "EvalShaRO", useEvalSha).readOnly().passing(passSlice, 1, -1),
	api("*", "ScriptLoad", useLoad).source(0),
	api("*", "FunctionLoad", useFunctionLoad).source(0),
	api("*", "FunctionLoadReplace", useFunctionLoad).source(0),
	api("*", "FCall", useFCall).function(0).passing(passSlice, 1, -1),
	api("*", "FCallRO", useFCall).readOnly().function(0).passing(passSlice, 1, -1),
	api("*", "FCallRo", useFCall).readOnly().function(0).passing(passSlice, 1, -1),
	api("*", "Do", 0).commandAt(0),
}

// clientLibs are the client libraries whose script APIs are known.
var clientLibs = []clientLib{
	{clientGoRedis, []string{
		"github.com/redis/go-redis/v9",
		"github.com/go-redis/redis/v8",
		"github.com/go-redis/redis/v7",
		"github.com/go-redis/redis",
		"github.com/redis/rueidis/rueidiscompat",
	}, goRedisAPIs},
	// redsync's own script type: its scripts are made there and run
	// through its adaptors' Eval(script.Src), which the mutex calls as
	// Conn.Eval(script, keysAndArgs...).
	{clientRedsync, []string{"github.com/go-redsync/redsync/v4/redis"}, []clientAPI{
		api("", "NewScript", useCreate).source(1).passing(passKeyCount, 0, -1),
		api("Conn", "Eval", useRun).object(0).passing(passOriginCount, 1, -1),
	}},
	{clientRedigo, []string{"github.com/gomodule/redigo/redis", "github.com/garyburd/redigo/redis"}, []clientAPI{
		api("", "NewScript", useCreate).source(1).passing(passKeyCount, 0, -1),
		api("", "DoContext", 0).commandAt(2),
		api("", "DoWithTimeout", 0).commandAt(2),
		api("Script", "Do", useRun).passing(passOriginCount, 1, -1),
		api("Script", "DoContext", useRun).passing(passOriginCount, 1, -1),
		api("Script", "Send", useRun).passing(passOriginCount, 1, -1),
		api("Script", "SendHash", useRun).passing(passOriginCount, 1, -1),
		api("Script", "Load", useRun),
		api("*", "Do", 0).commandAt(0),
		api("*", "Send", 0).commandAt(0),
		api("*", "DoContext", 0).commandAt(0),
		api("*", "DoWithTimeout", 0).commandAt(1),
	}},
	{clientRueidis, []string{"github.com/redis/rueidis"}, []clientAPI{
		api("", "NewLuaScript", useCreate).source(0),
		api("", "NewLuaScriptReadOnly", useCreate).readOnly().source(0),
		api("", "NewLuaScriptReadOnly*", useCreate).readOnly().source(0),
		api("", "NewLuaScript*", useCreate).source(0),
		api("Lua", "ExecMulti", useRun),
		api("Lua", "Exec*", useRun).passing(passSlice, 1, 2),
	}},
	// The command builders: client.B().Eval().Script(src)...
	{clientRueidis, []string{"github.com/redis/rueidis/internal/cmds"}, []clientAPI{
		api("Eval", "Script", useEval).source(0).sends("EVAL").passing(passBuilder, -1, -1),
		api("EvalRo", "Script", useEval).readOnly().source(0).sends("EVAL_RO").passing(passBuilder, -1, -1),
		api("ScriptLoad", "Script", useLoad).source(0).sends("SCRIPT LOAD"),
		api("*", "FunctionCode", useFunctionLoad).source(0).sends("FUNCTION LOAD"),
		api("Evalsha", "Sha1", useEvalSha).sends("EVALSHA").passing(passBuilder, -1, -1),
		api("EvalshaRo", "Sha1", useEvalSha).readOnly().sends("EVALSHA_RO").passing(passBuilder, -1, -1),
		api("Fcall", "Function", useFCall).sends("FCALL").function(0).passing(passBuilder, -1, -1),
		api("FcallRo", "Function", useFCall).readOnly().sends("FCALL_RO").function(0).passing(passBuilder, -1, -1),
	}},
}

// libByPath indexes clientLibs.
var libByPath = func() map[string]*clientLib {
	m := map[string]*clientLib{}
	for i := range clientLibs {
		for _, p := range clientLibs[i].paths {
			m[p] = &clientLibs[i]
		}
	}
	return m
}()

// lookup returns the API a function of the library is, if any: the entry
// for its receiver type, else one for any receiver; an exact name before a
// prefix.
func (l *clientLib) lookup(recv, name string, isMethod bool) (clientAPI, bool) {
	var best clientAPI
	score := 0
	for _, a := range l.apis {
		if (a.recv == "") == isMethod {
			continue
		}
		// The receiver counts first, then the name: exact, else the
		// longest prefix.
		s := 0
		switch {
		case a.recv == recv || a.recv == "":
			s = 2000
		case a.recv == "*":
			s = 1000
		default:
			continue
		}
		switch prefix, ok := strings.CutSuffix(a.name, "*"); {
		case a.name == name:
			s += 999
		case ok && strings.HasPrefix(name, prefix):
			s += len(prefix)
		default:
			continue
		}
		if s > score {
			best, score = a, s
		}
	}
	return best, score > 0
}

// use makes the scriptUse a call of an API is, or nil when its arguments
// do not fit (a method of the same name with another signature, a command
// that is not a script command).
func (a clientAPI) use(info *types.Info, client string, fn *types.Func, call *ast.CallExpr) *scriptUse {
	off := ctxOffset(fn)
	u := &scriptUse{Call: call, Client: client, Name: fn.Name(), Kind: a.kind, ReadOnly: a.ro,
		Command: a.command, SrcArg: -1, CmdArg: -1, KeysArg: -1, ArgsArg: -1, FuncArg: -1, ObjArg: -1, Pass: a.pass}
	at := func(i int) int {
		if i < 0 {
			return -1
		}
		return i + off
	}
	if a.cmdAt >= 0 {
		if !commandCall(info, u, at(a.cmdAt)) {
			return nil
		}
	} else {
		if a.src >= 0 {
			if u.SrcArg = stringParam(fn, a.src); u.SrcArg < 0 {
				return nil
			}
		}
		u.KeysArg, u.ArgsArg, u.FuncArg, u.ObjArg = at(a.keys), at(a.args), at(a.fname), at(a.obj)
	}
	if u.SrcArg >= len(call.Args) {
		u.SrcArg = -1
	}
	return u
}
