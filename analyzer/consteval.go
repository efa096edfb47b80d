package analyzer

import (
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/diskfile"
	"golang.org/x/tools/go/analysis"
)

// maxEvalDepth bounds how many constants, variables and operands one
// evaluation follows: enough for any real script, and a guard against
// pathological chains.
const maxEvalDepth = 64

// evaluator computes the text of string expressions known at compile time
// and where each byte was written. It follows:
//   - string literals (raw and interpreted),
//   - named constants, to their literal when declared in this package (in
//     any file, at package level or in a function), to the use site when
//     declared in another package,
//   - variables assigned exactly once (by their declaration) whose value is
//     known, such as `var src = "..."` or `src := "..."`,
//   - variables initialised by //go:embed with one file (the file is read
//     and the positions are in it),
//   - concatenations, conversions to string and []byte, and fmt.Sprintf with
//     a constant format and constant arguments.
type evaluator struct {
	pass *analysis.Pass
	// consts maps the constants of this package to the expression that
	// gives their value.
	consts map[*types.Const]ast.Expr
	// constTexts are the constants' texts, evaluated once.
	constTexts map[*types.Const]*text
	// assigns are the package's writes to its variables and fields
	// (assigns.go).
	assigns
	// chosen, while alternatives are tried, is the value each variable
	// with several holds.
	chosen map[*types.Var]int
	// embeds maps variables declared under a //go:embed directive to the
	// directive's patterns and the Go file's directory.
	embeds map[*types.Var]embedSpec
	// sources caches Go file contents (for raw strings in CRLF files) and
	// embedded files with the token.File added for them.
	sources  map[*token.File][]byte
	embedded map[string]*embedFile
	// fsFiles caches the .lua files each embed.FS variable's directive
	// covers (embedfs.go): the directory walk is done once.
	fsFiles map[*types.Var][]string
	depth   int
	// limit is the size past which a text is big (not linted).
	limit int
}

type embedSpec struct {
	dir      string
	patterns []string
	pos      token.Pos
}

type embedFile struct {
	name string
	text *text
	err  error
}

func newEvaluator(pass *analysis.Pass, limit int) *evaluator {
	e := &evaluator{
		pass:       pass,
		limit:      limit,
		consts:     map[*types.Const]ast.Expr{},
		constTexts: map[*types.Const]*text{},
		assigns:    newAssigns(),
		embeds:     map[*types.Var]embedSpec{},
		sources:    map[*token.File][]byte{},
		embedded:   map[string]*embedFile{},
	}
	for _, f := range pass.Files {
		e.assigns.index(pass.TypesInfo, f)
		e.declarations(f)
	}
	return e
}

// declarations records the constants of f and its //go:embed variables.
func (e *evaluator) declarations(f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
		gd, ok := n.(*ast.GenDecl)
		if !ok {
			return true
		}
		switch gd.Tok {
		case token.CONST:
			e.constants(gd)
		case token.VAR:
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) > 0 {
					continue
				}
				pats := embedPatterns(gd.Doc, vs.Doc)
				if pats == nil {
					continue
				}
				for _, name := range vs.Names {
					if v, ok := e.pass.TypesInfo.Defs[name].(*types.Var); ok {
						dir := filepath.Dir(e.pass.Fset.File(name.Pos()).Name())
						e.embeds[v] = embedSpec{dir: dir, patterns: pats, pos: name.Pos()}
					}
				}
			}
		}
		return true
	})
}

// constants records the values of a const declaration.
func (e *evaluator) constants(gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, name := range vs.Names {
			if c, ok := e.pass.TypesInfo.Defs[name].(*types.Const); ok {
				e.consts[c] = vs.Values[i]
			}
		}
	}
}

// embedPatterns returns the patterns of the //go:embed lines of a
// declaration's doc comments, or nil.
func embedPatterns(docs ...*ast.CommentGroup) []string {
	var out []string
	for _, doc := range docs {
		if doc == nil {
			continue
		}
		for _, c := range doc.List {
			rest, ok := strings.CutPrefix(c.Text, "//go:embed")
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			pats, ok := splitEmbedPatterns(rest)
			if !ok {
				return nil
			}
			out = append(out, pats...)
		}
	}
	return out
}

// splitEmbedPatterns splits a //go:embed argument list: space-separated,
// each pattern optionally a Go string literal.
func splitEmbedPatterns(s string) ([]string, bool) {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return out, true
		}
		switch s[0] {
		case '"', '`':
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, false
			}
			p, err := strconv.Unquote(q)
			if err != nil {
				return nil, false
			}
			out = append(out, p)
			s = s[len(q):]
		default:
			i := strings.IndexAny(s, " \t")
			if i < 0 {
				i = len(s)
			}
			out = append(out, s[:i])
			s = s[i:]
		}
	}
}

// eval returns the text of x if it is known at compile time, or nil.
func (e *evaluator) eval(x ast.Expr) *text {
	if e.depth >= maxEvalDepth {
		return nil
	}
	e.depth++
	defer func() { e.depth-- }()
	t := e.evalExpr(x)
	if t == nil {
		return nil
	}
	// Whatever path produced it, the text must be what the compiler
	// computed; if the two disagree, trust the compiler and keep only the
	// expression's position.
	// A big text is not linted, and the compiler's value of a doubling
	// chain of constants is too large to build: only its size counts.
	if tv, ok := e.pass.TypesInfo.Types[x]; ok && !t.big && tv.Value != nil && tv.Value.Kind() == constant.String {
		if v := constant.StringVal(tv.Value); v != t.s {
			return wholeText(v, x.Pos(), x.End(), e.limit)
		}
	}
	return t
}

func (e *evaluator) evalExpr(x ast.Expr) *text {
	info := e.pass.TypesInfo
	switch x := x.(type) {
	case *ast.ParenExpr:
		return e.eval(x.X)
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			break
		}
		tf := e.pass.Fset.File(x.Pos())
		if tf == nil {
			break
		}
		if len(x.Value) > e.limit+2 {
			// Too long to map byte by byte (a literal's source is
			// never shorter than its value, bar a raw string's
			// carriage returns): the compiler's value, big or not.
			break
		}
		if t := litText(tf, x, e.source(tf)); t != nil {
			return t
		}
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		switch obj := info.Uses[id].(type) {
		case *types.Const:
			if def, ok := e.consts[obj]; ok {
				// Once per constant: a1 = a0 + a0, a2 = a1 + a1, ... is
				// 2^n evaluations otherwise. Callers never change a
				// text they get (concat works on a clone).
				t, done := e.constTexts[obj]
				if !done {
					t = e.eval(def)
					e.constTexts[obj] = t
				}
				if t != nil {
					return t
				}
			}
		case *types.Var:
			if spec, ok := e.embeds[obj]; ok && e.unassigned(obj) {
				if t := e.embed(spec, obj); t != nil {
					return t
				}
				return nil
			}
			if val, ok := e.once(obj); ok {
				if t := e.eval(val); t != nil {
					return t
				}
			}
			if i, ok := e.chosen[obj.Origin()]; ok {
				return e.eval(e.choices(obj)[i])
			}
		}
	case *ast.BinaryExpr:
		if x.Op != token.ADD || !isStringish(info.TypeOf(x)) {
			break
		}
		l := e.eval(x.X)
		if l == nil {
			return nil
		}
		r := e.eval(x.Y)
		if r == nil {
			return nil
		}
		return l.clone().concat(r, e.limit)
	case *ast.CallExpr:
		// A conversion to string or []byte of a known text.
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			if isStringish(tv.Type) && isStringish(info.TypeOf(x.Args[0])) {
				return e.eval(x.Args[0])
			}
			break
		}
		if isFunc(info, x, "fmt", "Sprintf") {
			return e.sprintf(x)
		}
	}
	// Any other expression the compiler knows the value of (a constant of
	// another package, an expression we do not model): the whole text at
	// the expression.
	if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return wholeText(constant.StringVal(tv.Value), x.Pos(), x.End(), e.limit)
	}
	return nil
}

// source returns the content of a Go file of the package, or nil.
func (e *evaluator) source(tf *token.File) []byte {
	if src, ok := e.sources[tf]; ok {
		return src
	}
	read := e.pass.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	src, err := read(tf.Name())
	if err != nil || len(src) != tf.Size() {
		src = nil
	}
	e.sources[tf] = src
	return src
}

// embed returns the content of the one file an embed directive names for a
// string or []byte variable, with positions in that file (added to the
// FileSet so diagnostics can point into it).
func (e *evaluator) embed(spec embedSpec, v *types.Var) *text {
	if !isStringish(v.Type()) {
		return nil
	}
	name, ok := embedMatch(spec)
	if !ok {
		return nil
	}
	return e.embeddedFile(name)
}

// embeddedFile returns the content of a file //go:embed names, read once,
// with positions in that file (added to the FileSet so diagnostics can
// point into it); nil when it cannot be read.
func (e *evaluator) embeddedFile(name string) *text {
	if ef, ok := e.embedded[name]; ok {
		return ef.text
	}
	ef := &embedFile{name: name}
	e.embedded[name] = ef
	// Pass.ReadFile only serves the package's Go and "other" files, and
	// drivers do not list embedded files there: read from disk as the
	// compiler does, a regular file only (the compiler refuses a FIFO or
	// a device, "cannot embed irregular file"; diskfile.Read opens
	// without waiting and refuses them too).
	src, id, err := diskfile.Read(name, int64(e.limit))
	if tl := (*diskfile.TooLargeError)(nil); errors.As(err, &tl) {
		ef.text = bigText("")
		ef.text.size = id.Size
		return ef.text
	}
	if err != nil {
		ef.err = err
		return nil
	}
	tf := e.pass.Fset.AddFile(name, -1, len(src))
	tf.SetLinesForContent(src)
	t := &text{s: string(src), start: make([]token.Pos, len(src)), end: make([]token.Pos, len(src)), exact: make([]bool, len(src))}
	for i := range src {
		t.start[i], t.end[i], t.exact[i] = tf.Pos(i), tf.Pos(i+1), true
	}
	t.units = []unit{{tf.Pos(0), tf.Pos(len(src))}}
	ef.text = t
	return t
}

// embedMatch resolves the patterns of a string variable's //go:embed
// directive: the compiler accepts exactly one file for it.
func embedMatch(spec embedSpec) (string, bool) {
	if len(spec.patterns) != 1 {
		return "", false
	}
	p := spec.patterns[0]
	if strings.HasPrefix(p, "all:") {
		p = p[len("all:"):]
	}
	matches, err := filepath.Glob(filepath.Join(spec.dir, filepath.FromSlash(p)))
	if err != nil || len(matches) != 1 {
		return "", false
	}
	return matches[0], true
}

// sprintf evaluates fmt.Sprintf(format, args...) when the format and every
// argument are constants. The literal parts of the format map into the
// format; each verb's output maps into its argument when the verb is %s or
// %v of a string (so a script assembled from constants keeps its exact
// positions), and to the argument expression otherwise.
func (e *evaluator) sprintf(call *ast.CallExpr) *text {
	if len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return nil
	}
	format := e.eval(call.Args[0])
	if format == nil {
		return nil
	}
	args := call.Args[1:]
	vals := make([]any, len(args))
	texts := make([]*text, len(args))
	for i, a := range args {
		var t *text // a string's text, evaluated once for its value and its positions
		if isStringType(e.pass.TypesInfo.TypeOf(a)) {
			t = e.eval(a)
		}
		v, ok := e.constArg(a, t)
		if !ok {
			return nil
		}
		vals[i] = v
		if _, isStr := v.(string); isStr {
			texts[i] = t
		}
	}
	want := fmt.Sprintf(format.s, vals...)
	whole := func() *text { return wholeText(want, call.Pos(), call.End(), e.limit) }

	out := &text{}
	f := format.s
	argi := 0
	lit := func(from, to int) { out.concat(format.slice(from, to), e.limit) }
	for i := 0; i < len(f); {
		j := i
		for j < len(f) && f[j] != '%' {
			j++
		}
		lit(i, j)
		if j >= len(f) {
			break
		}
		// A verb: flags, width, precision, then the verb rune.
		k := j + 1
		for k < len(f) && strings.IndexByte("+-# 0", f[k]) >= 0 {
			k++
		}
		for k < len(f) && (f[k] >= '0' && f[k] <= '9' || f[k] == '.') {
			k++
		}
		if k >= len(f) || f[k] == '*' || f[k] == '[' {
			// Argument indexes and star widths: keep it simple and exact.
			return whole()
		}
		r, size := utf8.DecodeRuneInString(f[k:])
		k += size
		if r == '%' {
			out.concat(format.slice(j, j+1), e.limit)
			if !out.big {
				out.end[len(out.end)-1] = format.end[k-1]
			}
			i = k
			continue
		}
		if argi >= len(vals) {
			return whole()
		}
		spec := f[j:k]
		piece := fmt.Sprintf(spec, vals[argi])
		if t := texts[argi]; t != nil && (spec == "%s" || spec == "%v") && t.s == piece {
			out.concat(t.clone(), e.limit)
		} else {
			out.concat(wholeText(piece, args[argi].Pos(), args[argi].End(), e.limit), e.limit)
		}
		argi++
		i = k
	}
	if argi != len(vals) || out.s != want {
		return whole()
	}
	return out
}

// isStringType reports whether t's underlying type is a string.
func isStringType(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// constArg returns the Go value of a constant Sprintf argument, or false
// if it is not a constant or fmt would format it through a method. t is
// the argument's text when its type is a string (e.eval(a)), else nil.
func (e *evaluator) constArg(a ast.Expr, t *text) (any, bool) {
	tv, ok := e.pass.TypesInfo.Types[a]
	if !ok || hasFormatMethod(tv.Type) {
		return nil, false
	}
	if tv.Value == nil {
		// A string variable whose text is known (assigned once, or one
		// of its alternatives while they are tried).
		if t != nil && !t.big {
			return t.s, true
		}
		return nil, false
	}
	v := tv.Value
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v), true
	case constant.Bool:
		return constant.BoolVal(v), true
	case constant.Int:
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsUnsigned != 0 {
			if u, exact := constant.Uint64Val(v); exact {
				return u, true
			}
			return nil, false
		}
		if i, exact := constant.Int64Val(v); exact {
			return i, true
		}
	case constant.Float:
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 {
			f, _ := constant.Float32Val(v)
			return f, true
		}
		f, _ := constant.Float64Val(v)
		return f, true
	}
	return nil, false
}

// hasFormatMethod reports whether fmt would format a value of type t with a
// method (String, Error, Format, GoString) rather than by its kind.
func hasFormatMethod(t types.Type) bool {
	if t == nil {
		return false
	}
	ms := types.NewMethodSet(t)
	for _, name := range []string{"String", "Error", "Format", "GoString"} {
		if ms.Lookup(nil, name) != nil {
			return true
		}
	}
	return false
}

// isStringish reports whether t is a string or a byte slice.
func isStringish(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && (b.Kind() == types.Byte || b.Kind() == types.Uint8)
	}
	return false
}

// isFunc reports whether call calls the package-level function pkg.name.
func isFunc(info *types.Info, call *ast.CallExpr, pkg, name string) bool {
	fn := calleeFunc(info, call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == pkg && fn.Name() == name &&
		fn.Type().(*types.Signature).Recv() == nil
}

// builtAtRunTime reports whether x, a string expression that is not known
// at compile time, is assembled by the program (concatenation, fmt, the
// strings package), possibly through a variable assigned once: a script
// whose text varies at run time. A parameter, a field or a function result
// is merely unknown.
func (e *evaluator) builtAtRunTime(x ast.Expr) bool {
	for range maxEvalDepth {
		x = ast.Unparen(x)
		switch y := x.(type) {
		case *ast.BinaryExpr:
			return y.Op == token.ADD
		case *ast.CallExpr:
			fn := calleeFunc(e.pass.TypesInfo, y)
			if fn == nil || fn.Pkg() == nil {
				if tv, ok := e.pass.TypesInfo.Types[y.Fun]; ok && tv.IsType() && len(y.Args) == 1 {
					x = y.Args[0]
					continue
				}
				return false
			}
			switch fn.Pkg().Path() {
			case "fmt":
				return strings.HasPrefix(fn.Name(), "Sprint")
			case "strings", "bytes":
				return true
			}
			return false
		case *ast.Ident:
			v, ok := e.pass.TypesInfo.Uses[y].(*types.Var)
			if !ok {
				return false
			}
			val, ok := e.once(v)
			if !ok {
				return false
			}
			x = val
		default:
			return false
		}
	}
	return false
}
