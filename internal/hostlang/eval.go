package hostlang

import (
	"bytes"
	"strings"
)

// maxEvalDepth bounds the chain of names and nested expressions one
// evaluation follows.
const maxEvalDepth = 48

// eval returns an expression's value, or nil when it is unknown (no
// operand is known). Operands whose value is unknown become holes.
func (w *walker) eval(e *expr) *Value {
	switch e.state {
	case 1:
		return nil // a cycle of names
	case 2:
		return e.val
	}
	if w.evalDeep >= maxEvalDepth {
		return nil
	}
	w.evalDeep++
	defer func() { w.evalDeep-- }()
	e.state = 1
	v := NewValue(0)
	known := 0
	for _, op := range e.ops {
		ov := w.evalOperand(e, op)
		if ov == nil && op.number {
			start, end := e.st.toks[op.first].Start, e.st.toks[op.first].End
			if e.st.toks[op.first].Kind != TkNumber {
				end = e.st.toks[op.first+1].End // a negative number
			}
			ov = NewValue(end - start)
			for k := start; k < end; k++ {
				ov.Add(w.src[k], k, k+1)
			}
		}
		if ov == nil {
			if len(e.ops) == 1 {
				break
			}
			start, end := w.hostRange(e.st, op.first, op.last)
			v.AddHole(ValueHole{Start: start, End: end, InStart: start, InEnd: end, Kind: HoleOperand})
			continue
		}
		v.concat(ov)
		if !op.number {
			known++
		}
	}
	e.state = 2
	switch {
	case known > 0:
		e.val = v
	case len(e.ops) == 1 && e.ops[0].number && len(e.ops[0].post) == 0:
		// A number constant: its digits, for the templates and
		// concatenations that use it, never a script of its own.
		e.val, e.numeric = v, true
	}
	return e.val
}

// markFragment marks an expression joined into another one, and the
// expression it names when it is only a name.
func (w *walker) markFragment(st *stream, e *expr) {
	for n := 0; e != nil && n < maxEvalDepth; n++ {
		e.fragment = true
		if len(e.ops) != 1 || e.ops[0].kind != opRef {
			return
		}
		e = w.resolveOp(e.st, e.ops[0])
	}
}

// evalOperand returns an operand's value, or nil.
func (w *walker) evalOperand(e *expr, op *operand) *Value {
	var v *Value
	switch op.kind {
	case opLit:
		v = NewValue(0)
		for _, k := range op.lits {
			l := w.s.Lits[e.st.toks[k].Lit]
			v.concat(w.substitute(l.Val))
		}
	case opRef:
		// A name that fills a hole (an operand of a concatenation, an
		// interpolation's expression) gives its text only when settled;
		// a name alone is an alias, which the use of its value checks.
		if (len(e.ops) > 1 || e.st != w.streams[0]) && !w.settledOp(e.st, op) {
			return nil
		}
		target := w.resolveOp(e.st, op)
		if target == nil || target == e {
			return nil
		}
		tv := w.eval(target)
		if tv == nil {
			return nil
		}
		if len(e.ops) > 1 || formats(op) {
			// A template filled by `.format` is a part of the filled
			// text, linted there with its fields filled, not a script
			// of its own whose fields read as Lua (tasktiger's
			// `ZADD_NOUPDATE_TEMPLATE.format(key="KEYS[1]", ...)`).
			w.markFragment(e.st, target)
		}
		v = tv.clone()
	case opWrap:
		iv := w.eval(op.inner)
		if iv == nil {
			return nil
		}
		v = w.applyWrap(e.st, op, iv.clone())
	case opParen:
		iv := w.eval(op.inner)
		if iv == nil {
			return nil
		}
		v = iv.clone()
	default:
		return nil
	}
	for _, p := range op.post {
		if v == nil {
			return nil
		}
		v = w.applyPostfix(e.st, p, v)
	}
	return v
}

// formats reports whether an operand's first method fills its text as a
// template (`T.format(...)`).
func formats(op *operand) bool {
	return len(op.post) > 0 && transforms[op.post[0].name] == "format"
}

// substitute replaces the holes of a literal whose expression is a plain
// same-file name (`${PREFIX}`, `#{SCRIPT}`, `{$lua}`) by the name's value,
// mapped into its own literal.
func (w *walker) substitute(v *Value) *Value {
	if len(v.Holes) == 0 {
		return v
	}
	var out *Value
	next := 0
	for i := 0; i < v.Text.Len(); i++ {
		if !v.holeAt(i, &next) {
			if out != nil {
				out.Text.AppendSlice(v.Text, i, i+1)
			}
			continue
		}
		h := v.Holes[next]
		var sub *Value
		if h.Kind == HoleInterp {
			sub = w.holeValue(h)
		}
		if out == nil {
			if sub == nil {
				continue
			}
			out = v.Slice(0, i)
		}
		if sub != nil {
			out.concat(sub)
		} else {
			out.AddHole(h)
		}
	}
	if out == nil {
		return v
	}
	return out
}

// holeValue is the value of an interpolation's expression when this file
// knows it: a name (`${PREFIX}`, `$name` in Kotlin), or an expression of
// known parts (`${GET_SCRIPT.trim()}`, `#{PREFIX + "x"}`). Names it uses
// become fragments.
func (w *walker) holeValue(h ValueHole) *Value {
	if w.evalDeep >= maxEvalDepth {
		return nil
	}
	sub := w.streams[1]
	if w.subAt == nil {
		w.subAt = map[int]int{}
		for k, t := range sub.toks {
			if _, seen := w.subAt[t.Start]; !seen && t.Kind != tkSep {
				w.subAt[t.Start] = k
			}
		}
	}
	if k, ok := w.subAt[h.InStart]; ok {
		e := w.parseExpr(sub, k, 1)
		if e != nil && (e.last == len(sub.toks) || sub.toks[e.last].Start >= h.InEnd) && sub.toks[e.last-1].End <= h.InEnd {
			v := w.eval(e)
			if v != nil {
				for _, op := range e.ops {
					if op.kind == opRef {
						w.markFragment(sub, w.resolveOp(sub, op))
					}
				}
			}
			return v
		}
		return nil
	}
	if name, qualified, ok := plainName(w.src[h.InStart:h.InEnd]); ok {
		if !qualified && !w.settled(name, h.Start) {
			return nil
		}
		if t := w.resolve(name, h.Start, false, qualified); t != nil {
			if v := w.eval(t); v != nil {
				w.markFragment(t.st, t)
				return v
			}
		}
	}
	return nil
}

// plainName returns the name of an interpolated expression that is only a
// name: `x`, `this.x`, `self.x`, `$x`, `@x`, `$this->x`, `self::X`.
func plainName(b []byte) (name string, qualified, ok bool) {
	s := string(bytes.TrimSpace(b))
	for _, p := range []string{"this.", "self.", "$this->", "self::", "static::", "this->"} {
		if t := strings.TrimPrefix(s, p); t != s {
			s, qualified = t, true
		}
	}
	for _, p := range []string{"@@", "@", "$"} {
		s = strings.TrimPrefix(s, p)
	}
	if !isWord(s) {
		return "", false, false
	}
	return s, qualified, true
}

// applyWrap applies a wrapping function to its string argument.
func (w *walker) applyWrap(st *stream, op *operand, v *Value) *Value {
	switch op.fn {
	case "dedent":
		return v.Dedent()
	case "cleandoc":
		return Cleandoc(v)
	case "dedentjs":
		return v.Dedent().trim(isWS, true, true)
	case "trim":
		return v.trim(isWS, true, true)
	case "ltrim":
		return v.trim(isWS, true, false)
	case "rtrim":
		return v.trim(isWS, false, true)
	case "printf":
		return w.percentFormat(st, v, op.args)
	case "braces":
		return w.braceFormat(st, v, op.args)
	case "concat":
		// Every argument joined, as Rust's concat! does: a text known in
		// full only when each of them is.
		for _, a := range op.args {
			av := w.argValue(st, a)
			if av == nil {
				return nil
			}
			v.concat(av)
		}
	}
	return v
}

// applyPostfix applies a method (or Python's and Ruby's `%`) to a value.
func (w *walker) applyPostfix(st *stream, p postfix, v *Value) *Value {
	if p.name == "%" {
		args := p.args
		// A tuple or a list gives the arguments one by one.
		if a := args[0]; a.last-a.first >= 2 && (w.is(st, a.first, "(") || w.is(st, a.first, "[")) && st.match[a.first] == a.last-1 {
			args = w.splitArgs(st, a.first+1, a.last-1)
		}
		return w.percentFormat(st, v, args)
	}
	switch transforms[p.name] {
	case "trim":
		if len(p.args) > 0 {
			return nil
		}
		return v.trim(isWS, true, true)
	case "ltrim":
		return v.trim(isWS, true, false)
	case "rtrim":
		return v.trim(isWS, false, true)
	case "trimIndent":
		return v.trimIndent()
	case "trimMargin":
		prefix := "|"
		if len(p.args) == 1 {
			e := w.parseArg(st, p.args[0], 1)
			if e == nil || len(e.ops) != 1 || e.ops[0].kind != opLit {
				return nil
			}
			pv := w.eval(e)
			if pv == nil || len(pv.Holes) > 0 || pv.Text.Len() == 0 || strings.TrimSpace(pv.Text.String()) == "" {
				return nil
			}
			prefix = pv.Text.String()
		}
		return v.trimMargin(prefix)
	case "stripMargin":
		return v.stripMargin()
	case "stripIndent":
		return v.StripIndent()
	case "squish":
		return v.squish()
	case "squiggly":
		return Squiggly(v)
	case "format":
		if w.t.FormatMethod == "printf" {
			return w.percentFormat(st, v, p.args)
		}
		return w.braceFormat(st, v, p.args)
	case "printf":
		return w.percentFormat(st, v, p.args)
	case "id":
		return v
	}
	return nil
}

// argValue is the value of a formatting argument when it is a string
// known in full (no holes), or nil.
func (w *walker) argValue(st *stream, a argRange) *Value {
	if a.last-a.first == 1 && st.toks[a.first].Kind == TkNumber && isInteger(w.text(st.toks[a.first])) {
		// An integer formats as its digits.
		t := st.toks[a.first]
		v := NewValue(t.End - t.Start)
		for k := t.Start; k < t.End; k++ {
			v.Add(w.src[k], k, k+1)
		}
		return v
	}
	e := w.parseArg(st, a, 1)
	if e == nil {
		return nil
	}
	if len(e.ops) == 1 && e.ops[0].kind == opRef && !w.settledOp(st, e.ops[0]) {
		return nil
	}
	v := w.eval(e)
	if v == nil || len(v.Holes) > 0 {
		return nil
	}
	// The argument is a part of the filled text, not a script of its
	// own (`key="KEYS[1]"` is no script found by its text).
	w.markFragment(st, e)
	return v
}

// percentFormat fills printf-style verbs: `%%` is a percent, Java's `%n` a
// newline, `%s` with a known string argument is that string, and every
// other verb is a hole.
func (w *walker) percentFormat(st *stream, v *Value, args []argRange) *Value {
	b := v.Text.Bytes()
	out := NewValue(len(b))
	next := 0
	argi := 0
	for i := 0; i < len(b); {
		if v.holeAt(i, &next) {
			out.AddHole(v.Holes[next])
			i++
			continue
		}
		if b[i] != '%' || i+1 >= len(b) {
			out.Text.AppendSlice(v.Text, i, i+1)
			i++
			continue
		}
		// %[(name)|<name>|{name}][argument$][flags][width][.precision]verb
		j := i + 1
		named := false
		if b[j] == '(' || b[j] == '<' || b[j] == '{' {
			closer := map[byte]byte{'(': ')', '<': '>', '{': '}'}[b[j]]
			k := bytes.IndexByte(b[j:min(len(b), j+64)], closer)
			if k < 0 {
				out.Text.AppendSlice(v.Text, i, i+1)
				i++
				continue
			}
			named = true
			j += k + 1
			if b[j-1] == '}' {
				// Ruby's %{name} has no verb.
				out.AddHole(ValueHole{Start: v.Text.Span(i).Start, End: v.Text.Span(j - 1).End, InStart: v.Text.Span(i).Start, InEnd: v.Text.Span(j - 1).End, Kind: HoleFormat})
				i = j
				continue
			}
		}
		for j < len(b) && j < i+32 && bytes.IndexByte([]byte("0123456789$#-+ .,'*"), b[j]) >= 0 && !v.isHole(j) {
			j++
		}
		if j >= len(b) || v.isHole(j) {
			out.Text.AppendSlice(v.Text, i, i+1)
			i++
			continue
		}
		verb := b[j]
		if verb == 't' || verb == 'T' {
			j++ // Java's date verbs take a second letter.
		}
		end := min(j+1, len(b))
		switch {
		case verb == '%' && j == i+1:
			out.Text.Append('%', v.Text.Span(i).Start, v.Text.Span(j).End, true)
		case verb == 'n' && j == i+1 && w.t.PrintfNewline:
			out.Text.Append('\n', v.Text.Span(i).Start, v.Text.Span(j).End, true)
		case isLetter(verb):
			var sub *Value
			if (verb == 's' || verb == 'd') && j == i+1 && !named && argi < len(args) {
				sub = w.argValue(st, args[argi])
			}
			if !named {
				argi++
			}
			if sub != nil {
				out.concat(sub)
			} else {
				s, e := v.Text.Span(i).Start, v.Text.Span(end-1).End
				out.AddHole(ValueHole{Start: s, End: e, InStart: s, InEnd: e, Kind: HoleFormat})
			}
		default:
			// Not a verb: the percent is text.
			out.Text.AppendSlice(v.Text, i, i+1)
			i++
			continue
		}
		i = end
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// braceFormat fills Python's str.format and C#'s string.Format fields:
// `{{` and `}}` are braces, `{}` and `{0}` with a known string argument are
// that string, and every other field is a hole.
func (w *walker) braceFormat(st *stream, v *Value, args []argRange) *Value {
	// Python's keyword arguments fill the fields of their name
	// (`{key}` with key="KEYS[1]"); the positional ones come first, and
	// an unpacked `*args` or `**kwargs` leaves the indexes from it on,
	// and the names it might give, unknown.
	var kw map[string]argRange
	if w.t.FormatKeywords {
		pos := len(args)
		for i, a := range args {
			if w.is(st, a.first, "*") || w.is(st, a.first, "**") {
				pos = min(pos, i)
				continue
			}
			if name, val, ok := w.kwArg(st, a); ok {
				pos = min(pos, i)
				if kw == nil {
					kw = map[string]argRange{}
				}
				kw[name] = val
			}
		}
		args = args[:pos]
	}
	b := v.Text.Bytes()
	out := NewValue(len(b))
	next := 0
	auto := 0
	for i := 0; i < len(b); {
		if v.holeAt(i, &next) {
			out.AddHole(v.Holes[next])
			i++
			continue
		}
		c := b[i]
		if (c == '{' || c == '}') && i+1 < len(b) && b[i+1] == c && !v.isHole(i+1) {
			out.Text.Append(c, v.Text.Span(i).Start, v.Text.Span(i+1).End, true)
			i += 2
			continue
		}
		if c != '{' {
			out.Text.AppendSlice(v.Text, i, i+1)
			i++
			continue
		}
		// The field runs to its matching brace (a format spec may nest
		// one level: {x:{width}}).
		depth, j := 0, i
		for j < len(b) && j < i+256 {
			if b[j] == '{' {
				depth++
			} else if b[j] == '}' {
				depth--
				if depth == 0 {
					break
				}
			}
			j++
		}
		if j >= len(b) || b[j] != '}' {
			out.Text.AppendSlice(v.Text, i, i+1)
			i++
			continue
		}
		field := string(b[i+1 : j])
		var sub *Value
		idx := -1
		switch {
		case field == "":
			idx = auto
			auto++
		case isInteger(field) && len(field) < 4:
			idx = int(field[0] - '0')
			for _, d := range field[1:] {
				idx = idx*10 + int(d-'0')
			}
		}
		if idx >= 0 && idx < len(args) {
			sub = w.argValue(st, args[idx])
		} else if a, ok := kw[field]; ok && isWord(field) {
			sub = w.argValue(st, a)
		}
		if sub != nil {
			out.concat(sub)
		} else {
			s, e := v.Text.Span(i).Start, v.Text.Span(j).End
			out.AddHole(ValueHole{Start: s, End: e, InStart: s, InEnd: e, Kind: HoleFormat})
		}
		i = j + 1
	}
	return out
}

// Cleandoc is Python's inspect.Cleandoc: leading blanks of the first
// line go, the common indentation of the other lines goes, and blank
// lines at the start and end go.
func Cleandoc(v *Value) *Value {
	b := v.Text.Bytes()
	ls := splitLines(b)
	if len(ls) == 0 {
		return v
	}
	margin := -1
	for _, l := range ls[1:] {
		i := l.start
		for i < l.end && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		if i < l.end && (margin < 0 || i-l.start < margin) {
			margin = i - l.start
		}
	}
	margin = max(margin, 0)
	keepLine := make([]bool, len(ls))
	for i := range ls {
		keepLine[i] = true
	}
	for i := 0; i < len(ls) && blank(b, ls[i]); i++ {
		keepLine[i] = false
	}
	for i := len(ls) - 1; i >= 0 && blank(b, ls[i]); i-- {
		keepLine[i] = false
	}
	keep := make([]bool, len(b))
	kept := 0
	for i, l := range ls {
		if !keepLine[i] {
			continue
		}
		from := l.start + min(margin, l.end-l.start)
		if i == 0 {
			from = l.start
			for from < l.end && (b[from] == ' ' || b[from] == '\t') {
				from++
			}
		}
		if kept > 0 {
			prev := ls[i-1]
			keep[prev.end+prev.term-1] = true
		}
		for j := from; j < l.end; j++ {
			keep[j] = true
		}
		kept++
	}
	return v.keep(keep)
}
