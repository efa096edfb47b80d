// Package missinghashtag is the rule missing-hash-tag: keys of one script that hash to different cluster slots.
package missinghashtag

import (
	_ "embed" // doc.md

	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/slot"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is missing-hash-tag.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "missing-hash-tag",
		Category: diag.Cluster,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/missing-hash-tag/doc.md", doc),
	},
	Run: runMissingHashTag,
}

// keyUse is one key argument whose whole name is known.
type keyUse struct {
	name string
	slot int
	expr ast.Expr
	// path are the if branches the call is in, outermost first.
	path []ruleutil.Branch
	// group is the registered function the call runs in (nil in a script).
	group *model.Function
	// undeclared marks a key the command does not declare (JSON.MGET's
	// second), of the call.
	undeclared bool
	call       *model.Call
}

func runMissingHashTag(p *lint.Pass) {
	m := p.Model
	var uses []keyUse
	var calls []*ast.FuncCallExpr // the call of each use
	for _, c := range m.Calls {
		var group *model.Function
		if m.Context == model.Library {
			if group = registeredFunc(c.Func); group == nil {
				continue // a helper: which function calls it is not known
			}
		}
		for _, i := range c.Keys {
			if i >= len(c.Args) {
				continue
			}
			name, ok := knownName(c.Args[i].Value)
			if !ok {
				continue
			}
			uses = append(uses, keyUse{name: name, slot: slot.Of(name), expr: c.Args[i].Expr, group: group, undeclared: ruleutil.UndeclaredKey(c, i), call: c})
			calls = append(calls, c.Expr)
		}
	}
	// Keys that all hash to one slot give nothing to report: the if
	// paths, a walk of the whole file, are only needed otherwise.
	if !slices.ContainsFunc(uses, func(u keyUse) bool { return u.slot != uses[0].slot }) {
		return
	}
	paths := ruleutil.IfPaths(m)
	for i := range uses {
		uses[i].path = paths[calls[i]]
	}
	// m.Calls is in evaluation order; report in source order.
	sortByPos(m, uses)
	reported := map[string]bool{}
	for j, u := range uses {
		if reported[u.name] {
			continue
		}
		// The first key a run uses pins the slot; compare with the first
		// key that can be used in the same run.
		for _, prev := range uses[:j] {
			if prev.group != u.group || ruleutil.Exclusive(prev.path, u.path) {
				continue
			}
			if prev.slot == u.slot {
				break
			}
			reported[u.name] = true
			a, b := suggestTags(prev.name, u.name)
			// Redis refuses the call (CROSSSLOT...), unless it does not see
			// one of the keys (JSON.MGET's second): then the module reads
			// it on the wrong node.
			refusal, note := " (CROSSSLOT, or 'keys that do not hash to the same slot')", ""
			switch {
			case u.undeclared:
				refusal, note = "", ruleutil.UndeclaredNote(u.call)
			case prev.undeclared:
				refusal, note = "", ruleutil.UndeclaredNote(prev.call)
			}
			p.Report(m.Range(u.expr), "key '%s' and key '%s' (line %d) hash to different cluster slots", ruleutil.Clip(u.name, ruleutil.HeadlineText), ruleutil.Clip(prev.name, ruleutil.HeadlineText), m.Range(prev.expr).Start.Line).
				Help("they hash to slots %d and %d, so one script cannot use both on Redis Cluster%s; give them a common hash tag, e.g. '%s' and '%s'%s", u.slot, prev.slot, refusal, a, b, note).
				Fix(renameKeysFix(m, uses, map[string]string{prev.name: a, u.name: b}))
			break
		}
	}
}

// renameKeysFix is a display-only fix that renames keys the script
// writes as string literals (old name to new) at every key argument that
// names them: the data stays under the old names and every other client
// of those keys must change too, so it is never applied, only shown (an
// editor's code action, SARIF's fixes, rdjson's suggestions). There is
// none when a key is also named otherwise than by a literal of its own.
func renameKeysFix(m *model.Model, uses []keyUse, rename map[string]string) *diag.Fix {
	var edits []diag.Edit
	for _, u := range uses {
		to, ok := rename[u.name]
		if !ok || to == u.name {
			continue
		}
		lit, ok := u.expr.(*ast.StringExpr)
		if !ok {
			return nil
		}
		r := m.Range(lit)
		start, end := m.File.Offset(r.Start), m.File.Offset(r.End)
		src := m.File.Src
		if end-start != len(u.name)+2 || (src[start] != '\'' && src[start] != '"') || strings.ContainsAny(to, "\\\n\r"+string(src[start])) {
			// A long string, an escape in the name, or a quote the new
			// name would need escaped.
			return nil
		}
		q := string(src[start])
		edits = append(edits, diag.Edit{Start: start, End: end, New: q + to + q})
	}
	if len(edits) == 0 {
		return nil
	}
	var parts []string
	for from, to := range rename {
		if from != to {
			parts = append(parts, "'"+from+"' to '"+to+"'")
		}
	}
	slices.Sort(parts)
	return &diag.Fix{
		Message:       "rename " + strings.Join(parts, " and ") + " in this script (a suggestion: the data under the old names, and every other client of these keys, must move too)",
		Edits:         edits,
		Applicability: diag.DisplayOnly,
	}
}

// knownName returns a key's name when the script spells it out whole: a
// string literal, an integer literal, or a concatenation of those.
func knownName(v model.Value) (string, bool) {
	switch v.Origin {
	case model.Literal:
		if v.IsString {
			return v.Lit, true
		}
		if _, err := strconv.ParseInt(v.Lit, 10, 64); err == nil {
			return v.Lit, true
		}
	case model.Concat:
		var b strings.Builder
		for _, part := range v.Parts {
			s, ok := knownName(part)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		}
		return b.String(), true
	}
	return "", false
}

// registeredFunc is the library callback a function runs in, or nil.
func registeredFunc(f *model.Function) *model.Function {
	for ; f != nil; f = f.Parent {
		if f.Registration != nil {
			return f
		}
	}
	return nil
}

func sortByPos(m *model.Model, uses []keyUse) {
	sort.SliceStable(uses, func(i, j int) bool { return m.Range(uses[i].expr).Start.Less(m.Range(uses[j].expr).Start) })
}

// suggestTags proposes names for a and b that share a slot: the common
// prefix up to a separator as the tag (user:1:name, user:1:email →
// {user:1}:name, {user:1}:email), else the first key's hashed part as a tag
// in front of the second (bar, baz → bar, {bar}:baz; "bar" and "{bar}"
// hash alike).
func suggestTags(a, b string) (string, string) {
	if slot.Tag(a) == a {
		n := 0
		for n < len(a) && n < len(b) && a[n] == b[n] {
			n++
		}
		cut := strings.LastIndexAny(a[:n], ":._-/")
		if cut > 0 && !strings.ContainsAny(a[:cut], "{}") {
			return "{" + a[:cut] + "}" + a[cut:], "{" + a[:cut] + "}" + b[cut:]
		}
	}
	return a, "{" + slot.Tag(a) + "}:" + b
}
