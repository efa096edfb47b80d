package hostlang

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// Extract finds the Redis scripts in a host file's string literals. apis
// nil means the language's own APIs. It fails only for an unknown language: any
// content is tokenized as far as it goes.
func Extract(lang Lang, src []byte, apis *APIs) (*File, error) {
	if lang == nil {
		return nil, fmt.Errorf("extract: no language")
	}
	if apis == nil {
		apis = apisOf(lang)
	}
	// Room for a token every four bytes and a literal every 64 saves
	// most of the slices' regrowth: the Java files of Redisson that the
	// prefilter keeps hold a token every 5.9 bytes, and with room for one
	// every eight, 118 of those 147 files grew their token slice (by a
	// quarter at a time, each growth a copy).
	s := &Scanner{Src: src, lexer: lang.Lexer(), main: make([]token, 0, len(src)/4+8), Lits: make([]Literal, 0, len(src)/64+4)}
	s.code(0, false)
	w := &walker{s: s, src: src, lang: lang, t: lang.Traits(), wrappers: lang.Wrappers(), keywords: keywordsOf(lang), apis: apis, bindings: map[string][]*binding{}, targets: map[*expr]bool{},
		types: map[string]bool{}, created: map[int]*expr{}, params: map[string][][2]int{}, appends: map[string][]int{},
		appendSites: map[string][]appendSite{}, joins: map[*binding]*join{}}
	w.streams = []*stream{newStream(s.main, src, s.Lits), newStream(s.sub, src, s.Lits)}
	w.declaredTypes(w.streams[0])
	for _, st := range w.streams {
		w.collect(st)
	}
	w.sortBindings()
	w.joinAppends()
	f := &File{Lang: lang, Comments: s.comments}
	var dynamic []Script
	for _, st := range w.streams {
		dynamic = append(dynamic, w.apiCalls(st)...)
	}
	// Evaluate every candidate first: evaluating one marks the names it
	// joins in as fragments, which are no scripts of their own. A
	// candidate made only of literals, with no needle written inside it,
	// can neither be a script by its content nor mark a fragment: it is
	// not evaluated at all (most string literals of a file are such).
	for _, e := range w.cands {
		if w.mayMatter(e) {
			w.eval(e)
		}
	}
	seen := map[*expr]bool{}
	var order []*expr
	for _, e := range w.cands {
		// A literal inside an interpolation hole is a piece of the
		// text around it (`${cond ? `KEYS[1]` : `KEYS[2]`}`), not a
		// script of its own unless a script API receives it.
		inHole := e.st != w.streams[0]
		if !seen[e] && (w.targets[e] || !w.t.APIOnly && !inHole && !e.fragment && !e.contained && w.mayMatter(e) && w.evidentlyRedis(e)) {
			seen[e] = true
			order = append(order, e)
		}
	}
	// API targets that are not candidates (a binding reached through a
	// call, say) are scripts too.
	for _, st := range w.streams {
		for _, e := range st.exprAt {
			if e != nil && w.targets[e] && !seen[e] {
				seen[e] = true
				order = append(order, e)
			}
		}
	}
	for _, e := range order {
		if sc := w.script(e); sc != nil {
			f.Scripts = append(f.Scripts, *sc)
		}
	}
	f.Scripts = append(f.Scripts, dynamic...)
	sort.SliceStable(f.Scripts, func(i, j int) bool { return f.Scripts[i].Start < f.Scripts[j].Start })
	return f, nil
}

// mayMatter reports whether a candidate could be a script by its content
// or name another expression: it has an operand other than a literal, or
// a content needle's start written inside its range.
func (w *walker) mayMatter(e *expr) bool {
	if e.mayMatter != 0 {
		return e.mayMatter > 0
	}
	e.mayMatter = -1
	for _, op := range e.ops {
		if op.kind != opLit || len(op.post) > 0 {
			e.mayMatter = 1
			return true
		}
		for _, k := range op.lits {
			// Holes may be filled with named texts.
			if len(w.s.Lits[e.st.toks[k].Lit].Val.Holes) > 0 {
				e.mayMatter = 1
				return true
			}
		}
	}
	src := w.src[e.start:e.end]
	for _, n := range [...]string{"KEYS[", "ARGV[", "redis.", "server."} {
		if bytes.Contains(src, []byte(n)) {
			e.mayMatter = 1
			return true
		}
	}
	return false
}

// evidentlyRedis reports whether an expression's value has a content
// needle written verbatim.
func (w *walker) evidentlyRedis(e *expr) bool {
	v := w.eval(e)
	if v == nil {
		return false
	}
	if hasNeedle(v, w.src) {
		return true
	}
	// A name whose text depends on a branch is a hole (settled), but a
	// template that splices it is a script when a text the name is given
	// before the hole is one (yii2-redis's LuaScriptBuilder splices
	// $getAllPks, an LRANGE or, with an ORDER BY, a SORT).
	for _, h := range v.Holes {
		if h.Kind == HoleParam {
			continue
		}
		name, qualified, ok := plainName(w.src[h.InStart:h.InEnd])
		if !ok || qualified {
			continue
		}
		for _, b := range w.bindings[name] {
			if b.off >= h.Start || b.fn || b.field {
				continue
			}
			if bv := w.eval(b.alts[0]); bv != nil && hasNeedle(bv, w.src) {
				return true
			}
		}
	}
	return false
}

// hasNeedle reports whether a content needle occurs in the value with
// every byte written as itself, in one run of the source.
func hasNeedle(v *Value, src []byte) bool {
	b := v.Text.Bytes()
	for _, n := range contentNeedles {
		for off := 0; ; {
			i := bytes.Index(b[off:], []byte(n))
			if i < 0 {
				break
			}
			i += off
			if Verbatim(v.Text, src, i, i+len(n)) && (n[len(n)-1] == '[' && indexFollows(b, i+len(n)) || n[len(n)-1] != '[' && callFollows(b, i+len(n))) {
				return true
			}
			off = i + 1
		}
	}
	return false
}

// callFollows reports whether b[i:] opens an argument list: blanks, then
// '(' (or a string or table argument, which Lua accepts too).
func callFollows(b []byte, i int) bool {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i < len(b) && (b[i] == '(' || b[i] == '"' || b[i] == '\'' || b[i] == '{')
}

// indexFollows reports whether b[i:] holds an index: a digit, a name, a
// length (`KEYS[1]`, `ARGV[i]`, `ARGV[#ARGV]`), not the end of a text
// that only spells "KEYS[".
func indexFollows(b []byte, i int) bool {
	for i < len(b) && b[i] == ' ' {
		i++
	}
	return i < len(b) && (isWordByte(b[i]) || b[i] == '#' || b[i] == '(')
}

func Verbatim(t *srcmap.Text, src []byte, from, to int) bool {
	for k := from; k < to; k++ {
		sp := t.Span(k)
		if !sp.Exact || sp.End != sp.Start+1 || sp.Start < 0 || sp.Start >= len(src) || src[sp.Start] != t.At(k) {
			return false
		}
		if k > from && sp.Start != t.Span(k-1).End {
			return false
		}
	}
	return true
}

// script assembles an expression's script.
func (w *walker) script(e *expr) *Script {
	v := w.eval(e)
	if v == nil {
		return nil
	}
	if e.template != "" {
		v = placeholders(v, e.template)
	}
	if len(v.Holes) == 0 && len(bytes.TrimSpace(v.Text.Bytes())) == 0 {
		// An empty text (an initializer, say) has nothing to lint, and
		// no place of its own to report it at.
		return nil
	}
	text, holes := assemble(v, w.src)
	foundBy := e.foundBy
	if foundBy == "" {
		foundBy = FoundByContent
	}
	return &Script{
		Text: text.String(), Map: text,
		Start: e.start, End: e.end,
		FoundBy: foundBy,
		Holes:   holes,
		Calls:   e.calls,
		Name:    e.name,
	}
}

// luaScriptParams turns StackExchange.Redis's `@name` parameters into
// holes, as LuaScript.Prepare finds them: `@` then a letter or `_` and
// word bytes, not preceded by a word byte; `@@name` is an escape for
// `@name`. The client rewrites each to ARGV[i] and passes RedisKey
// values in KEYS too; which ones are keys depends on the C# types of the
// object passed at run time, so the parameter is an opaque value here
// (a KEYS[i] would make a value look like a key, an ARGV[i] would make
// every key look undeclared).
func luaScriptParams(v *Value) *Value {
	b := v.Text.Bytes()
	out := NewValue(len(b))
	next := 0
	for i := 0; i < len(b); i++ {
		if v.holeAt(i, &next) {
			out.AddHole(v.Holes[next])
			continue
		}
		if b[i] != '@' || i+1 >= len(b) || !(isLetter(b[i+1]) || b[i+1] == '_') || i > 0 && (isWordByte(b[i-1]) && !v.isHole(i-1)) {
			out.Text.AppendSlice(v.Text, i, i+1)
			continue
		}
		if i > 0 && b[i-1] == '@' {
			// The escape `@@name`: the first @ was written, this one goes.
			continue
		}
		j := i + 1
		for j < len(b) && isWordByte(b[j]) && !v.isHole(j) {
			j++
		}
		s, e := v.Text.Span(i).Start, v.Text.Span(j-1).End
		in := v.Text.Span(i + 1).Start
		out.AddHole(ValueHole{Start: s, End: e, InStart: in, InEnd: e, Kind: HoleParam})
		i = j - 1
	}
	return out
}

// LuaScriptTemplate reads the content of a .lua file as the text of a
// client-side template (templates.go): StackExchange.Redis's
// LuaScript.Prepare rewrites each `@name` parameter (luaScriptParams)
// before Redis sees the script, carmine each `_:name`, others `{{name}}`,
// `${name}`, `$1` or printf verbs (templateGrammars). None of these is Lua
// code, so a file whose code holds the placeholders of one grammar (and of
// no other) is such a template, and its script is the text assembled as
// for a host literal, each byte of the file written as itself and each
// placeholder an opaque value; FoundBy names the grammar. It reports
// false, and the file is plain Lua, when no placeholder stands in code (a
// `@` in a string or a comment: an e-mail address, an LDoc tag,
// `--- @include`), when two grammars' do, and when a grammar's
// placeholders may be Lua (`{{x}}`) and the file names x elsewhere.
func LuaScriptTemplate(src []byte) (Script, bool) {
	g, ok := templateOf(src)
	if !ok {
		return Script{}, false
	}
	return readTemplate(src, g)
}

// readTemplate reads src as a template of grammar g.
func readTemplate(src []byte, g *templateGrammar) (Script, bool) {
	v := NewValue(len(src))
	for i, c := range src {
		v.Add(c, i, i+1)
	}
	params := placeholders(v, g.client)
	text, holes := assemble(params, src)
	for _, h := range holes {
		if h.Code {
			return Script{Text: text.String(), Map: text, End: len(src), FoundBy: g.client, Holes: holes}, true
		}
	}
	return Script{}, false
}

// longEnd returns the offset past the `]=*]` of level l that closes a
// long string or comment whose text starts at i (len(src) when none does).
func longEnd(src []byte, i, l int) int {
	for ; i < len(src); i++ {
		if src[i] == ']' && closesLong(src, i, l) {
			return i + l + 2
		}
	}
	return len(src)
}

// call is one call of an API found in a stream.
type call struct {
	api        API
	st         *stream
	name       int // the name token
	start, end int
	recv       string
	args       []argRange
	positional []argRange
}

// apiCalls finds the calls of the table's APIs in the stream, attaches
// each to the expression it receives and returns the Dynamic scripts.
func (w *walker) apiCalls(st *stream) []Script {
	var dynamic []Script
	var calls []*call
	toks := st.toks
	for k, t := range toks {
		if t.Kind != TkIdent {
			continue
		}
		idx := w.apis.lookup(w.lang, w.text(t))
		if len(idx) == 0 {
			continue
		}
		if w.declaration(st, k) {
			continue
		}
		c := call{st: st, name: k, start: t.Start}
		form := Function
		switch {
		case k > 0 && w.isMember(st, k-1):
			form = Method
			c.recv = w.receiver(st, k-2)
		case k > 0 && w.is(st, k-1, "new"):
			form = Constructor
			c.start = toks[k-1].Start
		}
		j := w.skipGenerics(st, k+1)
		switch {
		case j < len(toks) && w.is(st, j, "(") && st.match[j] > j:
			c.args = w.splitArgs(st, j+1, st.match[j])
			c.end = toks[st.match[j]].End
		case w.t.CommandCalls && j < len(toks) && (toks[j].Kind == TkString || toks[j].Kind == TkIdent && !w.keywordTok(toks[j]) || toks[j].Kind == TkNumber):
			// A command call: arguments to the line's end.
			e := j
			for e < len(toks) && toks[e].Kind != tkNewline && !w.is(st, e, "do") {
				if w.is(st, e, ",") {
					for e+1 < len(toks) && toks[e+1].Kind == tkNewline {
						e++
					}
				}
				if toks[e].Kind == TkPunct && st.match[e] > e {
					e = st.match[e]
				}
				e++
			}
			c.args = w.splitArgs(st, j, e)
			c.end = toks[e-1].End
		default:
			continue
		}
		for _, a := range c.args {
			if _, _, kw := w.kwArg(st, a); !kw {
				c.positional = append(c.positional, a)
			}
		}
		for _, ai := range idx {
			a := w.apis.list[ai]
			cc := c
			if a.ListAt > 0 {
				// The command's words are the elements of a list.
				if a.ListAt-1 >= len(c.positional) {
					continue
				}
				l := c.positional[a.ListAt-1]
				if !w.is(st, l.first, "[") || st.match[l.first] != l.last-1 {
					continue
				}
				cc.args = w.splitArgs(st, l.first+1, l.last-1)
				cc.positional = cc.args
			}
			if !w.formMatches(a, form, cc.recv) || !w.guardMatches(cc, a) {
				continue
			}
			cc.api = a
			calls = append(calls, &cc)
			break
		}
	}
	// Calls that make script objects first, so that the calls running
	// those objects find them.
	for _, creating := range []bool{true, false} {
		for _, c := range calls {
			if c.api.Creates != creating {
				continue
			}
			if d := w.use(c); d != nil {
				dynamic = append(dynamic, *d)
			}
		}
	}
	if w.t.ScriptObject != nil && len(w.created) > 0 {
		w.scriptObjectCalls(st)
	}
	return dynamic
}

// scriptObjectCalls attaches the calls of redis-py Script objects
// (`self._release(keys=[name], args=[token])`) to their scripts.
func (w *walker) scriptObjectCalls(st *stream) {
	toks := st.toks
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].Kind != TkIdent || !w.is(st, k+1, "(") || st.match[k+1] <= k+1 || w.declaration(st, k) {
			continue
		}
		t := w.createdBy(st, k)
		if t == nil {
			continue
		}
		start := toks[k].Start
		for j := k; j >= 2 && w.isMember(st, j-1) && toks[j-2].Kind == TkIdent; j -= 2 {
			start = toks[j-2].Start
		}
		c := &call{api: *w.t.ScriptObject, st: st, name: k, start: start, end: toks[st.match[k+1]].End}
		c.args = w.splitArgs(st, k+2, st.match[k+1])
		for _, a := range c.args {
			if _, _, kw := w.kwArg(st, a); !kw {
				c.positional = append(c.positional, a)
			}
		}
		cl := Call{API: w.text(toks[k]), Start: c.start, End: c.end, Keys: -1, Args: -1}
		w.keyCount(c, 0, &cl)
		w.attach(t, cl, *w.t.ScriptObject)
	}
}

// declWords precede a function's name where it is declared.
var declWords = map[string]bool{"def": true, "function": true, "fun": true, "func": true, "sub": true}

// exprWords may precede a call of a bare name.
var exprWords = map[string]bool{
	"return": true, "await": true, "yield": true, "else": true, "new": true, "in": true, "of": true,
	"typeof": true, "throw": true, "case": true, "do": true, "not": true, "and": true, "or": true,
	"puts": true, "print": true, "echo": true, "then": true, "if": true, "unless": true, "when": true,
	"raise": true, "lambda": true, "is": true, "as": true, "go": true, "defer": true, "elif": true,
}

// declaration reports whether the name at token k is declared there (a
// method named eval in a client library, or a wrapper) rather than called:
// `def eval(`, `function eval(`, `Object eval(String s)`, `eval(s) {`.
func (w *walker) declaration(st *stream, k int) bool {
	toks := st.toks
	if k == 0 {
		return false
	}
	p := toks[k-1]
	if p.Kind == TkIdent && declWords[w.text(p)] {
		return true
	}
	if w.isMember(st, k-1) {
		return w.is(st, k-2, "self") && w.is(st, k-3, "def") // def self.eval
	}
	// A type before a bare name: `String eval(`, `List<T> eval(`,
	// `int[] eval(`, `string? eval(`.
	if p.Kind == TkIdent && !exprWords[w.text(p)] || w.is(st, k-1, ">") && w.t.Generics || w.is(st, k-1, "]") || w.is(st, k-1, "?") {
		return !w.t.Untyped || p.Kind != TkIdent
	}
	// A body after the parameters: `eval(script, keys) {`, `=> ...` in C#.
	j := w.skipGenerics(st, k+1)
	if w.is(st, j, "(") && st.match[j] > j {
		n := st.match[j] + 1
		return w.is(st, n, "{") || w.is(st, n, ":") && w.t.ColonReturnTypes || w.is(st, n, "throws")
	}
	return false
}

// receiver names the receiver that ends at token q: a name, or the
// function whose call result it is.
func (w *walker) receiver(st *stream, q int) string {
	if q < 0 {
		return ""
	}
	t := st.toks[q]
	if t.Kind == TkIdent {
		return w.text(t)
	}
	if w.is(st, q, ")") && st.match[q] > 0 && st.toks[st.match[q]-1].Kind == TkIdent {
		return w.text(st.toks[st.match[q]-1])
	}
	return ""
}

func (w *walker) formMatches(a API, form Form, recv string) bool {
	if a.Recv != "" && bareName(recv) != a.Recv {
		return false
	}
	switch a.Form {
	case Constructor:
		return form == Constructor || form == Function && w.t.BareConstructors
	case Method:
		return form == Method || form == Function && !a.Generic
	}
	return true
}

func (w *walker) guardMatches(c call, a API) bool {
	if len(a.Guard) == 0 {
		return true
	}
	if a.GuardArg >= len(c.positional) {
		return false
	}
	got := w.argText(c.st, c.positional[a.GuardArg])
	for _, g := range a.Guard {
		if got == g || a.GuardPrefix && strings.HasPrefix(got, g) {
			return true
		}
	}
	return false
}

// use resolves a call's script argument and key count. It attaches the
// call to the expression that gives the script and returns a Dynamic
// script when the argument cannot be resolved.
func (w *walker) use(c *call) *Script {
	a := c.api
	if a.Script == NoScript {
		return nil
	}
	st := c.st
	if a.Runs && a.Script == Receiver {
		cl := Call{API: a.Name, Start: c.start, End: max(c.end, c.start), Keys: -1, Args: -1}
		if t := w.createdBy(st, c.name-2); t != nil {
			w.keyCount(c, 0, &cl)
			w.attach(t, cl, a)
		}
		return nil
	}
	scriptIdx := a.Script
	var arg argRange
	found := false
	if a.ScriptKw != "" {
		for _, x := range c.args {
			if n, v, ok := w.kwArg(st, x); ok && n == a.ScriptKw {
				arg, found = v, true
			}
		}
	}
	if !found && a.Script == FirstString {
		for i, x := range c.positional {
			if i < a.ScriptFrom {
				continue
			}
			if e := w.parseArg(st, x, 0); e != nil && w.stringy(e) {
				arg, found, scriptIdx = x, true, i
				break
			}
		}
		if !found {
			return nil
		}
		if a.KeyOrScript && len(c.positional) == 2 {
			other := c.positional[1-scriptIdx]
			if w.keyLike(st, arg) && !w.keyLike(st, other) {
				arg, scriptIdx = other, 1-scriptIdx
			}
		}
	}
	if !found {
		if scriptIdx >= len(c.positional) {
			return nil
		}
		arg, found = c.positional[scriptIdx], true
	}
	if a.ScriptField != "" {
		v, ok := w.objectField(st, arg, a.ScriptField)
		if !ok {
			return nil
		}
		arg = v
	}
	cl := Call{API: a.Name, Start: c.start, End: max(c.end, c.start), Keys: -1, Args: -1}
	w.keyCount(c, scriptIdx, &cl)
	recvOK := redisish(c.recv) || cl.Keys >= 0

	if a.Runs {
		// The call runs a script object that the argument names, when
		// a creating call made it.
		if arg.last-arg.first == w.refLen(st, arg) && arg.last > arg.first {
			if t := w.createdBy(st, arg.last-1); t != nil {
				w.attach(t, cl, a)
			}
		}
		return nil
	}
	target, ref, dyn := w.scriptArg(st, arg)
	if dyn {
		// A script object made by a creating call (a LuaScript a
		// StackExchange.Redis ScriptEvaluate runs) is no dynamic text.
		if t := w.createdBy(st, arg.last-1); t != nil && arg.last-arg.first == w.refLen(st, arg) {
			w.attach(t, cl, a)
			return nil
		}
	}
	switch {
	case target != nil:
		if a.Generic && !recvOK && !hasNeedle(w.eval(target), w.src) {
			return nil
		}
		w.attach(target, cl, a)
		if a.Creates {
			w.created[c.st.toks[c.name].Start] = target
		}
		return nil
	case dyn:
		if a.Generic && !recvOK {
			return nil
		}
		if a.NotSHA && shaLike(ref) {
			// ScriptEvaluate(byte[] hash, ...) runs EVALSHA: a
			// LoadedLuaScript's Hash is no script text.
			return nil
		}
		start, end := w.hostRange(st, arg.first, arg.last)
		return &Script{Start: start, End: end, FoundBy: a.Name, Dynamic: true, Ref: ref, Calls: []Call{cl}}
	}
	return nil
}

// shaLike reports whether a reference names a script's SHA1 rather than
// its text: its last name is Hash, Sha or Sha1, or ends so (`script.Hash`,
// `scriptSha1`).
func shaLike(ref string) bool {
	if ref == "" {
		return false
	}
	i := strings.LastIndexAny(ref, ".>:")
	n := strings.ToLower(ref[i+1:])
	return strings.HasSuffix(n, "hash") || strings.HasSuffix(n, "sha") || strings.HasSuffix(n, "sha1")
}

// attach records that a call runs the expression's script.
func (w *walker) attach(target *expr, cl Call, a API) {
	target.calls = append(target.calls, cl)
	if target.foundBy == "" {
		target.foundBy = a.Name
	}
	if a.Template != "" {
		target.template = a.Template
	}
	w.targets[target] = true
}

// refLen is the length of the plain reference (a name, a member chain)
// at the start of argument a, in tokens.
func (w *walker) refLen(st *stream, a argRange) int {
	k := a.first
	for k < a.last && (st.toks[k].Kind == TkIdent || w.isMember(st, k)) {
		k++
	}
	return k - a.first
}

// createdBy returns the script of the object that the name ending at
// token k holds, when a creating call (register_script, LuaScript.Prepare,
// new DefaultRedisScript) made it: `self._script`, `Script`.
func (w *walker) createdBy(st *stream, k int) *expr {
	if k < 0 || k >= len(st.toks) || st.toks[k].Kind != TkIdent {
		return nil
	}
	name := bareName(w.text(st.toks[k]))
	bs := w.bindings[name]
	for n := len(bs) - 1; n >= 0 && n >= len(bs)-16; n-- {
		for _, alt := range bs[n].alts {
			for j := alt.first; j < alt.last && j < alt.first+8; j++ {
				if t := w.created[alt.st.toks[j].Start]; t != nil {
					return t
				}
			}
		}
	}
	return nil
}

// keyLike reports whether argument a is a string whose value reads as a
// Redis key, not a script: a known text with no blank, no parenthesis and
// no script needle (JedisCluster's sampleKey "script", "{user}:lock").
func (w *walker) keyLike(st *stream, a argRange) bool {
	e := w.parseArg(st, a, 0)
	if e == nil {
		return false
	}
	v := w.eval(e)
	if v == nil || len(v.Holes) > 0 || hasNeedle(v, w.src) {
		return false
	}
	b := v.Text.Bytes()
	return len(b) > 0 && !bytes.ContainsAny(b, " \t\r\n()")
}

// stringy reports whether an expression may be a string: it has a
// literal, or names a string, or joins several operands.
func (w *walker) stringy(e *expr) bool {
	if w.hasLit(e, 0) {
		return true
	}
	if len(e.ops) == 1 && e.ops[0].kind == opRef {
		if w.eval(e) != nil {
			return true
		}
		// A name given a literal and appended to holds a string built
		// at run time (`String script = ""; script += "..."`).
		op := e.ops[0]
		name := bareName(op.name)
		if op.qual != "" || !w.appended(name, -1, e.st.toks[op.first].Start) {
			return false
		}
		for _, b := range w.bindings[name] {
			if !b.fn && !b.field && w.hasLit(b.alts[0], 0) {
				return true
			}
		}
	}
	return false
}

// scriptArg resolves a script argument: the expression that holds its
// text, or dyn set when the text cannot be known (ref is the argument's
// text when it is a plain reference this file does not resolve).
func (w *walker) scriptArg(st *stream, a argRange) (target *expr, ref string, dyn bool) {
	e := w.parseExpr(st, a.first, 0)
	if e == nil {
		return nil, "", false
	}
	if e.last != a.last {
		// `a || b` and the like: the first alternative that resolves.
		for k := e.last; k < a.last; {
			op := w.text(st.toks[k])
			if !(op == "||" || op == "??" || op == "or" || op == "?:") {
				return nil, "", true
			}
			alt := w.parseExpr(st, k+1, 1)
			if alt == nil {
				return nil, "", true
			}
			if t, _, _ := w.scriptArg(st, argRange{k + 1, alt.last}); t != nil {
				return t, "", false
			}
			k = alt.last
		}
		return nil, "", true
	}
	if len(e.ops) == 1 {
		op := e.ops[0]
		switch op.kind {
		case opRef:
			if identityOnly(op.post) {
				if w.external(op) {
					return nil, w.argText(st, a), true
				}
				t := w.resolveOp(st, op)
				if t != nil && t.numeric {
					return nil, "", false
				}
				if t != nil {
					// Follow an alias to the expression with the text.
					for n := 0; n < maxEvalDepth && len(t.ops) == 1 && t.ops[0].kind == opRef && identityOnly(t.ops[0].post); n++ {
						u := w.resolveOp(t.st, t.ops[0])
						if u == nil || u == t {
							break
						}
						t = u
					}
					return t, "", false
				}
				if op.qual == "" && w.paramFloor(op.name, st.toks[op.first].Start) >= 0 || !w.builtAtRunTime(op.name) {
					// A parameter, or a name given only other names.
					return nil, w.argText(st, a), true
				}
				return nil, "", true
			}
		case opOther:
			if op.rawLit {
				return w.rawLitExpr(st, op), "", false
			}
			return nil, "", op.dynamic
		}
	}
	if v := w.eval(e); v != nil && !e.numeric {
		return e, "", false
	}
	return nil, "", true
}

// identityOnly reports whether the postfixes leave the text as it is
// (`.getBytes(UTF_8)`, `.freeze`, `.encode()`).
func identityOnly(post []postfix) bool {
	for _, p := range post {
		if transforms[p.name] != "id" {
			return false
		}
	}
	return true
}

// builtAtRunTime reports whether a name this file binds, to no known
// text, is given a text built there (a concatenation, a call with
// arguments) rather than another name (a parameter stored in a field).
func (w *walker) builtAtRunTime(name string) bool {
	if len(w.appends[name]) > 0 {
		return true
	}
	for _, b := range w.bindings[name] {
		for _, alt := range b.alts {
			if len(alt.ops) > 1 || alt.ops[0].kind != opRef && alt.ops[0].dynamic || alt.ops[0].kind == opWrap {
				return true
			}
		}
	}
	return false
}

// keyCount fills the call's key count from the first of the API's places
// that the call fills with a literal.
func (w *walker) keyCount(c *call, scriptIdx int, cl *Call) {
	st := c.st
	for _, k := range c.api.Keys {
		var arg argRange
		ok := false
		at := -1
		if k.Kw != "" {
			for _, x := range c.args {
				if n, v, isKw := w.kwArg(st, x); isKw && n == k.Kw {
					arg, ok = v, true
				}
			}
		} else {
			i := k.Arg
			if k.Rel {
				i += scriptIdx
			}
			if i >= 0 && i < len(c.positional) {
				arg, ok, at = c.positional[i], true, i
			}
			if ok && k.IfPrefix != "" {
				j := k.IfArg
				if k.Rel {
					j += scriptIdx
				}
				ok = j >= 0 && j < len(c.positional) && strings.HasPrefix(w.argText(st, c.positional[j]), k.IfPrefix)
			}
			if ok && k.IfHas != "" {
				j := k.IfArg
				if k.Rel {
					j += scriptIdx
				}
				ok = j >= 0 && j < len(c.positional) && strings.Contains(w.argText(st, c.positional[j]), k.IfHas)
			}
		}
		if ok && k.Field != "" {
			arg, ok = w.objectField(st, arg, k.Field)
		}
		if !ok || arg.first >= arg.last {
			continue
		}
		n := -1
		switch k.Form {
		case KeysCount:
			if arg.last-arg.first == 1 && st.toks[arg.first].Kind == TkNumber {
				if v, err := strconv.Atoi(w.text(st.toks[arg.first])); err == nil && v >= 0 {
					n = v
				}
			}
		case KeysList:
			n = w.countList(st, arg)
		case KeysMap:
			n = w.countMap(st, arg)
		}
		if n >= 0 {
			cl.Keys = n
			cl.KeysStart, cl.KeysEnd = w.hostRange(st, arg.first, arg.last)
			w.argCount(c, scriptIdx, k, at, cl)
			return
		}
	}
}

// argCount fills the call's number of ARGV values, when the keys place k
// (positional argument at, or -1 for a keyword or a field) gives its
// keys and the call shows its values as a fixed list.
func (w *walker) argCount(c *call, scriptIdx int, k KeysAt, at int, cl *Call) {
	st := c.st
	n := -1
	switch k.Args {
	case ArgsRest:
		if at < 0 || k.Field != "" {
			return
		}
		rest := c.positional[at+1:]
		for _, a := range c.args {
			if w.spread(st, a) {
				return
			}
		}
		for _, a := range rest {
			if w.mayExpand(st, a, len(rest)) {
				return
			}
		}
		n = len(rest)
		cl.ArgsStart, cl.ArgsEnd = cl.Start, cl.End
	case ArgsVarargs:
		if at < 0 || k.Field != "" {
			return
		}
		rest := c.positional[at+1:]
		for _, a := range c.args {
			if w.spread(st, a) {
				return
			}
		}
		cl.ArgsStart, cl.ArgsEnd = cl.Start, cl.End
		// The overload with serializers is RedisTemplate's alone: its
		// values are varargs, whatever they are.
		blocking := k.IfHas != ""
		switch {
		case len(rest) == 0:
			n = 0
		case blocking && len(rest) == 1 && w.javaArray(st, rest[0]) == 2:
			if n = w.countList(st, rest[0]); n < 0 {
				return
			}
			cl.ArgsStart, cl.ArgsEnd = w.hostRange(st, rest[0].first, rest[0].last)
		case blocking:
			if w.mayExpand(st, rest[0], len(rest)) {
				return
			}
			n = len(rest)
		case (len(rest) == 1 || len(rest) == 3) && w.javaArray(st, rest[0]) == 0:
			// A list: ReactiveRedisTemplate's values, with its
			// writer and reader after it when there are three.
			if n = w.countList(st, rest[0]); n < 0 {
				return
			}
			cl.ArgsStart, cl.ArgsEnd = w.hostRange(st, rest[0].first, rest[0].last)
		case len(rest) == 1 && w.javaArray(st, rest[0]) == 2:
			// new Object[]{a, b}: Java passes the array as the varargs.
			if n = w.countList(st, rest[0]); n < 0 {
				return
			}
			cl.ArgsStart, cl.ArgsEnd = w.hostRange(st, rest[0].first, rest[0].last)
		case len(rest) == 1 && !w.scalar(st, rest[0]) && w.javaArray(st, rest[0]) < 0:
			// A name, a call: an array or a List, of any length.
			return
		default:
			n = len(rest)
		}
	case ArgsList:
		arg, found, ok := w.argsList(c, scriptIdx, k)
		if !ok {
			return
		}
		if !found {
			n = 0
			cl.ArgsStart, cl.ArgsEnd = cl.Start, cl.End
			break
		}
		if n = w.countList(st, arg); n < 0 {
			return
		}
		cl.ArgsStart, cl.ArgsEnd = w.hostRange(st, arg.first, arg.last)
	default:
		return
	}
	if k.Form == KeysCount {
		// The values after numkeys start with the keys; fewer values
		// than keys is a call Redis refuses before the script runs.
		if n < cl.Keys {
			return
		}
		n -= cl.Keys
	}
	cl.Args = n
}

// argsList finds the list of values an ArgsList place names: found is
// false when the call gives none and nothing else that might hold them
// (ok is then still true: no values).
func (w *walker) argsList(c *call, scriptIdx int, k KeysAt) (arg argRange, found, ok bool) {
	st := c.st
	for _, a := range c.args {
		if w.spread(st, a) {
			return arg, false, false
		}
		if n, v, kw := w.kwArg(st, a); kw && k.ArgsKw != "" && n == k.ArgsKw {
			return v, true, true
		}
	}
	i := k.ArgsArg
	if k.Rel {
		i += scriptIdx
	}
	if k.ArgsField != "" {
		if i >= len(c.positional) {
			return arg, false, false
		}
		obj := c.positional[i]
		if v, ok := w.objectField(st, obj, k.ArgsField); ok {
			return v, true, true
		}
		// No field: the values are none when the object literal holds
		// nothing but the keys.
		if !w.is(st, obj.first, "{") || st.match[obj.first] != obj.last-1 {
			return arg, false, false
		}
		for _, f := range w.splitArgs(st, obj.first+1, obj.last-1) {
			if n, _, kw := w.kwArg(st, f); !kw || n != k.Field {
				return arg, false, false
			}
		}
		return arg, false, true
	}
	if i < len(c.positional) {
		return c.positional[i], true, true
	}
	// None given: the values are none when nothing follows the keys.
	return arg, false, len(c.positional) <= i
}

// spread reports whether an argument spreads a list into several
// (`*args`, `...args`, `**kw`, `&blk`, Kotlin's `*array`).
func (w *walker) spread(st *stream, a argRange) bool {
	if a.first >= a.last {
		return false
	}
	switch w.text(st.toks[a.first]) {
	case "*", "**", "...", "&":
		return true
	}
	return false
}

// mayExpand reports whether a value written as one argument may reach
// Redis as several: ioredis flattens an array anywhere in a command's
// arguments, and Java passes a lone array given to a varargs parameter as
// the values themselves (Kotlin needs `*`, which spread sees). A literal,
// a concatenation or arithmetic, and a conversion to text or number are
// one value.
func (w *walker) mayExpand(st *stream, a argRange, values int) bool {
	switch w.t.Spread {
	case SpreadArrays:
	case SpreadLoneArray:
		if values != 1 {
			return false
		}
	default:
		return false
	}
	return !w.scalar(st, a)
}

// scalarCalls convert their argument to one text or number.
var scalarCalls = map[string]bool{
	"String": true, "Number": true, "parseInt": true, "parseFloat": true, "JSON.stringify": true,
	"Date.now": true, "toString": true, "toFixed": true, "String.valueOf": true, "Integer.toString": true,
	"Long.toString": true, "Double.toString": true, "Math.floor": true, "Math.ceil": true, "Math.round": true,
	"Math.max": true, "Math.min": true, "System.currentTimeMillis": true,
}

// scalar reports whether an argument is visibly one value.
func (w *walker) scalar(st *stream, a argRange) bool {
	toks := st.toks
	if a.last-a.first == 1 {
		k := toks[a.first].Kind
		return k == TkString || k == TkNumber
	}
	if w.is(st, a.first, "-") && a.last-a.first == 2 && toks[a.first+1].Kind == TkNumber {
		return true
	}
	// A top-level arithmetic or concatenation operator.
	for k := a.first; k < a.last; k++ {
		if toks[k].Kind == TkPunct && st.match[k] > k && st.match[k] < a.last {
			k = st.match[k]
			continue
		}
		if k > a.first {
			switch w.text(toks[k]) {
			case "+", "-", "*", "/", "%":
				return true
			}
		}
	}
	// A conversion: name(...) or a.b(...) whose last name converts.
	if w.is(st, a.last-1, ")") && st.match[a.last-1] > a.first {
		open := st.match[a.last-1]
		chain := ""
		for j := a.first; j < open; j++ {
			chain += w.text(toks[j])
		}
		if scalarCalls[chain] {
			return true
		}
		if open-1 >= a.first && toks[open-1].Kind == TkIdent {
			return scalarCalls[w.text(toks[open-1])] && open-2 >= a.first && w.isMember(st, open-2)
		}
	}
	return false
}

// listMakers are the calls that make a list of their arguments.
var listMakers = map[string]int{
	"Arrays.asList": -1, "List.of": -1, "Collections.singletonList": 1, "Collections.emptyList": 0,
	"ImmutableList.of": -1, "Lists.newArrayList": -1, "Set.of": -1, "Collections.singleton": 1,
	"listOf": -1, "mutableListOf": -1, "arrayListOf": -1, "arrayOf": -1, "emptyList": 0, "emptyArray": 0,
	"array": -1, "Array.Empty": 0, "Array": -1, "Array.of": -1, "list": -1, "tuple": -1,
}

// javaArray says what a Java or Kotlin argument given to varargs is: 0 a
// literal List (List.of, Arrays.asList, listOf...), 1 a literal Kotlin
// array (arrayOf: one value unless spread with *), 2 a literal Java array
// (new T[]{...}: the values themselves), -1 anything else.
func (w *walker) javaArray(st *stream, a argRange) int {
	if w.countList(st, a) < 0 {
		return -1
	}
	switch first := w.text(st.toks[a.first]); {
	case first == "new":
		for k := a.first; k < a.last; k++ {
			if w.is(st, k, "[") {
				return 2
			}
		}
		return 0
	case strings.HasSuffix(first, "rrayOf") || first == "emptyArray":
		return 1
	case first == "{":
		return 2
	}
	return 0
}

// countMap is the number of entries of the map literal a, `{k v ...}`
// with PrefixCalls (forms in pairs), or -1.
func (w *walker) countMap(st *stream, a argRange) int {
	f, l := a.first, a.last
	if !w.t.PrefixCalls || !w.is(st, f, "{") || st.match[f] != l-1 {
		return -1
	}
	forms := w.splitArgs(st, f+1, l-1)
	if len(forms)%2 != 0 {
		return -1
	}
	return len(forms) / 2
}

// countList counts the elements of a literal list argument, or -1.
func (w *walker) countList(st *stream, a argRange) int {
	toks := st.toks
	f, l := a.first, a.last
	count := func(from, to int) int {
		els := w.splitArgs(st, from, to)
		for _, e := range els {
			if e.first >= e.last || w.spread(st, e) || w.text(toks[e.first]) == ".." {
				return -1
			}
		}
		return len(els)
	}
	switch {
	case w.is(st, f, "[") && st.match[f] == l-1:
		return count(f+1, l-1)
	case w.is(st, f, "{") && st.match[f] == l-1:
		// An array initializer of Java, Kotlin or C#; elsewhere braces
		// make an object, a hash or a set.
		if w.t.BraceArrays {
			return count(f+1, l-1)
		}
		return -1
	case w.is(st, f, "(") && st.match[f] == l-1 && w.t.Tuples:
		// A tuple needs a comma.
		n := count(f+1, l-1)
		if n == 1 && !w.is(st, l-2, ",") {
			return -1
		}
		return n
	case w.is(st, f, "new"):
		// new T[] {a, b}, new[] {a}, new List<T> {a}; not an anonymous
		// object `new { key, ttl }`.
		if w.is(st, l-1, "}") && st.match[l-1] > f+1 {
			return count(st.match[l-1]+1, l-1)
		}
		return -1
	}
	// name(...) or a.b(...), generics allowed.
	j := f
	chain := ""
	for j < l && (toks[j].Kind == TkIdent || w.isMember(st, j)) {
		if len(chain) < 64 {
			chain += w.text(toks[j])
		}
		j++
		j = w.skipGenerics(st, j)
	}
	if j < l && w.is(st, j, "(") && st.match[j] == l-1 {
		if n, ok := listMakers[chain]; ok {
			got := count(j+1, l-1)
			if n >= 0 && got != n {
				return -1
			}
			return got
		}
	}
	return -1
}
