package source

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/srcmap"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleid"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

// Host finds the Redis scripts in the string literals of host-language
// files (Python, JavaScript, TypeScript, Java, Kotlin, PHP, Ruby, C#),
// with internal/hostlang, for the Files source: the walk that finds the
// .lua files finds the host files too (one walk: a tree is listed once, and
// a directory that cannot be read is reported once), and Files hands each
// host file to Host to load.
//
// Each script is linted as its own text; its findings are reported in the
// host file, at the host line and column of the Lua text they point at,
// through the literal's byte map. The host file's comments carry its
// `lint-lua: ignore` suppressions, in the host's comment syntax and the
// grammar of lint.Suppress. A fix is kept where its edits map exactly onto
// the literals' text (hostfix.go), and the fix loop reads each fixed
// content again (File.Rescan).
type Host struct {
	// Langs are the languages a walk takes; nil takes every one.
	Langs map[hostlang.Lang]bool
	// APIs is the table of script APIs; nil is langs.DefaultAPIs().
	APIs *hostlang.APIs
}

// lang returns the language of a file a walk found or the command line
// named, when Host takes it.
func (h *Host) lang(name string) (hostlang.Lang, bool) {
	if h == nil {
		return nil, false
	}
	l, ok := langs.Of(name)
	if !ok || h.Langs != nil && !h.Langs[l] {
		return nil, false
	}
	return l, true
}

// The rules a host file's call sites are reported under.
const (
	dynamicScript     = ruleid.DynamicScript
	keysCountMismatch = ruleid.KeysCountMismatch
)

// load finds the scripts of out, a host file of language l read whole, and
// makes each a script placed back in the file; settings gives the file's
// settings, asked only when the file may hold a script; beside, when set,
// the names that the .lua headers beside the file define (bundleFragments).
func (h *Host) load(out *driver.File, l hostlang.Lang, settings func() (driver.Settings, error), beside func() map[string]lint.Sibling) *driver.File {
	apis := h.APIs
	if apis == nil {
		apis = langs.DefaultAPIs()
	}
	// Most host files hold no script: a byte scan says so without
	// tokenizing.
	if !hostlang.MayHoldScript(l, out.Src, apis) {
		return out
	}
	set, err := settings()
	if err != nil {
		return &driver.File{Name: out.Name, Path: out.Path, Err: err}
	}
	out.Settings = set
	out.LineComment = hostlang.LineComment(l)
	if err := h.find(out, l, apis, beside); err != nil {
		return &driver.File{Name: out.Name, Path: out.Path, Err: &driver.FileError{File: out.Name, Err: err}}
	}
	if len(out.Scripts) > 0 || len(out.Findings) > 0 {
		// The fix loop, and --add-ignore, read each new content as this
		// file was read.
		out.Rescan = func(src []byte) *driver.File {
			nf := &driver.File{Name: out.Name, Src: src, Settings: out.Settings}
			if err := h.find(nf, l, apis, beside); err != nil {
				nf.Err = err
			}
			return nf
		}
	}
	return out
}

// sent adds to out, a .lua file read as a script, the scripts it sends to
// Redis itself (OpenResty's red:eval([[...]], n, ...)): each is linted as
// a host script of the file; the file's own script is as before.
func (h *Host) sent(out *driver.File) {
	if h == nil || h.Langs != nil && !h.Langs[langs.OpenResty] || out.Err != nil {
		return
	}
	apis := h.APIs
	if apis == nil {
		apis = langs.DefaultAPIs()
	}
	if !hostlang.MayHoldScript(langs.OpenResty, out.Src, apis) {
		return
	}
	nf := &driver.File{Name: out.Name, Path: out.Path, Src: out.Src, Settings: out.Settings}
	if err := h.find(nf, langs.OpenResty, apis, nil); err != nil || len(nf.Scripts) == 0 {
		return
	}
	if len(out.Scripts) == 0 {
		// A file that is no script itself: its ignores are about the
		// scripts it sends. (A script's own ignores are read from it.)
		out.Comments = append(out.Comments, nf.Comments...)
	}
	out.Scripts = append(out.Scripts, nf.Scripts...)
	out.Findings = append(out.Findings, nf.Findings...)
}

// withSent is a .lua file's Rescan that also finds the scripts the fixed
// text sends.
func (h *Host) withSent(r func([]byte) *driver.File) func([]byte) *driver.File {
	if h == nil || r == nil {
		return r
	}
	return func(src []byte) *driver.File {
		nf := r(src)
		h.sent(nf)
		return nf
	}
}

// find fills out's Scripts, Comments and Findings from its Src.
func (h *Host) find(out *driver.File, l hostlang.Lang, apis *hostlang.APIs, beside func() map[string]lint.Sibling) error {
	hf, err := hostlang.Extract(l, out.Src, apis)
	if err != nil {
		return err
	}
	if len(hf.Scripts) == 0 {
		return nil
	}
	lines := srcmap.NewLines(out.Src)
	fx := &hostFixes{read: func(src []byte) []hostlang.Script {
		hf, err := hostlang.Extract(l, src, apis)
		if err != nil {
			return nil
		}
		return hf.Scripts
	}, src: out.Src, scripts: hf.Scripts}
	// The host line each script's text starts on, for the messages that
	// name a script as a sibling of another.
	var starts []int
	for i, s := range hf.Scripts {
		// The lines whose ignores cover the whole script: the line the
		// literal starts on, and that of each call that runs it.
		covered := []int{lines.Pos(s.Start).Line}
		for _, c := range s.Calls {
			covered = append(covered, lines.Pos(c.Start).Line)
		}
		if s.Dynamic {
			h.dynamic(out, lines, s, covered)
			continue
		}
		// The script is parsed once, when the call-site check or the
		// spliced names need it first, and the lint step takes that parse.
		text := []byte(s.Text)
		var pf *luasrc.File
		parse := func() *luasrc.File {
			if pf == nil {
				pf = luasrc.Parse(out.Name, text)
			}
			return pf
		}
		h.keysCount(out, lines, s, parse)
		m := &hostScript{file: out.Name, src: out.Src, lines: lines, text: s.Map, holes: s.Holes, fixes: fx, index: i}
		globals := append(holeNames(s.Holes), spliced(s, out.Settings.Target, parse)...)
		// A call that builds the script's keys with a {hash tag} shows
		// the author cares about Redis Cluster. What follows the key
		// count or list is read (with a count, the keys are the
		// arguments after it), not the script's own text, where a host
		// template's `{name}` is no tag.
		hint := false
		for _, c := range s.Calls {
			hint = hint || c.Keys >= 0 && c.KeysStart < c.End && c.End <= len(out.Src) && lint.HasHashTag(string(out.Src[c.KeysStart:c.End]))
		}
		out.Scripts = append(out.Scripts, driver.Script{Name: out.Name, Text: text, Parsed: pf, Map: m, Globals: globals, CoveredBy: covered, Found: s.FoundBy, ClusterHint: hint})
		at, _, _ := s.Map.Range(0, 0)
		starts = append(starts, lines.Pos(at).Line)
	}
	fragments(out.Name, out.Scripts, starts, beside)
	for _, c := range hf.Comments {
		// Only an ignore needs the comment; most comments are done here.
		if !strings.Contains(c.Text, "lint-lua") {
			continue
		}
		out.Comments = append(out.Comments, luasrc.Comment{Range: lines.Range(c.Start, c.End), Text: c.Text, OwnLine: c.OwnLine})
	}
	return nil
}

// holeNames are the placeholders of holes: names the script may read as
// globals, whose values are only known at run time.
func holeNames(holes []hostlang.Hole) []string {
	var out []string
	for _, h := range holes {
		out = append(out, h.Name)
	}
	return out
}

// dynamic reports a script API given a text this file does not hold.
func (h *Host) dynamic(out *driver.File, lines *srcmap.Lines, s hostlang.Script, covered []int) {
	set, on := out.Settings.Rules.Enabled(dynamicScript, diag.SeverityInfo)
	if !on {
		return
	}
	sev := diag.SeverityInfo
	if set.Fixed {
		sev = set.Severity
	}
	d := diag.Diagnostic{File: out.Name, Range: lines.Range(s.Start, s.End), Rule: dynamicScript,
		// Info whatever the rule's severity (Doc.Lower): without types, a
		// name this file does not define may be a constant of another
		// file as well as a text made at run time; unless the severity
		// is configured.
		Severity: sev}
	if s.Ref != "" {
		d.Message = fmt.Sprintf("the script passed to %s is %s, which this file does not define", s.FoundBy, brief(s.Ref))
		d.Help = "lint-lua reads one file at a time and cannot check a script it does not see; keep the script text " +
			"in a constant of this file or in a .lua file, so that it is linted"
	} else {
		d.Message = fmt.Sprintf("the script passed to %s is built at run time", s.FoundBy)
		d.Help = "Redis keeps every distinct script text in its script cache until SCRIPT FLUSH, and lint-lua cannot " +
			"check it; keep the script text constant and pass the values in ARGV (keys in KEYS)"
	}
	out.Findings = append(out.Findings, driver.Finding{Diagnostic: d, CoveredBy: covered, Found: s.FoundBy})
}

// keysCount reports the calls that pass fewer keys or ARGV values than
// the script reads: a number literal for numkeys, or a literal list of
// keys, against the KEYS[i] the script reads without testing it for nil,
// and, where the call shows its values as a fixed list (hostlang.Call's
// Args), the same for ARGV (ruleutil.CallSiteCounts, as the Go analyzer
// checks its call sites). The read is nil then: an error, with the call's
// own count as the evidence. A list the call builds at run time, a spread
// or a value the client may expand into several gives no count, and no
// finding.
//
// An ignore above the call covers the finding, not one above another call
// of the same script.
func (h *Host) keysCount(out *driver.File, lines *srcmap.Lines, s hostlang.Script, parse func() *luasrc.File) {
	var calls []hostlang.Call
	for _, c := range s.Calls {
		if c.Keys >= 0 && c.KeysEnd > c.KeysStart {
			calls = append(calls, c)
		}
	}
	if len(calls) == 0 {
		return
	}
	set, on := out.Settings.Rules.Enabled(keysCountMismatch, diag.SeverityError)
	if !on {
		return
	}
	// A script that does not parse says nothing sure of its keys.
	pf := parse()
	if pf.Chunk == nil || len(pf.Errors) > 0 {
		return
	}
	m := model.Build(pf)
	if m.Context != model.Script {
		return
	}
	reads := model.ReadIndexes(m)
	where := func(r model.IndexRead) string {
		off := pf.Offset(m.Range(r.Expr).Start)
		at, _, _ := s.Map.Range(off, off)
		return fmt.Sprintf("on line %d", lines.Pos(at).Line)
	}
	for _, c := range calls {
		for _, f := range ruleutil.CallSiteCounts(out.Settings.Target, reads, c.Keys, c.Args, where, c.API) {
			// KEYS at the count, ARGV at the list of values (or the
			// call, when they are written one by one).
			start, end := c.KeysStart, c.KeysEnd
			if f.Table == "ARGV" {
				start, end = c.ArgsStart, c.ArgsEnd
			}
			out.Findings = append(out.Findings, driver.Finding{CoveredBy: []int{lines.Pos(c.Start).Line}, Found: c.API, Diagnostic: diag.Diagnostic{
				File: out.Name, Range: lines.Range(start, end), Rule: keysCountMismatch, Severity: set.Severity,
				Message: f.Headline, Help: f.Help,
			}})
		}
	}
}

// spliced returns the names a script reads as globals that its holes may
// define: text spliced where a statement starts (`{fragment}` on a line of
// its own, a C# interpolation of another script's text) can declare the
// locals and functions the rest of the script uses, which this file does
// not show. Reading them is then no evidence of an error. Only scripts
// with such a hole are parsed here (the parse the lint then takes).
func spliced(s hostlang.Script, t target.Target, parse func() *luasrc.File) []string {
	stmt := false
	for _, h := range s.Holes {
		stmt = stmt || h.Call
	}
	if !stmt {
		return nil
	}
	m := model.Build(parse())
	var out []string
	for _, g := range m.Globals {
		// server is Valkey's redis, which no fragment defines.
		if !g.Field && !g.Write && g.Name != "server" && t.Global(g.Name) == target.Absent && !slices.Contains(out, g.Name) {
			out = append(out, g.Name)
		}
	}
	return out
}

// fragments marks the scripts of a host file found by their content (not
// given to a script API, whose texts are whole scripts by contract) as
// possible fragments: a program may build one script at run time from
// several literals, a template that declares locals and loops
// (`for k, pk in ipairs(pks) do if $condition then $body end end`) and the
// pieces it splices in (`n = n + 1`, `redis.call('HEXISTS', key .. pk) ==
// 0`), which lint-lua cannot join. Each such script's siblings are the
// names the file's other scripts declare at any depth, since a piece may
// be spliced into a loop or a branch: locals, local functions and for-loop
// variables (lint.Config.Siblings), with the host line of the first script
// that declares each, in file order. Function parameters are left out (the
// pieces seen are spliced into loops and branches, not into function
// bodies), and so are the globals a script assigns, which fail in a whole
// script. The names are read when a rule first asks, once for the file.
func fragments(name string, scripts []driver.Script, starts []int, beside func() map[string]lint.Sibling) {
	base := filepath.Base(name)
	decls := sync.OnceValue(func() [][]string {
		out := make([][]string, len(scripts))
		for i, s := range scripts {
			out[i] = declared(s.Text)
		}
		return out
	})
	for i := range scripts {
		if scripts[i].Found != hostlang.FoundByContent {
			continue
		}
		scripts[i].Fragment = true
		if len(scripts) < 2 && beside == nil {
			continue
		}
		scripts[i].Siblings = func() map[string]lint.Sibling {
			out := map[string]lint.Sibling{}
			// The headers beside a bundle first: the file's own
			// scripts, nearer, name a name over them.
			if beside != nil {
				maps.Copy(out, beside())
			}
			for j, names := range decls() {
				for _, n := range names {
					if got, ok := out[n]; (!ok || !strings.HasPrefix(got.Script, "the script at ")) && j != i {
						out[n] = lint.Sibling{Script: fmt.Sprintf("the script at %s:%d", base, starts[j]), Local: true}
					}
				}
			}
			return out
		}
	}
}

// declared lists the locals, local functions and for-loop variables a
// script declares, at any depth.
func declared(text []byte) []string {
	f := luasrc.Parse("", text)
	if f.Chunk == nil {
		return nil
	}
	var out []string
	for _, v := range model.Build(f).Vars {
		if v.Kind == model.LocalVar || v.Kind == model.LocalFunction || v.Kind == model.ForVar {
			out = append(out, v.Name)
		}
	}
	return out
}

// brief quotes host text in a headline: 40 bytes at most, on one line.
func brief(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

// hostScript places the findings of a script cut from a host file's
// literals: each byte of its text knows the host bytes it was written as.
type hostScript struct {
	file  string
	src   []byte
	lines *srcmap.Lines
	text  *srcmap.Text
	holes []hostlang.Hole
	// lua indexes the lines of the script's text, made on the first
	// finding (most scripts have none).
	lua *srcmap.Lines
	// fixes checks the fixes of the file's scripts; index is this one's
	// among them.
	fixes *hostFixes
	index int
}

// Place moves d from the script's text to the host file. A range maps to
// the host bytes its Lua bytes were written as (an escape whole, an
// interpolation whole); a finding that names a line of the script names
// the host line that holds it; placeholders of holes read as the host's
// text of the hole. A fix is kept only as edits of the host file that give
// exactly the fixed script (hostFix); otherwise it is dropped.
func (m *hostScript) Place(d diag.Diagnostic) diag.Diagnostic {
	if m.lua == nil {
		b := m.text.Bytes()
		m.lua = srcmap.LinesAt(luasrc.LineStarts(b), len(b))
	}
	from, to := m.lua.Offset(d.Range.Start), m.lua.Offset(d.Range.End)
	start, end, _ := m.text.Range(from, max(from, to))
	d.File = m.file
	d.Range = m.lines.Range(start, end)
	if d.Fix != nil {
		d.Fix = m.hostFix(d.Fix)
	}
	renumber := func(ref string) string {
		n, err := strconv.Atoi(ref[len("line "):])
		if err != nil || n < 1 || n > m.lua.Count() {
			return ref
		}
		off := m.lua.Offset(diag.Pos{Line: n, Column: 1})
		s, _, _ := m.text.Range(off, off)
		return "line " + strconv.Itoa(m.lines.Pos(s).Line)
	}
	d.Message = m.holeText(replaceLineRefs(d.Message, renumber))
	d.Help = m.holeText(replaceLineRefs(d.Help, renumber))
	return d
}

// holeText writes the placeholders a message quotes as the host text of
// their holes (`${ttl}` rather than __hole1), when that text is short.
func (m *hostScript) holeText(s string) string {
	if !strings.Contains(s, "__") {
		return s
	}
	// One pass, the longest names tried first at each place: __hole1 is
	// a prefix of __hole12 and __param_k of __param_key, and a host text
	// put in is never read again for a name.
	var pairs []string
	idx := make([]int, 0, len(m.holes))
	for i, h := range m.holes {
		if !strings.Contains(s, h.Name) || h.Start < 0 || h.End > len(m.src) || h.End-h.Start > 40 {
			continue
		}
		if !strings.Contains(string(m.src[h.Start:h.End]), "\n") {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return m.unclip(s)
	}
	slices.SortStableFunc(idx, func(a, b int) int { return len(m.holes[b].Name) - len(m.holes[a].Name) })
	for _, i := range idx {
		h := m.holes[i]
		pairs = append(pairs, h.Name, string(m.src[h.Start:h.End]))
	}
	s = strings.NewReplacer(pairs...).Replace(s)
	return m.unclip(s)
}

// unclip drops the start of a placeholder that a quote clipped before its
// ellipsis (`redis.call('GET', __par...`): it names no host text, and the
// ellipsis says enough.
func (m *hostScript) unclip(s string) string {
	for from := 0; ; {
		i := strings.Index(s[from:], "...")
		if i < 0 {
			return s
		}
		i += from
		j := i
		for j > 0 && (s[j-1] == '_' || s[j-1] >= 'a' && s[j-1] <= 'z' || s[j-1] >= 'A' && s[j-1] <= 'Z' || s[j-1] >= '0' && s[j-1] <= '9') {
			j--
		}
		if part := s[j:i]; strings.HasPrefix(part, "__") && slices.ContainsFunc(m.holes, func(h hostlang.Hole) bool { return strings.HasPrefix(h.Name, part) }) {
			s = s[:j] + s[i:]
			i = j
		}
		from = i + len("...")
	}
}

// Line returns a line of the host file.
func (m *hostScript) Line(file string, n int) (string, bool) {
	if file != m.file {
		return "", false
	}
	return m.lines.Line(m.src, n)
}
