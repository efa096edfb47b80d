package lsp

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
)

// A literal is a quoted string on one line of a document: the offsets of
// its content (after the opening quote, and before the closing one or the
// cursor when it is not closed yet), and which argument of a
// redis.call it is.
type literal struct {
	start, end int
	// arg is 1 for the first argument of redis.call, redis.pcall,
	// server.call or server.pcall (the command), 2 for the second when the
	// first is a literal (container holds it: the subcommand), 0 for any
	// other string.
	arg       int
	container string
}

// The text before a command's literal (redis.call( and white space), and
// before a subcommand's (the command's literal and a comma). A host
// string may escape the quotes (\"GET\"). Written against the end of the
// text before the literal, so a call that spans lines is found. Compiled
// on first use: every lint-lua process links this package, few hover.
var (
	callBefore = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:redis|server)\s*\.\s*p?call\s*\(\s*\\?$`)
	})
	subBefore = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:redis|server)\s*\.\s*p?call\s*\(\s*\\?['"]([A-Za-z][A-Za-z0-9._|-]*)\\?['"]\s*,\s*\\?$`)
	})
)

// literalAt finds the name in quotes that holds off (an offset inside it,
// or just after its last byte): the name's bytes around off, which a quote
// opens. It pairs no quotes and needs no parse, so it works on the
// half-typed text completion sees and inside a host language's string,
// where the script's quotes may be escaped (\"GET\"); a command name is
// never in a long string and holds no quote.
func literalAt(src []byte, off int) (literal, bool) {
	off = max(0, min(off, len(src)))
	start := off
	for start > 0 && isNameByte(src[start-1]) {
		start--
	}
	end := off
	for end < len(src) && isNameByte(src[end]) {
		end++
	}
	if start == 0 || (src[start-1] != '\'' && src[start-1] != '"') {
		return literal{}, false
	}
	return classify(src, start, end), true
}

func isNameByte(c byte) bool {
	return c == '_' || c == '.' || c == '-' || c == '|' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// classify says which argument of a call the literal src[start:end] is.
func classify(src []byte, start, end int) literal {
	l := literal{start: start, end: end}
	from := max(0, start-1-200)
	before := string(src[from : start-1])
	switch {
	case callBefore().MatchString(before):
		l.arg = 1
	default:
		if m := subBefore().FindStringSubmatch(before); m != nil {
			l.arg, l.container = 2, m[1]
		}
	}
	return l
}

// commandAt is the command named by the literal at off, as the target
// has it or as the table that knows it does.
func commandAt(src []byte, off int, t target.Target) (literal, target.Availability, bool) {
	l, ok := literalAt(src, off)
	if !ok || l.arg == 0 {
		return l, target.Availability{}, false
	}
	name := strings.TrimSpace(string(src[l.start:l.end]))
	if name == "" || strings.ContainsAny(name, " \t") {
		return l, target.Availability{}, false
	}
	var a target.Availability
	if l.arg == 2 {
		if c := lookupAny(t, l.container); c == nil || len(c.Subcommands) == 0 {
			return l, a, false
		}
		a = t.Check(l.container, name)
	} else {
		a = t.Check(name, "")
	}
	return l, a, a.Command != nil && a.Status != target.Unknown
}

// lookupAny is the command called name in the target's tables, or in any
// table when the target lacks it.
func lookupAny(t target.Target, name string) *redisdb.Command {
	return t.Check(name, "").Command
}

// lintableText is the text and path of an open document that the server
// lints, for hover and completion.
func (s *Server) lintableText(uri protocol.DocumentUri) (src []byte, path string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil || isConfig(d.path) || !lintable(d.path) {
		return nil, "", false
	}
	// d.src is replaced, never written in place: the slice stays as it is.
	return d.src, d.path, true
}

func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	src, path, ok := s.lintableText(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	t := s.targetOf(path)
	tx := newText(src)
	l, a, ok := commandAt(src, tx.offset(p.Position), t)
	if !ok {
		return nil, nil
	}
	r := protocol.Range{Start: tx.position(l.start), End: tx.position(l.end)}
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: describe(a, t)},
		Range:    &r,
	}, nil
}

// targetOf is the target the file's settings name, the default one when
// the configuration does not read (its error is published by the lint).
func (s *Server) targetOf(path string) target.Target {
	tree, _, err := s.resolve(path)
	if err != nil {
		return target.Target{}
	}
	set, err := tree.For(path)
	if err != nil {
		return target.Target{}
	}
	return set.Target(path)
}

// describe is the hover text of a command: what the table says of it for
// the target, in Markdown. It describes; it quotes no documentation.
func describe(a target.Availability, t target.Target) string {
	c := a.Command
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", c.Name)
	if c.Group != "" {
		fmt.Fprintf(&b, " · %s", strings.ReplaceAll(c.Group, "_", " "))
	}
	if c.Module != redisdb.NoModule {
		fmt.Fprintf(&b, " · %s", c.Module.Product())
	}
	b.WriteString("\n\n")
	if a.Status != target.Available {
		fmt.Fprintf(&b, "⚠ not on the target (%s): %s\n\n", t.Product(), a.Describe(t))
	}
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "- **%s**: %s\n", k, v)
		}
	}
	row("complexity", code(c.Complexity))
	since := c.Since
	if c.Module != redisdb.NoModule && since != "" {
		since += " (" + c.Module.Product() + "'s version)"
	}
	row("since", since)
	if len(c.ChangedIn) > 0 {
		row("changed in", strings.Join(c.ChangedIn, ", "))
	}
	if c.Deprecated != "" {
		row("deprecated", "since "+c.Deprecated)
	}
	row("arity", arity(c))
	row("flags", flags(c, t))
	row("keys", keys(c))
	row("reply in Lua", reply(c))
	fmt.Fprintf(&b, "\n_as %s runs it (the target", t.Product())
	if mods := t.Modules(); len(mods) > 0 {
		var names []string
		for _, m := range mods {
			names = append(names, m.String())
		}
		fmt.Fprintf(&b, ", with modules %s", strings.Join(names, ", "))
	}
	b.WriteString(")_\n")
	if u := pageURL(c, t); u != "" {
		fmt.Fprintf(&b, "\n[%s on %s](%s)\n", c.Name, pageSite(c, t), u)
	}
	return b.String()
}

func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + s + "`"
}

// arity says how many arguments the command takes after its name (and a
// subcommand after both words).
func arity(c *redisdb.Command) string {
	words := 1
	if strings.Contains(c.Name, " ") {
		words = 2
	}
	n := c.Arity
	switch {
	case n > 0:
		return fmt.Sprintf("%d: exactly %s", n, plural(n-words, "argument"))
	case n < 0:
		return fmt.Sprintf("%d: at least %s", n, plural(-n-words, "argument"))
	}
	return ""
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// flags lists the command's flags in lower case, with noscript as the
// target has it (blocking commands were refused before Redis 7.2).
func flags(c *redisdb.Command, t target.Target) string {
	var out []string
	for _, f := range c.Flags {
		if strings.EqualFold(f, "NOSCRIPT") {
			continue
		}
		out = append(out, strings.ToLower(f))
	}
	if t.NoScript(c) {
		out = append(out, "**noscript** (redis.call refuses it on "+t.Product()+")")
	}
	return strings.Join(out, ", ")
}

// keys says where the command's keys are, from its key specs, counting
// arguments after the command's name (and a subcommand's).
func keys(c *redisdb.Command) string {
	words := 1
	if strings.Contains(c.Name, " ") {
		words = 2
	}
	var parts []string
	for _, ks := range c.KeySpecs {
		var where string
		switch ks.Begin {
		case redisdb.BeginIndex:
			where = fmt.Sprintf("argument %d", ks.Index-words+1)
		case redisdb.BeginKeyword:
			where = "after " + ks.Keyword
		default:
			parts = append(parts, "found by the command itself")
			continue
		}
		switch ks.Find {
		case redisdb.FindRange:
			switch {
			case ks.LastKey == 0:
			case ks.LastKey < 0 && ks.Limit > 1:
				where += fmt.Sprintf(" and the first 1/%d of the arguments after it", ks.Limit)
			case ks.LastKey < 0 && ks.Step > 1:
				where += fmt.Sprintf(" and every %d argument after it", ks.Step)
			case ks.LastKey < 0:
				where += " and every argument after it"
			default:
				where += fmt.Sprintf(" to %d after it", ks.LastKey)
			}
		case redisdb.FindKeynum:
			where = fmt.Sprintf("a count at %s, then that many keys", where)
		}
		if len(ks.Flags) > 0 {
			where += " (" + strings.ToLower(strings.Join(ks.Flags, " ")) + ")"
		}
		parts = append(parts, where)
	}
	if len(parts) == 0 {
		if c.Module != redisdb.NoModule && c.UndeclaredKeys {
			return "declared incompletely by the module"
		}
		return "none"
	}
	return strings.Join(parts, "; ")
}

// reply says what a script receives from the command (RESP2, as scripts
// run unless they call redis.setresp(3)).
func reply(c *redisdb.Command) string {
	if c.Reply == 0 {
		return "not stated by the command's schema"
	}
	var out []string
	add := func(k redisdb.ReplyKind, s string) {
		if c.Reply&k != 0 {
			out = append(out, s)
		}
	}
	status := "a table `{ok='…'}`"
	var consts []string
	for _, v := range c.ReplyConsts {
		if strings.HasPrefix(v, `"`) {
			consts = append(consts, "'"+strings.Trim(v, `"`)+"'")
		}
	}
	if len(consts) > 0 {
		status = "a table `{ok=" + strings.Join(consts, "|") + "}`"
	}
	add(redisdb.ReplyNull, "`false` (a null reply: a missing key or value)")
	add(redisdb.ReplyBulk, "a string")
	add(redisdb.ReplyStatus, status)
	add(redisdb.ReplyInteger, "an integer number")
	add(redisdb.ReplyArray, "a table (array)")
	add(redisdb.ReplyMap, "a flat table of field, value, field, value… (a map under RESP2)")
	add(redisdb.ReplyDouble, "a string holding a number (a double under RESP2)")
	return strings.Join(out, ", or ")
}

// pageURL is the command's official page: valkey.io's for Valkey's own
// commands, redis.io's for Redis's and the modules'.
func pageURL(c *redisdb.Command, t target.Target) string {
	slug := strings.ToLower(strings.ReplaceAll(c.Name, " ", "-"))
	if c.Module == redisdb.NoModule && t.Server() == target.Valkey {
		return "https://valkey.io/commands/" + slug + "/"
	}
	return "https://redis.io/docs/latest/commands/" + slug + "/"
}

func pageSite(c *redisdb.Command, t target.Target) string {
	if c.Module == redisdb.NoModule && t.Server() == target.Valkey {
		return "valkey.io"
	}
	return "redis.io"
}
