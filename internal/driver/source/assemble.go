package source

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/span"
)

// Script assembly (includes: true) imitates BullMQ's script loader
// (src/commands/script-loader.ts, which bullmq runs at build time to write
// dist/*/scripts/*.js, and which bull and others copied):
//
//   - a directive is a whole line `--- @include "path"` (two or three
//     dashes, single or double quotes, optional `;`), wherever it stands,
//     comments included: the loader matches text, not Lua;
//   - the path is relative to the file holding the directive, ".lua" is
//     added when it has no extension, a glob pattern includes every .lua
//     file it matches (in lexical order), and a path that ends in another
//     extension or matches nothing is "include not found";
//   - the directive line is replaced by the included file, whose own
//     directives are expanded in place, depth first;
//   - each file is emitted once per script, where it is first reached;
//     later directives for it (in the same or another fragment) vanish;
//   - a file that includes itself through any chain is a circular reference,
//     and naming the same file twice in one file is an error: the loader
//     refuses both, so the script never reaches Redis.
//
// The loader also drops blank lines; lint-lua keeps them, so that a line of
// the assembled script maps to one line of one file and every finding is
// reported where its text is written. The loader's mapped paths (`~/...`,
// `<name>/...`) depend on the host program's set-up and are refused with a
// message.

// matchDirective matches one line (without its "\n") against the
// loader's IncludeRegex anchored to the line,
//
//	^-{2,3}[ \t]*@include[ \t]+(?:"([^"]+)"|'([^']+)')[; \t]*\r?$
//
// and returns the quoted path. It is that expression written out: the
// expression cost a tenth of a run's assembly (TestFindDirectives and
// FuzzFindDirectives compare the two on every line).
func matchDirective(l []byte) (ref []byte, ok bool) {
	i := 0
	for i < len(l) && i < 3 && l[i] == '-' {
		i++
	}
	if i < 2 || i < len(l) && l[i] == '-' {
		return nil, false
	}
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	if !bytes.HasPrefix(l[i:], []byte("@include")) {
		return nil, false
	}
	i += len("@include")
	j := i
	for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
		j++
	}
	if j == i || j == len(l) || l[j] != '"' && l[j] != '\'' {
		return nil, false
	}
	q := l[j]
	k := bytes.IndexByte(l[j+1:], q)
	if k <= 0 {
		return nil, false
	}
	ref = l[j+1 : j+1+k]
	// [^"]+ takes every byte up to the quote: no other split of the line
	// can match. What follows must be [; \t]* and at most one \r.
	tail := l[j+1+k+1:]
	if n := len(tail); n > 0 && tail[n-1] == '\r' {
		tail = tail[:n-1]
	}
	for _, c := range tail {
		if c != ';' && c != ' ' && c != '\t' {
			return nil, false
		}
	}
	return ref, true
}

// directive is one `--- @include` line.
type directive struct {
	line, col int // of `@include`, 1-based
	ref       string
	targets   []string // resolved paths, in loader order
	// names are the targets as reported (includeName), made once per
	// file rather than once per script that reaches the directive.
	names []string
	err   error
}

// fragment is one file as assembly reads it.
type fragment struct {
	path  string // cleaned path on disk
	name  string // as reported
	lines [][]byte
	// size is what the lines take in an assembled script, a final "\n"
	// included.
	size int
	dirs map[int]*directive // by 0-based line index
	err  error
}

// lineAt returns the text of a 1-based line without its terminator.
func (f *fragment) lineAt(n int) (string, bool) {
	if n < 1 || n > len(f.lines) {
		return "", false
	}
	return strings.TrimRight(string(f.lines[n-1]), "\r\n"), true
}

// assembler reads each file once per run and assembles scripts from them.
type assembler struct {
	mu     sync.Mutex
	files  map[string]*fragmentEntry
	byName map[string]*fragment
	// limit is --max-file-size, for the fragments read here.
	limit int64
}

type fragmentEntry struct {
	once sync.Once
	f    *fragment
}

func newAssembler(limit int64) *assembler {
	return &assembler{files: map[string]*fragmentEntry{}, byName: map[string]*fragment{}, limit: limit}
}

// add registers a file already read (an input), under the name it is
// reported with.
func (a *assembler) add(path, name string, src []byte) *fragment {
	f := newFragment(filepath.Clean(path), name, src)
	a.mu.Lock()
	e := &fragmentEntry{f: f}
	e.once.Do(func() {})
	a.files[f.path] = e
	a.byName[f.name] = f
	a.mu.Unlock()
	return f
}

// load reads the file at path once; name is used when it is first read.
func (a *assembler) load(path, name string) *fragment {
	a.mu.Lock()
	e, ok := a.files[path]
	if !ok {
		e = &fragmentEntry{}
		a.files[path] = e
	}
	a.mu.Unlock()
	e.once.Do(func() {
		// Only a regular file: an include that names a pipe or a device
		// must not hang the run.
		src, _, err := readFile(path, a.limit, false)
		if err != nil {
			e.f = &fragment{path: path, name: name, err: err}
			return
		}
		e.f = newFragment(path, name, src)
		a.mu.Lock()
		if a.byName[e.f.name] == nil {
			a.byName[e.f.name] = e.f
		}
		a.mu.Unlock()
	})
	return e.f
}

func newFragment(path, name string, src []byte) *fragment {
	f := &fragment{path: path, name: name, size: len(src) + 1}
	dirs := findDirectives(src)
	f.lines = make([][]byte, 0, bytes.Count(src, []byte{'\n'})+1)
	for len(src) > 0 {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			i = len(src) - 1
		}
		f.lines = append(f.lines, src[:i+1])
		src = src[i+1:]
	}
	var dir, nameDir string
	if len(dirs) > 0 {
		dir, nameDir = filepath.Dir(path), filepath.Dir(filepath.FromSlash(name))
	}
	for _, rd := range dirs {
		d := &directive{line: rd.line, col: rd.col, ref: rd.ref}
		d.targets, d.err = resolveInclude(dir, d.ref)
		for _, t := range d.targets {
			d.names = append(d.names, includeName(dir, nameDir, t))
		}
		if f.dirs == nil {
			f.dirs = map[int]*directive{}
		}
		f.dirs[rd.line-1] = d
	}
	return f
}

// foundDirective is one `--- @include` line of a text: the 1-based line
// and column of its `@include`, and the path as written.
type foundDirective struct {
	line, col int
	ref       string
}

// findDirectives returns the `--- @include` lines of src in order: the
// lines matchDirective matches. Only a line that holds "@include" can match,
// so only those are tried (TestFindDirectives compares every line).
func findDirectives(src []byte) []foundDirective {
	var out []foundDirective
	word := []byte("@include")
	line, counted := 1, 0 // line is the number of the line src[counted] is on
	for p := 0; ; {
		k := bytes.Index(src[p:], word)
		if k < 0 {
			return out
		}
		at := p + k
		start := bytes.LastIndexByte(src[:at], '\n') + 1
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += at
		}
		p = end
		l := src[start:end]
		ref, ok := matchDirective(l)
		if !ok {
			continue
		}
		line += bytes.Count(src[counted:start], []byte{'\n'})
		counted = start
		out = append(out, foundDirective{line: line, col: bytes.Index(l, word) + 1, ref: string(ref)})
	}
}

// resolveInclude finds the files a directive in dir names, as the loader
// does.
func resolveInclude(dir, ref string) ([]string, error) {
	if ref[0] == '~' || ref[0] == '<' {
		return nil, fmt.Errorf("include %q: mapped paths (~/..., <name>/...) depend on the host program's loader set-up; lint-lua resolves only paths relative to the including file", ref)
	}
	p := ref
	if ext := filepath.Ext(p); ext == "" || ext == "." {
		p += ".lua"
	}
	p = filepath.Join(dir, filepath.FromSlash(p))
	var paths []string
	if strings.ContainsAny(ref, "*?[{") {
		matches, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("include %q: %v", ref, err)
		}
		paths = matches // sorted, as the loader's glob returns them
	} else {
		paths = []string{p}
	}
	// Join cleans, and Glob's matches are its pattern or Joins: every path
	// is clean already (cleaning it again was a third of what a folder's
	// includers cost a one-file run beside them).
	var out []string
	for _, m := range paths {
		if filepath.Ext(m) == ".lua" {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("include not found: %q (no .lua file matches %s)", ref, p)
	}
	return out, nil
}

// origin is where one line of an assembled script comes from.
type origin struct {
	f    *fragment
	line int
}

// assembly is a script with its includes spliced in; it places the
// findings of the script (driver.Mapper).
type assembly struct {
	a       *assembler
	src     []byte
	origins []origin // by 0-based line of src
	// included lists every file a directive of the script or its fragments
	// names, emitted or not.
	included []string
}

// includeError is a directive the loader would refuse; at is its
// file:line:col, which names it once however many scripts reach it.
type includeError struct {
	at, reason string
	// key identifies the problem across scripts: at, or for a cycle its
	// members, which every script entering it reaches at another place.
	key string
}

func (e *includeError) Error() string { return e.at + ": " + e.reason }

// at names directive d of f as file:line:col.
func (d *directive) at(f *fragment) string { return fmt.Sprintf("%s:%d:%d", f.name, d.line, d.col) }

// fail is the error of directive d of f, reported once at d.
func (d *directive) fail(f *fragment, reason string) *includeError {
	at := d.at(f)
	return &includeError{at, reason, at}
}

// Key makes the driver report the error once, whichever scripts reach it.
func (e *includeError) Key() string { return e.key }

// assemble splices the includes of root. The error names the directive's
// file, line and column and the reason; the assembly returned with it is
// partial, but says which files were named before the failure.
func (a *assembler) assemble(root *fragment) (*assembly, error) {
	out := &assembly{a: a}
	var buf bytes.Buffer
	emitted := map[string]bool{root.path: true}
	onStack := map[string]bool{}
	var visit func(f *fragment, chain []*fragment) error
	visit = func(f *fragment, chain []*fragment) error {
		onStack[f.path] = true
		defer delete(onStack, f.path)
		seenHere := map[string]int{}
		// Room for the fragment whole: a script's buffer and line origins
		// then grow a few times rather than with every line.
		buf.Grow(f.size)
		out.origins = slices.Grow(out.origins, len(f.lines))
		for i, l := range f.lines {
			d := f.dirs[i]
			if d == nil {
				buf.Write(l)
				if l[len(l)-1] != '\n' {
					buf.WriteByte('\n')
				}
				out.origins = append(out.origins, origin{f, i + 1})
				// Stop as soon as the script passes the bound on one
				// script: a glob of large fragments took minutes and
				// gigabytes to assemble and lint (issue 19 item 12).
				if int64(buf.Len()) > a.limit {
					return errAssembledTooLarge
				}
				continue
			}
			if d.err != nil {
				return d.fail(f, d.err.Error())
			}
			for k, t := range d.targets {
				out.included = append(out.included, t)
				if onStack[t] {
					var cycle []string
					for i := slices.IndexFunc(chain, func(c *fragment) bool { return c.path == t }); i < len(chain); i++ {
						cycle = append(cycle, chain[i].name)
					}
					members := slices.Clone(cycle)
					slices.Sort(members)
					cycle = append(cycle, cycle[0])
					return &includeError{d.at(f), fmt.Sprintf("include cycle: %s (the loader refuses a circular reference)", strings.Join(cycle, " -> ")), "cycle " + strings.Join(members, " ")}
				}
				if prev, dup := seenHere[t]; dup {
					return d.fail(f, fmt.Sprintf("%q is already included on line %d (the loader refuses a file included twice by one file)", d.ref, prev))
				}
				seenHere[t] = d.line
				child := a.load(t, d.names[k])
				if errors.Is(child.err, fs.ErrNotExist) {
					return d.fail(f, fmt.Sprintf("include not found: %q (no file %s)", d.ref, child.name))
				}
				if child.err != nil {
					return d.fail(f, fmt.Sprintf("include %q: %s: %v", d.ref, child.name, child.err))
				}
				if emitted[t] {
					continue
				}
				emitted[t] = true
				if err := visit(child, append(chain, child)); err != nil {
					return err
				}
			}
		}
		return nil
	}
	err := visit(root, []*fragment{root})
	out.src = buf.Bytes()
	return out, err
}

// errAssembledTooLarge is assemble's error for a script assembled past
// the assembler's limit.
var errAssembledTooLarge = errors.New("assembled script too large")

// includeName names the file at target (a clean path), included by a file
// of the folder dir (filepath.Dir of its path) whose name's folder is
// nameDir: its path as the user would write it from where that file is
// named.
func includeName(dir, nameDir, target string) string {
	// A target below dir is what filepath.Rel gives for it, the rest of
	// its path (dir and target are clean; "." and "/" never match).
	rel, ok := strings.CutPrefix(target, dir+string(filepath.Separator))
	if !ok {
		var err error
		if rel, err = filepath.Rel(dir, target); err != nil {
			return filepath.ToSlash(target)
		}
	}
	return filepath.ToSlash(filepath.Join(nameDir, rel))
}

// mapBack moves a finding on the assembled script to the file and line
// that hold its text, and the lines its message names to theirs. A range
// that ends in another file ends with its first line.
func (as *assembly) mapBack(d diag.Diagnostic) diag.Diagnostic {
	at := func(line int) origin {
		switch {
		case line < 1:
			return as.origins[0]
		case line > len(as.origins):
			o := as.origins[len(as.origins)-1]
			return origin{o.f, o.line + line - len(as.origins)}
		}
		return as.origins[line-1]
	}
	s, e := at(d.Range.Start.Line), at(d.Range.End.Line)
	d.File = s.f.name
	start := span.Pos{Line: s.line, Column: d.Range.Start.Column}
	end := span.Pos{Line: e.line, Column: d.Range.End.Column}
	if e.f != s.f || end.Less(start) {
		text, _ := s.f.lineAt(s.line)
		end = span.Pos{Line: s.line, Column: len(text) + 1}
		if end.Less(start) {
			end = start
		}
	}
	d.Range = diag.Range{Start: start, End: end}
	renumber := func(ref string) string {
		n, err := strconv.Atoi(ref[len("line "):])
		if err != nil || n < 1 || n > len(as.origins) {
			return ref
		}
		o := as.origins[n-1]
		if o.f == s.f {
			return fmt.Sprintf("line %d", o.line)
		}
		return fmt.Sprintf("line %d of %s", o.line, o.f.name)
	}
	d.Message = replaceLineRefs(d.Message, renumber)
	d.Help = replaceLineRefs(d.Help, renumber)
	return d
}

// replaceLineRefs returns s with each reference to a line of the script
// ("the GET reply of line 12": `\bline [0-9]+\b`, how headlines and helps
// point at another line) replaced by repl(reference), as
// regexp.ReplaceAllStringFunc would. Every finding of an assembled or host
// script passes through here twice, and the regular expression was a tenth
// of a run over the corpus (backtracking on every "line"-less message);
// TestReplaceLineRefs and its fuzz target compare the two.
func replaceLineRefs(s string, repl func(ref string) string) string {
	const word = "line "
	var b strings.Builder
	last := 0
	for i := 0; ; {
		k := strings.Index(s[i:], word)
		if k < 0 {
			break
		}
		at := i + k
		j := at + len(word)
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		// "line" starts and the digits end a word: the bytes around must
		// not be word bytes (\b).
		if j == at+len(word) || at > 0 && isWordByte(s[at-1]) || j < len(s) && isWordByte(s[j]) {
			i = at + 1
			continue
		}
		b.WriteString(s[last:at])
		b.WriteString(repl(s[at:j]))
		last, i = j, j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// isWordByte is an ASCII word byte, \w of regexp.
func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// line returns the text of a line of a file assembly read, for formatters
// that show the source.
func (a *assembler) line(name string, n int) (string, bool) {
	a.mu.Lock()
	f := a.byName[name]
	a.mu.Unlock()
	if f == nil {
		return "", false
	}
	return f.lineAt(n)
}

// Place moves a finding on the assembled script to the file and line that
// hold its text (mapBack). A fix's edits are offsets into the assembled
// text, not into any one file: --fix and --diff leave assembled scripts as
// they are.
func (as *assembly) Place(d diag.Diagnostic) diag.Diagnostic {
	d = as.mapBack(d)
	d.Fix = nil
	return d
}

// Line returns the text of a line of a file the assembly was made from.
func (as *assembly) Line(file string, n int) (string, bool) { return as.a.line(file, n) }
