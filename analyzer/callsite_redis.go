package analyzer

// The Redis commands that Go code sends, found by types: go-redis (v9, v8
// and older, and rueidiscompat, which copies its API) Cmdable methods and
// Do, redigo Do/DoContext, and rueidis command builders
// (client.B().Set()...Build()). The call-site checks that do not need a
// script's text (check-then-act races, locks) are queries over this list.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// commandLib is the Redis client library a command call belongs to.
type commandLib int

const (
	libNone commandLib = iota
	libGoRedis
	libRedigo
	libRueidis
)

// libraryOf classifies a package path (the paths are clientapi.go's).
func libraryOf(path string) commandLib {
	if l := libByPath[path]; l != nil {
		switch l.client {
		case clientGoRedis:
			return libGoRedis
		case clientRedigo:
			return libRedigo
		case clientRueidis:
			return libRueidis
		}
	}
	if strings.HasPrefix(path, "github.com/redis/rueidis/") {
		return libRueidis
	}
	return libNone
}

// funcLibrary returns the library a function belongs to.
func funcLibrary(fn *types.Func) commandLib {
	if fn == nil || fn.Pkg() == nil {
		return libNone
	}
	return libraryOf(pkgPath(fn))
}

// cmdArg is one argument of a Redis command after the command name.
type cmdArg struct {
	// expr is the Go expression; for a rueidis option without a value
	// (Nx()) it is the selector of the method.
	expr ast.Expr
	// lit is the argument's text when it is a compile-time constant (or a
	// rueidis token), and isLit says so.
	lit   string
	isLit bool
	// spread is a `xs...` argument: any number of values.
	spread bool
	// key marks a rueidis Key(...) argument.
	key bool
}

// redisCommand is one Redis command sent from Go.
type redisCommand struct {
	// call is the Go call: the go-redis method call, the redigo Do, or the
	// Build() that ends a rueidis builder chain.
	call *ast.CallExpr
	cur  inspector.Cursor
	lib  commandLib
	// via is how the command is written, for messages: "SetNX",
	// `Do("SET")`, "B().Set()".
	via string
	// method is the go-redis method name ("SetNX"), empty for Do and for
	// the other libraries.
	method string
	// name is the upper-case Redis command ("SET", "SCRIPT LOAD").
	name string
	cmd  *redisdb.Command
	// args are argv[1:] as Redis sees them, as far as the Go call shows
	// them; for a go-redis method they are the Go arguments after ctx,
	// which match argv for the key positions the checks use.
	args []cmdArg
	// recv is the receiver (the client, the transaction...), nil for a
	// package function.
	recv ast.Expr
	// queued is a redigo conn.Send: the command is sent with the next
	// Flush and its reply read later, so it gives no value where it is
	// written.
	queued bool
}

// argCount is the number of arguments after the command name, or -1 when
// a spread argument hides it.
func (c *redisCommand) argCount() int {
	for _, a := range c.args {
		if a.spread {
			return -1
		}
	}
	return len(c.args)
}

// hasToken reports whether a constant argument equals tok, ignoring case.
func (c *redisCommand) hasToken(tok string) bool {
	for _, a := range c.args {
		if a.isLit && strings.EqualFold(a.lit, tok) {
			return true
		}
	}
	return false
}

// keys returns the Go expressions of the command's keys, in order; spread
// arguments are left out.
func (c *redisCommand) keys() []ast.Expr {
	var out []ast.Expr
	if c.lib == libRueidis {
		for _, a := range c.args {
			if a.key && !a.spread {
				out = append(out, a.expr)
			}
		}
		return out
	}
	if c.cmd == nil {
		return nil
	}
	argv := make([]*string, 1, len(c.args)+1)
	argv[0] = &c.name
	for i := range c.args {
		if c.args[i].spread {
			break
		}
		if c.args[i].isLit {
			argv = append(argv, &c.args[i].lit)
		} else {
			argv = append(argv, nil)
		}
	}
	pos, _ := c.cmd.KeyPositions(argv)
	for _, p := range pos {
		if p >= 1 && p < len(argv) {
			out = append(out, c.args[p-1].expr)
		}
	}
	return out
}

// key returns the command's first key, or nil.
func (c *redisCommand) key() ast.Expr {
	if ks := c.keys(); len(ks) > 0 {
		return ks[0]
	}
	return nil
}

// isRead reports a command that only reads data of its keys (GET, HGET,
// EXISTS, ZSCORE...).
func (c *redisCommand) isRead() bool {
	return !c.queued && c.cmd != nil && c.cmd.HasFlag("READONLY") && !c.cmd.IsWrite() && c.cmd.Group != "scripting" && len(c.cmd.KeySpecs) > 0
}

// isWrite reports a command that writes data of its keys.
func (c *redisCommand) isWrite() bool {
	return c.cmd != nil && c.cmd.IsWrite() && c.cmd.Group != "scripting" && len(c.cmd.KeySpecs) > 0
}

// redisCommands lists the Redis commands a package sends, in source order,
// each as look finds it: the target's Lookup, so that the facts are the
// target's (Valkey's table, a module's keys for Do("JSON.SET", k, ...)),
// and a command the target lacks has none. Which command a client method
// sends (rdb.Get, B().Set()) is the client's API, named from Redis's table.
func redisCommands(pass *analysis.Pass, look func(string) *redisdb.Command) []*redisCommand {
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var out []*redisCommand
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := calleeFunc(pass.TypesInfo, call)
		var c *redisCommand
		switch funcLibrary(fn) {
		case libGoRedis:
			c = goRedisCommand(pass, call, fn, look)
		case libRedigo:
			c = redigoCommand(pass, call, fn, look)
		case libRueidis:
			c = rueidisCommand(pass, call, fn, look)
		}
		if c != nil {
			c.cur = cur
			out = append(out, c)
		}
	}
	return out
}

// csConstString returns the value of a constant string expression.
func csConstString(info *types.Info, e ast.Expr) (string, bool) {
	return constString(info.Types[e])
}

// csConstInt returns the value of a constant integer expression.
func csConstInt(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v := constant.ToInt(tv.Value)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// argsOf converts Go call arguments to command arguments: a constant is a
// literal (strings as written, integers in decimal), the last argument of
// a call with `...` is spread.
func argsOf(info *types.Info, call *ast.CallExpr, from int) []cmdArg {
	var out []cmdArg
	for i := from; i < len(call.Args); i++ {
		e := call.Args[i]
		a := cmdArg{expr: e}
		if s, ok := csConstString(info, e); ok {
			a.lit, a.isLit = s, true
		} else if n, ok := csConstInt(info, e); ok {
			a.lit, a.isLit = csFormatInt(n), true
		}
		if i == len(call.Args)-1 && call.Ellipsis.IsValid() {
			a.spread, a.isLit = true, false
		}
		out = append(out, a)
	}
	return out
}

func csFormatInt(n int64) string { return constant.MakeInt64(n).ExactString() }

// csTakesContext reports whether a signature's first parameter is a
// context.Context (go-redis v8 and later).
func csTakesContext(sig *types.Signature) bool {
	if sig.Params().Len() == 0 {
		return false
	}
	named, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
}

// goRedisCommand recognizes a go-redis command method (rdb.Get(ctx, k),
// tx.SetNX(...)) or Do(ctx, "CMD", args...).
func goRedisCommand(pass *analysis.Pass, call *ast.CallExpr, fn *types.Func, look func(string) *redisdb.Command) *redisCommand {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || !returnsCmd(sig) {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	from := 0
	if csTakesContext(sig) {
		from = 1
	}
	c := &redisCommand{call: call, lib: libGoRedis, recv: sel.X}
	if fn.Name() == "Do" {
		return genericCommand(pass, c, call, from, look)
	}
	name := goRedisCommandName(fn.Name())
	if name == "" {
		return nil
	}
	c.via, c.method, c.name, c.cmd = fn.Name(), fn.Name(), name, look(name)
	c.args = argsOf(pass.TypesInfo, call, from)
	return c
}

// returnsCmd reports whether a method returns a go-redis command (*StringCmd,
// *IntCmd, *Cmd...), which tells command methods from the rest of the API.
func returnsCmd(sig *types.Signature) bool {
	if sig.Results().Len() != 1 {
		return false
	}
	ptr, ok := sig.Results().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	return ok && strings.HasSuffix(named.Obj().Name(), "Cmd")
}

// goRedisCommandName maps a go-redis method to its Redis command: the
// upper-cased name (DecrBy → DECRBY), else its longest camel-case prefix
// that names a command (SetArgs → SET, ZAddNX → ZADD, ZRangeWithScores →
// ZRANGE). Methods that are not commands give "".
func goRedisCommandName(method string) string {
	if base, ok := strings.CutSuffix(method, "RO"); ok && base != "" {
		// EvalRO, EvalShaRO, FCallRO, SortRO...
		if c := redisdb.Lookup(strings.ToUpper(base) + "_RO"); c != nil {
			return c.Name
		}
	}
	words := csCamelWords(method)
	for n := len(words); n > 0; n-- {
		name := strings.ToUpper(strings.Join(words[:n], ""))
		if redisdb.Lookup(name) != nil {
			return name
		}
	}
	return ""
}

// csCamelWords splits DecrBy into Decr, By, keeping runs of capitals
// together (SetNX → Set, NX; ZAddNX → Z, Add, NX; EvalRO → Eval, RO).
func csCamelWords(s string) []string {
	var words []string
	start := 0
	rs := []rune(s)
	for i := 1; i < len(rs); i++ {
		up, prevUp := unicode.IsUpper(rs[i]), unicode.IsUpper(rs[i-1])
		nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if up && (!prevUp || nextLower) {
			words = append(words, string(rs[start:i]))
			start = i
		}
	}
	return append(words, string(rs[start:]))
}

// genericCommand fills c from a Do-style call whose argument `from` is the
// command name; nil when the name is not a constant.
func genericCommand(pass *analysis.Pass, c *redisCommand, call *ast.CallExpr, from int, look func(string) *redisdb.Command) *redisCommand {
	if from >= len(call.Args) || (from == len(call.Args)-1 && call.Ellipsis.IsValid()) {
		return nil
	}
	name, ok := csConstString(pass.TypesInfo, call.Args[from])
	if !ok || name == "" {
		return nil
	}
	name = strings.ToUpper(name)
	c.args = argsOf(pass.TypesInfo, call, from+1)
	c.cmd = look(name)
	if c.cmd != nil && c.cmd.Subcommands != nil && len(c.args) > 0 && c.args[0].isLit && !strings.ContainsAny(c.args[0].lit, " \t\r\n") {
		if sub := look(c.cmd.Name + " " + c.args[0].lit); sub != nil {
			name, c.cmd, c.args = sub.Name, sub, c.args[1:]
		}
	}
	c.name = name
	c.via = `Do("` + name + `")`
	return c
}

// redigoCommand recognizes conn.Do("CMD", args...), conn.DoContext(ctx,
// "CMD", ...) and redis.DoContext / redis.DoWithTimeout.
func redigoCommand(pass *analysis.Pass, call *ast.CallExpr, fn *types.Func, look func(string) *redisdb.Command) *redisCommand {
	sig := fn.Type().(*types.Signature)
	c := &redisCommand{call: call, lib: libRedigo}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil {
		c.recv = sel.X
	}
	switch {
	case sig.Recv() != nil && fn.Name() == "Do":
		if _, ok := types.Unalias(sig.Recv().Type()).Underlying().(*types.Interface); !ok && !csNamed(sig.Recv().Type(), "Conn") {
			// Script.Do and other non-connection Do methods run scripts,
			// not commands.
			return nil
		}
		return genericCommand(pass, c, call, 0, look)
	case sig.Recv() != nil && fn.Name() == "Send":
		if _, ok := types.Unalias(sig.Recv().Type()).Underlying().(*types.Interface); !ok && !csNamed(sig.Recv().Type(), "Conn") {
			return nil
		}
		c.queued = true
		return genericCommand(pass, c, call, 0, look)
	case sig.Recv() != nil && fn.Name() == "DoContext":
		if _, ok := types.Unalias(sig.Recv().Type()).Underlying().(*types.Interface); !ok {
			return nil
		}
		return genericCommand(pass, c, call, 1, look)
	case sig.Recv() == nil && (fn.Name() == "DoContext" || fn.Name() == "DoWithTimeout"):
		if len(call.Args) > 0 {
			c.recv = call.Args[0]
		}
		return genericCommand(pass, c, call, 2, look)
	}
	return nil
}

// csNamed reports whether t (or what it points to) is a named type called
// name.
func csNamed(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == name
}

// rueidisCommand recognizes a builder chain ending in Build():
// client.B().Set().Key(k).Value(v).Nx().ExSeconds(10).Build().
func rueidisCommand(pass *analysis.Pass, call *ast.CallExpr, fn *types.Func, look func(string) *redisdb.Command) *redisCommand {
	if fn.Name() != "Build" || fn.Type().(*types.Signature).Recv() == nil {
		return nil
	}
	// Walk down the chain to B(), collecting the method calls.
	var chain []*ast.CallExpr
	var recv ast.Expr
	e := ast.Expr(call)
	for {
		ce, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil
		}
		sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if sel.Sel.Name == "B" && len(ce.Args) == 0 {
			recv = sel.X
			break
		}
		chain = append(chain, ce)
		e = sel.X
	}
	// chain is Build(), ..., Cmd(); reverse it.
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	if len(chain) < 2 {
		return nil
	}
	first := ast.Unparen(chain[0].Fun).(*ast.SelectorExpr).Sel.Name
	name, cmd := rueidisCommandName(first)
	if cmd == nil {
		return nil
	}
	if cmd = look(name); cmd == nil {
		return nil // the target lacks it
	}
	c := &redisCommand{call: call, lib: libRueidis, via: "B()." + first + "()", name: name, cmd: cmd, recv: recv}
	for _, ce := range chain[1 : len(chain)-1] {
		sel := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
		m := sel.Sel.Name
		args := argsOf(pass.TypesInfo, ce, 0)
		if rueidisValueMethods[m] {
			for i := range args {
				args[i].key = m == "Key"
			}
			c.args = append(c.args, args...)
			continue
		}
		tok := rueidisToken(m)
		c.args = append(c.args, cmdArg{expr: sel, lit: tok, isLit: true})
		c.args = append(c.args, args...)
	}
	return c
}

// rueidisValueMethods are builder methods whose arguments are the values
// themselves, without a token before them.
var rueidisValueMethods = map[string]bool{
	"Key": true, "Value": true, "Field": true, "Member": true, "Increment": true, "Decrement": true,
	"Seconds": true, "Milliseconds": true, "Timestamp": true, "MillisecondsTimestamp": true,
	"Script": true, "Numkeys": true, "Arg": true, "Sha1": true, "Function": true, "FunctionCode": true,
	"Index": true, "Element": true, "Score": true, "Start": true, "Stop": true, "Min": true, "Max": true,
	"FieldValue": true, "ScoreMember": true, "Count": true,
}

// rueidisToken maps an option method to the token it sends: Nx → NX,
// ExSeconds → EX, PxMilliseconds → PX, ExatTimestamp → EXAT,
// PxatMillisecondsTimestamp → PXAT, Keepttl → KEEPTTL.
func rueidisToken(method string) string {
	return strings.ToUpper(csCamelWords(method)[0])
}

// rueidisCommandName maps a builder's first method to its command: Get →
// GET, Decrby → DECRBY, EvalRo → EVAL_RO, ScriptLoad → SCRIPT LOAD.
func rueidisCommandName(method string) (string, *redisdb.Command) {
	up := strings.ToUpper(method)
	if c := redisdb.Lookup(up); c != nil && c.Subcommands == nil {
		return c.Name, c
	}
	words := csCamelWords(method)
	for i := range words {
		words[i] = strings.ToUpper(words[i])
	}
	if c := redisdb.Lookup(strings.Join(words, "_")); c != nil {
		return c.Name, c
	}
	if len(words) >= 2 {
		if c := redisdb.Lookup(words[0] + " " + strings.Join(words[1:], "")); c != nil {
			return c.Name, c
		}
	}
	return "", nil
}

// csEnclosingFunc returns the innermost function (declaration or literal)
// around a cursor, and its body.
func csEnclosingFunc(cur inspector.Cursor) (ast.Node, *ast.BlockStmt) {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := f.Node().(type) {
		case *ast.FuncDecl:
			return n, n.Body
		case *ast.FuncLit:
			return n, n.Body
		}
	}
	return nil, nil
}

// csOuterFunc returns the top-level function declaration around a cursor.
func csOuterFunc(cur inspector.Cursor) *ast.FuncDecl {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		return f.Node().(*ast.FuncDecl)
	}
	return nil
}

// inTransaction reports whether a command runs where the key is protected
// or its reply is not available at once: on a go-redis Tx or pipeline, in
// a callback of Watch, TxPipelined or Pipelined, or in a function that also
// sends WATCH or MULTI (redigo, rueidis).
func inTransaction(pass *analysis.Pass, c *redisCommand, txFuncs map[ast.Node]bool) bool {
	if c.recv != nil && c.lib == libGoRedis {
		if t := pass.TypesInfo.TypeOf(c.recv); t != nil {
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && libraryOf(n.Obj().Pkg().Path()) == libGoRedis {
				switch n.Obj().Name() {
				case "Tx", "Pipeline", "Pipeliner", "TxPipeline":
					return true
				}
			}
		}
	}
	for f := range c.cur.Enclosing((*ast.FuncLit)(nil)) {
		parent := f.Parent()
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := calleeFunc(pass.TypesInfo, call)
		if fn == nil || funcLibrary(fn) == libNone {
			continue
		}
		switch fn.Name() {
		case "Watch", "TxPipelined", "Pipelined", "Dedicated", "DoMulti":
			return true
		}
	}
	if fn, _ := csEnclosingFunc(c.cur); fn != nil && txFuncs[fn] {
		return true
	}
	return false
}

// transactionFuncs returns the functions that send WATCH or MULTI
// themselves (redigo Do or Send, rueidis, go-redis Do).
func transactionFuncs(cmds []*redisCommand) map[ast.Node]bool {
	out := map[ast.Node]bool{}
	for _, c := range cmds {
		if c.name == "WATCH" || c.name == "MULTI" {
			if fn, _ := csEnclosingFunc(c.cur); fn != nil {
				out[fn] = true
			}
		}
	}
	return out
}

// csLine returns the line of a position.
func csLine(pass *analysis.Pass, pos token.Pos) int {
	return pass.Fset.Position(pos).Line
}
