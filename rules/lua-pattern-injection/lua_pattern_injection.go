// Package luapatterninjection is the rule lua-pattern-injection: a Lua pattern or format built from keys, arguments or data.
package luapatterninjection

import (
	_ "embed" // doc.md

	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is lua-pattern-injection.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "lua-pattern-injection",
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/lua-pattern-injection/doc.md", doc),
	},
	Run: runLuaPatternInjection,
}

// patternFuncs are the string functions whose second argument is a
// pattern, with the place of find's `plain` flag (0: none).
var patternFuncs = map[string]int{"find": 4, "match": 0, "gmatch": 0, "gsub": 0}

func runLuaPatternInjection(p *lint.Pass) {
	m := p.Model
	m.Preorder(model.KFuncCallExpr, func(n any) {
		c, ok := n.(*ast.FuncCallExpr)
		if !ok {
			return
		}
		if fargs := formatCall(m, c); fargs != nil {
			reportFormat(p, fargs)
			return
		}
		name, args := patternCall(m, c)
		plainAt, ok := patternFuncs[name]
		if !ok || len(args) < 2 {
			return
		}
		pat := args[1]
		if plainAt > 0 && len(args) >= plainAt {
			// A plain flag: true makes the search literal; anything
			// not known may be.
			pv := m.Value(args[plainAt-1])
			if pv.Types&^model.Falsy != 0 {
				return
			}
		}
		v := m.Value(pat)
		src, whole := patternSource(m, v)
		if src == "" {
			return
		}
		fix := "search for the text itself: string.find(s, p, 1, true)"
		if name != "find" {
			fix = "escape the data first: (p:gsub('%p', '%%%0')), in parentheses to drop gsub's count"
		}
		if whole && (v.Origin == model.Argv || v.Origin == model.Keys) {
			p.Report(m.Range(pat), "the pattern of %s is %s, whose magic characters change the match", name, src).Info().
				Help("- . %% + * ? [ ] ^ $ ( ) are magic in a Lua pattern; unless the caller means to pass a pattern, %s", fix)
			return
		}
		p.Report(m.Range(pat), "the pattern of %s holds %s, whose magic characters change the search", name, src).
			Help("- . %% + * ? [ ] ^ $ ( ) are magic in a Lua pattern: a '-' in a key or id makes the search miss; %s", fix)
	})
}

// patternCall returns the name of a string function called by c (find,
// match...) and its arguments with the subject first, for both
// string.find(s, p) and s:find(p).
func patternCall(m *model.Model, c *ast.FuncCallExpr) (string, []ast.Expr) {
	if c.Receiver != nil {
		if _, ok := patternFuncs[c.Method]; !ok {
			return "", nil
		}
		// A method of a string: a table of the script's own with a find
		// method is not one.
		if t := m.Value(c.Receiver).Types; t&model.TString == 0 {
			return "", nil
		}
		return c.Method, append([]ast.Expr{c.Receiver}, c.Args...)
	}
	a, ok := c.Func.(*ast.AttrGetExpr)
	if !ok {
		return "", nil
	}
	id, ok := a.Object.(*ast.IdentExpr)
	k, ok2 := a.Key.(*ast.StringExpr)
	if !ok || !ok2 || id.Value != "string" || m.VarOf(id) != nil {
		return "", nil
	}
	return k.Value, c.Args
}

// patternSource names what data a pattern holds ("ARGV[1]", "a GET
// reply"), or "" when it holds none; whole is true when the pattern is that
// data alone rather than built around it.
func patternSource(m *model.Model, v model.Value) (src string, whole bool) {
	switch v.Origin {
	case model.Argv, model.Keys:
		name := "ARGV"
		if v.Origin == model.Keys {
			name = "KEYS"
		}
		if v.Index > 0 {
			return name + "[" + strconv.Itoa(int(v.Index)) + "]", true
		}
		return "an element of " + name, true
	case model.Reply, model.ReplyElement:
		if v.Call != nil && v.Call.Name != "" {
			return "data from a " + v.Call.Name + " reply", true
		}
	case model.Concat:
		for _, part := range v.Parts {
			if s, _ := patternSource(m, part); s != "" {
				return s, false
			}
		}
	}
	return "", false
}

// formatCall returns the arguments of string.format(f, ...) or f:format(...)
// with the format first, or nil.
func formatCall(m *model.Model, c *ast.FuncCallExpr) []ast.Expr {
	if c.Receiver != nil {
		if c.Method != "format" || m.Value(c.Receiver).Types&model.TString == 0 {
			return nil
		}
		return append([]ast.Expr{c.Receiver}, c.Args...)
	}
	a, ok := c.Func.(*ast.AttrGetExpr)
	if !ok || len(c.Args) == 0 {
		return nil
	}
	id, ok := a.Object.(*ast.IdentExpr)
	k, ok2 := a.Key.(*ast.StringExpr)
	if !ok || !ok2 || id.Value != "string" || k.Value != "format" || m.VarOf(id) != nil {
		return nil
	}
	return c.Args
}

// reportFormat reports a format string that holds a caller's key or
// argument, or stored data: a '%' in it is read as a directive. It is a
// warning when the script's own text shows the data is meant as text (the
// format is built around it with the script's own directives, or no value
// follows to be formatted), info when the data is the whole format and
// values follow: a template the caller may mean to send.
func reportFormat(p *lint.Pass, args []ast.Expr) {
	m := p.Model
	f := args[0]
	v := m.Value(f)
	src, whole := patternSource(m, v)
	if src == "" {
		return
	}
	values := len(args) - 1
	if len(args) > 1 && model.MultiValued(args[len(args)-1]) {
		values = -1 // a call or ... may give any number
	}
	fix := "pass it as a value (string.format('%s:%d', KEYS[1], n)) or join the parts with `..`"
	fails := "fails the script ('invalid option' or 'bad argument #2 to 'format' (no value)')"
	if whole && values != 0 {
		p.Report(m.Range(f), "the format of string.format is %s, whose '%%' directives it reads", src).Info().
			Help("a '%%' in it is read as a directive and %s or formats other text; unless the caller means to send a template, %s", fails, fix)
		return
	}
	if !whole && values != 0 && !ownDirective(v) {
		// Only the data can hold the directives its values fill: a
		// template built from parts.
		return
	}
	what := "the script formats its own directives around it"
	if values == 0 {
		what = "no value follows for a directive to take"
	}
	p.Report(m.Range(f), "the format of string.format holds %s, where a '%%' is read as a directive", src).
		Help("%s, so the data is meant as text: a '%%' in it %s or writes other text (another key name); %s", what, fails, fix)
}

// ownDirective reports whether the literal parts of a concatenated format
// hold a directive other than %%: the script formats values of its own.
func ownDirective(v model.Value) bool {
	if v.Origin == model.Literal && v.IsString {
		lit := strings.ReplaceAll(v.Lit, "%%", "")
		return strings.Contains(lit, "%")
	}
	if v.Origin == model.Concat {
		for _, part := range v.Parts {
			if ownDirective(part) {
				return true
			}
		}
	}
	return false
}
