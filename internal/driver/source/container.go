package source

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/srcmap"
	"github.com/lint-lua/lint-lua/rules/ruleid"
	"github.com/yuin/gopher-lua/ast"
)

// A function container is a .lua file whose top level is nothing but
// global function definitions (`function f(...) ... end`, `f = function
// (...) ... end`) and comments: no call, no return, no other statement.
// Sent as it is, it does nothing useful (Redis refuses the first global
// definition with 'Attempt to modify a readonly table'), so it is no EVAL
// script: a loader cuts it apart and sends each function's body as a
// script of its own. Each body is linted as such a script (its KEYS and
// ARGV are the body's, its return is the script's reply), the names the
// file defines and the function's parameters are known to it, and the file
// itself is reported once, at info (global-assignment), naming why its
// definitions are not checked. A file with anything else at its top level
// (a call, a return, a local) is one script as before: a function defined
// and then called is one script, and fails as one.

// AssembledFound is the Found of a .lua file assembled with the files its
// `--- @include` lines name, as Redis receives it.
const AssembledFound = "assembled with its --- @include files"

// ContainerFound is the Found of a body of a function container
// (--list-scripts).
const ContainerFound = "the body of a function of a file that only defines global functions"

// containerDef is one definition of a container.
type containerDef struct {
	name      string
	nameRange diag.Range // of the name in the file
	params    []string
	// start and end are the byte range of the body in the file: from just
	// past the parameter list's `)` to the `end` that closes it.
	start, end int
	line       int // the line the definition starts on
}

// container is a function container as read: its definitions, and its
// comments outside their bodies, whose ignores apply to the bodies'
// findings (File.Comments), as a .lua file's own do.
type container struct {
	defs     []containerDef
	comments []luasrc.Comment
}

// functionContainer reads src as a function container; ok is false when
// it is not one. Only a file whose first code token may start a
// definition is parsed here.
func functionContainer(name string, src []byte) (c container, ok bool) {
	if !mayBeContainer(src) {
		return c, false
	}
	f := luasrc.Parse(name, src)
	if f.Chunk == nil || len(f.Errors) > 0 || f.Shebang != nil || len(f.Chunk) == 0 {
		return c, false
	}
	var defs []containerDef
	for _, s := range f.Chunk {
		var fn *ast.FunctionExpr
		var id *ast.IdentExpr
		switch s := s.(type) {
		case *ast.FuncDefStmt:
			i, isIdent := s.Name.Func.(*ast.IdentExpr)
			if !isIdent || s.Name.Receiver != nil {
				return c, false
			}
			id, fn = i, s.Func
		case *ast.AssignStmt:
			if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
				return c, false
			}
			i, isIdent := s.Lhs[0].(*ast.IdentExpr)
			e, isFunc := s.Rhs[0].(*ast.FunctionExpr)
			if !isIdent || !isFunc {
				return c, false
			}
			id, fn = i, e
		default:
			return c, false
		}
		first, last := f.FirstToken(s), f.LastToken(s)
		if first < 0 || last <= first || f.Value(f.Tokens[last]) != "end" {
			return c, false
		}
		// The parameter list holds names, commas and `...`: its first `)`
		// closes it.
		paren := -1
		for k := first; k < last; k++ {
			if f.Tokens[k].Type == ')' {
				paren = k
				break
			}
		}
		if paren < 0 {
			return c, false
		}
		d := containerDef{
			name:      id.Value,
			nameRange: f.Range(id),
			params:    fn.ParList.Names,
			start:     int(f.Tokens[paren].End0),
			end:       int(f.Tokens[last].Off),
			line:      f.Range(s).Start.Line,
		}
		if d.start > d.end {
			return c, false
		}
		defs = append(defs, d)
	}
	c.defs = defs
	for _, cm := range f.Comments {
		off := f.Offset(cm.Range.Start)
		inside := false
		for _, d := range defs {
			inside = inside || off >= d.start && off < d.end
		}
		if !inside {
			c.comments = append(c.comments, cm)
		}
	}
	return c, true
}

// mayBeContainer reports whether the first code token of src (past white
// space and comments) may start a definition: `function`, or a name and
// `=`. Most scripts start with `local`, a call or an `if`, and are not
// parsed here.
func mayBeContainer(src []byte) bool {
	i := 0
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			if l, ok := luasrc.LongBracket(src, i+2); ok {
				end := "]" + strings.Repeat("=", l) + "]"
				k := bytes.Index(src[i+2+l+2:], []byte(end))
				if k < 0 {
					return false
				}
				i += 2 + l + 2 + k + len(end)
				continue
			}
			for i < len(src) && src[i] != '\n' {
				i++
			}
		default:
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || j > i && src[j] >= '0' && src[j] <= '9') {
				j++
			}
			if j == i {
				return false
			}
			if string(src[i:j]) == "function" {
				return true
			}
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			return j < len(src) && src[j] == '=' && (j+1 == len(src) || src[j+1] != '=')
		}
	}
	return false
}

// containerScripts are the scripts of a function container: each body as
// a script of its own, placed back in the file byte for byte, with the
// names the file defines and the function's parameters known to it. A fix
// is kept where its edits map onto the body and the fixed file reads back
// as the same container with that body fixed.
func containerScripts(name string, src []byte, defs []containerDef, s driver.Script) []driver.Script {
	bodies := containerBodies(src, defs)
	read := func(src []byte) []hostlang.Script {
		c, ok := functionContainer(name, src)
		if !ok {
			return nil
		}
		return containerBodies(src, c.defs)
	}
	fx := &hostFixes{read: read, src: src, scripts: bodies}
	lines := srcmap.NewLines(src)
	var names []string
	for _, d := range defs {
		names = append(names, d.name)
	}
	out := make([]driver.Script, len(defs))
	for i, d := range defs {
		globals := append(append(append([]string(nil), names...), d.params...), s.Globals...)
		out[i] = driver.Script{
			Name:    name,
			Text:    []byte(bodies[i].Text),
			Map:     &hostScript{file: name, src: src, lines: lines, text: bodies[i].Map, fixes: fx, index: i},
			Globals: globals,
			// A loader may prepend a header of the folder to a body, as
			// hot-redis sends bit.lua before its bitwise bodies: the names
			// the headers define make the body a fragment, as they make a
			// file one.
			Siblings:    s.Siblings,
			ClusterHint: s.ClusterHint,
			// An ignore on the line of `function f(...)` or above it
			// covers the whole body.
			CoveredBy: []int{d.line},
			Found:     ContainerFound,
		}
	}
	return out
}

// containerBodies are the bodies of defs as scripts cut from src.
func containerBodies(src []byte, defs []containerDef) []hostlang.Script {
	out := make([]hostlang.Script, len(defs))
	for i, d := range defs {
		t := srcmap.New(d.end - d.start)
		for k := d.start; k < d.end; k++ {
			t.Append(src[k], k, k+1, true)
		}
		out[i] = hostlang.Script{Text: t.String(), Map: t, Start: d.start, End: d.end, FoundBy: ContainerFound}
	}
	return out
}

// containerFinding is the one finding of the container itself: why its
// definitions and top level are not checked as a script's.
func containerFinding(name string, defs []containerDef, rules driver.Settings) []driver.Finding {
	if _, on := rules.Rules.Enabled(globalAssignment, diag.SeverityInfo); !on {
		return nil
	}
	first := defs[0]
	more := ""
	if len(defs) > 1 {
		more = fmt.Sprintf(" (+%d more)", len(defs)-1)
	}
	d := diag.Diagnostic{File: name, Range: first.nameRange, Rule: globalAssignment,
		// Info whatever the rule's severity (Doc.Lower): the file is no
		// script as Redis receives it.
		Severity: diag.SeverityInfo,
		Message:  fmt.Sprintf("file only defines global functions (%s%s): each body is linted as a script of its own", first.name, more),
		Help: "sent as it is, the file fails at its first definition with 'Attempt to modify a readonly table' and does " +
			"nothing else, so a loader must cut it apart and send each function's body as a script: lint-lua lints " +
			"each body alone (its KEYS, ARGV and return are that script's) and does not check the definitions; if " +
			"the file is sent whole, make the functions local and call one at the end",
	}
	return []driver.Finding{{Diagnostic: d, CoveredBy: []int{first.line}}}
}

// globalAssignment is the rule the container's own finding is reported
// under: its definitions are the global assignments that rule reports.
const globalAssignment = ruleid.GlobalAssignment
