// Package keyasvalue is the rule key-as-value: a KEYS element used only as a value, not as a key.
package keyasvalue

import (
	_ "embed" // doc.md

	"fmt"
	"slices"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is key-as-value.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "key-as-value",
		Category: diag.Cluster,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/key-as-value/doc.md", doc),
	},
	Run: runKeyAsValue,
}

// keyUses records, per script run (the main chunk, or one registered
// function of a library), which KEYS elements may serve as keys.
type keyUses struct {
	asKey map[*model.Function]map[int]bool
	// any is set when some use cannot be tied to one element (KEYS[i],
	// unpack(KEYS), KEYS passed to a function): any element may be a key.
	any map[*model.Function]bool
}

func (k *keyUses) mark(u *model.Function, i int) {
	if i <= 0 {
		k.any[u] = true
		return
	}
	if k.asKey[u] == nil {
		k.asKey[u] = map[int]bool{}
	}
	k.asKey[u][i] = true
}

func runKeyAsValue(p *lint.Pass) {
	m := p.Model
	ku := &keyUses{asKey: map[*model.Function]map[int]bool{}, any: map[*model.Function]bool{}}
	unitOf := func(n any) *model.Function { return m.Unit(m.FuncOf(n)) }
	// markValue notes the KEYS elements a value carries into a use that
	// may be a key.
	var markValue func(u *model.Function, v model.Value, depth int)
	markValue = func(u *model.Function, v model.Value, depth int) {
		if depth > 8 {
			return
		}
		switch v.Origin {
		case model.Keys:
			ku.mark(u, int(v.Index))
		case model.KeysTable:
			ku.any[u] = true
		case model.Concat, model.Arith:
			for _, part := range v.Parts {
				markValue(u, part, depth+1)
			}
		case model.Tonumber:
			if v.Of != nil {
				markValue(u, *v.Of, depth+1)
			}
		}
	}
	// A local given a KEYS element and assigned again on some path (an
	// optional key replaced by '' when the caller passed a placeholder)
	// holds that element at a later use only on some paths: the model
	// gives such a use no one value, so the element is marked through
	// the local's definitions.
	var keysDefs map[*model.Variable][]int
	markExpr := func(u *model.Function, x ast.Expr, v model.Value) {
		markValue(u, v, 0)
		lv := m.LocalOf(x)
		if lv == nil || len(lv.Writes) == 0 {
			return
		}
		if keysDefs == nil {
			keysDefs = map[*model.Variable][]int{}
			for lv, defs := range m.LocalDefs() {
				for _, d := range defs {
					if d.Expr != nil && m.Value(d.Expr).Origin == model.Keys {
						keysDefs[lv] = append(keysDefs[lv], int(m.Value(d.Expr).Index))
					}
				}
			}
		}
		for _, k := range keysDefs[lv] {
			ku.mark(u, k)
		}
	}
	// A candidate is a KEYS element used as a value: an argument of a
	// command in a place that is not a key (c set, argument i), or an
	// operand of == or ~= (cmp set: compared with a reply, an owner
	// token...).
	type cand struct {
		c   *model.Call
		i   int
		cmp *ast.RelationalOpExpr
		x   ast.Expr
		// reply is set for an element table.insert copies into a table
		// that only the script's reply carries.
		reply bool
	}
	var cands []cand
	// maxKey is the highest KEYS index each unit reads.
	maxKey := map[*model.Function]int{}
	m.Preorder(model.KAttrGetExpr, func(n any) {
		if v := m.Value(n.(ast.Expr)); v.Origin == model.Keys {
			u := unitOf(n)
			maxKey[u] = max(maxKey[u], int(v.Index))
		}
	})
	for _, c := range m.Calls {
		u := m.Unit(c.Func)
		for i := 1; i < len(c.Args); i++ {
			v := c.Args[i].Value
			if c.Command == nil || !c.KeysComplete || c.IsKey(i) {
				markExpr(u, c.Args[i].Expr, v)
				continue
			}
			if v.Origin == model.Concat || v.Origin == model.Arith {
				markValue(u, v, 0)
			}
			if keysElement(v) > 0 && !shardChannel(c, i) {
				cands = append(cands, cand{c: c, i: i, x: c.Args[i].Expr})
			}
		}
	}
	m.Preorder(model.KRelationalOpExpr, func(n any) {
		r := n.(*ast.RelationalOpExpr)
		if r.Operator != "==" && r.Operator != "~=" {
			return
		}
		for _, x := range []ast.Expr{r.Lhs, r.Rhs} {
			if keysElement(m.Value(x)) > 0 {
				cands = append(cands, cand{cmp: r, x: x})
			}
		}
	})
	// A KEYS element copied with table.insert into a table that the
	// script only returns goes to the client, never to Redis as a key.
	var inserted map[ast.Expr]bool // nil, and read as empty, in most files
	if ins := keysInserts(m); len(ins) > 0 {
		replyOnly := ruleutil.ReplyOnlyTables(m)
		inserted = map[ast.Expr]bool{}
		for _, x := range ins {
			if replyOnly[m.LocalOf(x.Args[0])] {
				v := x.Args[len(x.Args)-1]
				inserted[v] = true
				cands = append(cands, cand{x: v, reply: true})
			}
		}
	}
	// Only a KEYS element passed as a value can be reported: without one
	// the uses need not be looked for.
	if len(cands) == 0 {
		return
	}
	// Uses outside redis.call arguments that may end up as keys: a key
	// built by concatenation (a prefix), an argument of another function
	// (a helper that takes keys), a table field, and any KEYS element
	// whose index is computed.
	m.InspectKinds(m.File.Chunk, model.KAssignStmt|model.KReturnStmt|model.KAttrGetExpr|model.KStringConcatOpExpr|model.KFuncCallExpr|model.KTableExpr, func(n any) bool {
		u := unitOf(n)
		switch x := n.(type) {
		case *ast.AssignStmt:
			// A field of a table (t.key = KEYS[2]) may be used as a key
			// wherever the table goes.
			for i, t := range x.Lhs {
				if _, ok := t.(*ast.IdentExpr); !ok && i < len(x.Rhs) {
					markValue(u, m.Value(x.Rhs[i]), 0)
				}
			}
		case *ast.ReturnStmt:
			// A helper's result may be used as a key by its caller; what
			// the script itself returns goes to the client.
			if m.FuncOf(x) != m.Main && m.FuncOf(x) != u {
				for _, e := range x.Exprs {
					markValue(u, m.Value(e), 0)
				}
			}
		case *ast.AttrGetExpr:
			if v := m.Value(x); v.Origin == model.Keys && v.Index <= 0 {
				ku.any[u] = true
			}
		case *ast.StringConcatOpExpr:
			markValue(u, m.Value(x), 0)
		case *ast.FuncCallExpr:
			if m.CallAt(x) != nil {
				return true
			}
			// tonumber keeps track of its argument (a later use as a
			// key is seen there) and type() uses none.
			if f := m.Value(x.Func); f.Origin == model.Builtin && (f.Lit == "tonumber" || f.Lit == "type") {
				return true
			}
			for _, a := range x.Args {
				if !inserted[a] {
					markExpr(u, a, m.Value(a))
				}
			}
		case *ast.TableExpr:
			for _, f := range x.Fields {
				markValue(u, m.Value(f.Value), 0)
			}
		}
		return true
	})
	reported := map[*model.Function]map[int]bool{}
	for _, cd := range cands {
		c, i := cd.c, cd.i
		u := unitOf(cd.x)
		k := keysElement(m.Value(cd.x))
		if ku.any[u] || ku.asKey[u][k] || reported[u][k] {
			continue
		}
		if reported[u] == nil {
			reported[u] = map[int]bool{}
		}
		reported[u][k] = true
		keysName := "KEYS"
		if u.Registration != nil {
			keysName = "the function's keys"
		}
		what := fmt.Sprintf("%s[%d]", keysLabel(u), k)
		if t := m.Text(cd.x); t != what {
			what = t + " (" + what + ")"
		}
		if maxKey[u] == 1 {
			// One declared key hashes to one slot: no CROSSSLOT.
			use := "compared as a value"
			if cd.reply {
				use = "copied into the script's reply"
			}
			if c != nil {
				use = fmt.Sprintf("passed to %s as a value (argument %d)", c.Name, i)
			}
			p.Report(m.Range(cd.x), "%s is %s and never used as a key", what, use).
				Help("with one declared key there is no CROSSSLOT, but Redis Cluster routes the script to the slot of this text and ACL key patterns are checked against it; pass it in ARGV").Info()
			continue
		}
		if cd.reply {
			p.Report(m.Range(cd.x), "%s is copied into the script's reply and never used as a key", what).
				Help("everything in %s must hash to one slot on Redis Cluster (EVAL fails with CROSSSLOT otherwise) and is checked against ACL key patterns; pass the value in ARGV", keysName)
			continue
		}
		if c == nil {
			p.Report(m.Range(cd.x), "%s is compared as a value and never used as a key", what).
				Help("everything in %s must hash to one slot on Redis Cluster (EVAL fails with CROSSSLOT otherwise) and is checked against ACL key patterns; pass it in ARGV", keysName)
			continue
		}
		if c.Name == "PUBLISH" && i == 1 {
			// A channel named like the keys works on a cluster while it
			// shares their {hash tag}: a misplaced name more than a bug.
			p.Report(m.Range(c.Args[i].Expr), "%s is the PUBLISH channel, not a key, and never used as a key", what).
				Help("passed in %s it must hash to the keys' slot on Redis Cluster (EVAL fails with CROSSSLOT otherwise), which holds only while it shares their {hash tag}; pass it in ARGV", keysName).Lower()
			continue
		}
		p.Report(m.Range(c.Args[i].Expr), "%s is passed to %s as a value (argument %d) and never used as a key", what, c.Name, i).
			Help("everything in %s must hash to one slot on Redis Cluster (EVAL fails with CROSSSLOT otherwise) and is checked against ACL key patterns; pass it in ARGV", keysName)
	}
}

// keysInserts returns the table.insert calls whose value is a KEYS
// element (table.insert(t, KEYS[2])).
func keysInserts(m *model.Model) []*ast.FuncCallExpr {
	var out []*ast.FuncCallExpr
	m.Preorder(model.KFuncCallExpr, func(n any) {
		x := n.(*ast.FuncCallExpr)
		if m.BuiltinName(x) == "table.insert" && len(x.Args) >= 2 && keysElement(m.Value(x.Args[len(x.Args)-1])) > 0 {
			out = append(out, x)
		}
	})
	return out
}

// keysElement returns the KEYS index a value is (directly, through a local
// or tonumber), or 0.
func keysElement(v model.Value) int {
	switch v.Origin {
	case model.Keys:
		return int(v.Index)
	case model.Tonumber:
		if v.Of != nil && v.Of.Origin == model.Keys {
			return int(v.Of.Index)
		}
	}
	return 0
}

func keysLabel(u *model.Function) string {
	if u != nil && u.Registration != nil && len(u.Params) > 0 {
		return u.Params[0].Name
	}
	return "KEYS"
}

// shardChannel reports whether argument i is a shard channel (SPUBLISH):
// not a key, but hashed to a slot like one.
func shardChannel(c *model.Call, i int) bool {
	return slices.Contains(c.Command.KeyFlagsAt(ruleutil.CallArgv(c), i), "NOT_KEY")
}
