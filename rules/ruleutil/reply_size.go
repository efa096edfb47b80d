package ruleutil

// What bounds the size of an array reply, and the tables a loop fills from
// one, for the rules about replies too large to unpack or to walk in one
// script.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
	"github.com/yuin/gopher-lua/ast"
)

// UnpackLimit is the first element count unpack refuses in Redis's Lua
// (LUAI_MAXCSTACK; facts C12: 7999 works, 8000 fails).
const UnpackLimit = 8000

// UnboundedReply says why a call's array reply has no bound the script
// sets: how (reported at the rule's severity) when the script asks for the
// whole collection, lower when the bound is the caller's (ARGV). Both are
// empty when the reply is bounded or nothing is known.
func UnboundedReply(m *model.Model, c *model.Call) (how, lower string) {
	switch c.Name {
	case "SMEMBERS", "HKEYS", "HVALS", "HGETALL", "KEYS", "SINTER", "SUNION", "SDIFF", "ZUNION", "ZINTER", "ZDIFF":
		return c.Name + " replies with the whole collection", ""
	case "SORT", "SORT_RO":
		return limitBound(m, c, "LIMIT", 2)
	case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX":
		return limitBound(m, c, "LIMIT", 2)
	case "ZRANGE":
		if c.HasToken("BYSCORE") || c.HasToken("BYLEX") {
			return limitBound(m, c, "LIMIT", 2)
		}
		return rangeBound(m, c)
	case "ZREVRANGE", "LRANGE":
		return rangeBound(m, c)
	case "XRANGE", "XREVRANGE", "GEORADIUS", "GEORADIUS_RO", "GEORADIUSBYMEMBER", "GEORADIUSBYMEMBER_RO", "GEOSEARCH":
		return limitBound(m, c, "COUNT", 1)
	}
	return "", ""
}

// SizeCommands reply with the size of something already stored: a loop up
// to that count is bounded by the data exactly as a loop over the reply of
// LRANGE 0 -1 or SMEMBERS is.
var SizeCommands = map[string]bool{
	"LLEN": true, "SCARD": true, "ZCARD": true, "HLEN": true, "XLEN": true, "STRLEN": true, "HSTRLEN": true,
	"ZCOUNT": true, "ZLEXCOUNT": true, "SINTERCARD": true, "ZINTERCARD": true, "DBSIZE": true, "BITCOUNT": true,
	"PFCOUNT": true, "LPOS": true, "ZRANK": true, "ZREVRANK": true,
}

// mult is how many reply elements each item gives.
func replyMult(c *model.Call) int {
	if c.HasToken("WITHSCORES") {
		return 2
	}
	return 1
}

// limitBound checks a LIMIT offset count (at 2 after the token) or COUNT n
// (at 1).
func limitBound(m *model.Model, c *model.Call, tok string, at int) (how, lower string) {
	i := c.TokenIndex(tok)
	if i < 0 {
		return c.Name + " without " + tok + " replies with every match", ""
	}
	if i+at >= len(c.Args) {
		return "", ""
	}
	v := c.Args[i+at].Value
	if n, ok := intLiteral(v); ok {
		switch {
		case n < 0 && tok == "LIMIT":
			return fmt.Sprintf("LIMIT with a negative count, %d, replies with every match", n), ""
		case n*replyMult(c) >= UnpackLimit:
			return fmt.Sprintf("%s %d lets it reach that size", tok, n), ""
		}
		return "", ""
	}
	return boundFrom(m, v, tok+" "+m.Text(c.Args[i+at].Expr))
}

// rangeBound checks the start and stop of LRANGE/ZRANGE by rank.
func rangeBound(m *model.Model, c *model.Call) (how, lower string) {
	if len(c.Args) < 4 {
		return "", ""
	}
	start, sok := intLiteral(c.Args[2].Value)
	stop, eok := intLiteral(c.Args[3].Value)
	whole := fmt.Sprintf("%s %s %s replies with everything from the start index on", c.Name, m.Text(c.Args[2].Expr), m.Text(c.Args[3].Expr))
	mult := replyMult(c)
	switch {
	case sok && eok:
		var n int
		switch {
		case stop < 0 && start >= 0:
			return whole, ""
		case stop < 0:
			n = stop - start + 1
		case start < 0:
			n = stop + 1
		default:
			n = stop - start + 1
		}
		if n*mult >= UnpackLimit {
			return fmt.Sprintf("%s %d %d covers %d elements", c.Name, start, stop, n), ""
		}
		return "", ""
	case eok && stop < 0:
		// From a computed start to the end.
		return whole, ""
	case eok:
		return "", ""
	}
	// A computed stop: start + a literal span is bounded.
	sv := c.Args[3].Value
	if sv.Origin == model.Arith && len(sv.Parts) == 2 {
		if _, ok := intLiteral(sv.Parts[1]); ok && SameValue(sv.Parts[0], c.Args[2].Value) {
			return "", ""
		}
	}
	return boundFrom(m, sv, "the stop index "+m.Text(c.Args[3].Expr))
}

// boundFrom judges a computed bound: from the caller (ARGV) is reported
// lower, from a reply (the collection's own size) at the rule's severity.
func boundFrom(m *model.Model, v model.Value, what string) (how, lower string) {
	switch {
	case fromArgv(v):
		return "", what + " comes from ARGV"
	case v.FromReply() != nil || arithOfReply(v):
		return what + " comes from a reply", ""
	}
	return "", ""
}

func fromArgv(v model.Value) bool {
	switch v.Origin {
	case model.Argv:
		return true
	case model.Tonumber:
		return v.Of != nil && fromArgv(*v.Of)
	}
	return false
}

func arithOfReply(v model.Value) bool {
	if v.Origin != model.Arith {
		return false
	}
	for _, p := range v.Parts {
		if p.FromReply() != nil || arithOfReply(p) {
			return true
		}
	}
	return false
}

// SameValue reports whether two values are the same local or the same
// literal.
func SameValue(a, b model.Value) bool {
	if a.Var != nil || b.Var != nil {
		return a.Var == b.Var
	}
	return a.Origin == model.Literal && b.Origin == model.Literal && a.Lit == b.Lit
}

// intLiteral returns the integer a literal (or a negated literal: -1 is
// unary minus applied to 1) holds.
func intLiteral(v model.Value) (int, bool) {
	if v.Origin == model.Arith && len(v.Parts) == 1 {
		n, ok := intLiteral(v.Parts[0])
		return -n, ok
	}
	if v.Origin != model.Literal {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(v.Lit))
	return n, err == nil
}

// FilledFromReply finds a loop over an unbounded reply that appends to the
// table lv (table.insert(lv, ...) or lv[...] = ...) and that runs before at,
// with lv declared outside it (a table declared inside is fresh on each
// iteration, as in batching).
func FilledFromReply(m *model.Model, lv *model.Variable, loops []*model.Loop, at span.Pos) (*model.Call, string) {
	if f := TableFill(m, lv, loops, at); f != nil && f.Src != nil {
		return f.Src, f.How
	}
	return nil, ""
}

// Fill is a loop that appends to a table declared before it.
type Fill struct {
	Loop *model.Loop
	// src is the unbounded reply the loop walks, with how it is unbounded;
	// nil for a numeric loop counted by the caller (count says so).
	Src *model.Call
	How string
	// count is the loop's limit when it is a number taken from ARGV.
	Count ast.Expr
	// entries is how many entries the loop body appends per round, at most;
	// always says every round appends exactly that many (none is inside an
	// if or a nested loop).
	Entries int
	Always  bool
	// step is how many reply elements a round walks (`for i = 1, #r, 2`).
	step int
	// others counts the entries the table gets besides the loop's: those
	// of its constructor, and appends outside the loop.
	others int
}

// failsWhen is how a finding says when the unpack fails: "fails once"
// the count it gives is reached, "can fail once" when the loop appends
// only on some rounds, and "by the time" when other entries make it fail
// sooner than the count.
func (f *Fill) FailsWhen() string {
	switch {
	case f.Always && f.others == 0:
		return "fails once"
	case f.Always:
		return "fails by the time"
	case f.others == 0:
		return "can fail once"
	}
	return "can fail by the time"
}

// TableFill finds the loop that fills lv before at: a loop over an
// unbounded reply, or a numeric loop whose count comes from ARGV.
func TableFill(m *model.Model, lv *model.Variable, loops []*model.Loop, at span.Pos) *Fill {
	for _, l := range loops {
		if !l.Header.Start.Less(at) || !lv.Decl.Start.Less(l.Header.Start) || l.Func != lv.Func {
			continue
		}
		f := &Fill{Loop: l, step: 1}
		if src := m.LoopReply(l); src != nil {
			how, _ := UnboundedReply(m, src)
			if how == "" {
				continue
			}
			f.Src, f.How = src, how
		} else if s, ok := l.Stmt.(*ast.NumberForStmt); ok && argvCount(m.Value(s.Limit)) {
			f.Count = s.Limit
		} else {
			continue
		}
		if s, ok := l.Stmt.(*ast.NumberForStmt); ok && s.Step != nil {
			k, ok := intLiteral(m.Value(s.Step))
			if !ok || k < 1 {
				continue
			}
			f.step = k
		}
		direct := map[ast.Stmt]bool{}
		for _, st := range l.Body {
			direct[st] = true
		}
		appends := func(st ast.Stmt) bool {
			switch s := st.(type) {
			case *ast.FuncCallStmt:
				c, ok := s.Expr.(*ast.FuncCallExpr)
				return ok && isTableInsert(m, c) && len(c.Args) >= 2 && isVarRef(m, c.Args[0], lv)
			case *ast.AssignStmt:
				for _, t := range s.Lhs {
					if t, ok := t.(*ast.AttrGetExpr); ok && isVarRef(m, t.Object, lv) {
						return true
					}
				}
			}
			return false
		}
		fills, reset, direct1 := 0, false, 0
		m.InspectKinds(l.Body, model.KFuncCallStmt|model.KAssignStmt|model.KFunctionExpr, func(n any) bool {
			switch s := n.(type) {
			case *ast.FunctionExpr:
				return false
			case *ast.FuncCallStmt:
				if appends(s) {
					fills++
					if direct[s] {
						direct1++
					}
				}
			case *ast.AssignStmt:
				if appends(s) {
					fills++
					if direct[s] {
						direct1++
					}
				}
				for _, t := range s.Lhs {
					if id, ok := t.(*ast.IdentExpr); ok && m.VarOf(id) == lv {
						reset = true // flushed and refilled in batches
					}
				}
			}
			return true
		})
		if fills > 0 && !reset {
			f.Entries, f.Always = fills, fills == direct1
			f.others = otherEntries(m, lv, l, at)
			if f.Src != nil {
				per := ""
				switch {
				case f.Entries != 1 && f.step == 1:
					per = fmt.Sprintf(", %d entries per element", f.Entries)
				case f.step != 1:
					per = fmt.Sprintf(", %d per %d elements", f.Entries, f.step)
				}
				if per != "" && !f.Always {
					per = ", up to" + per[1:]
				}
				f.How = fmt.Sprintf("%s is filled from it in the loop of line %d%s; %s", lv.Name, l.Header.Start.Line, per, f.How)
			}
			return f
		}
	}
	return nil
}

// TableAppends calls add with each statement or call of the file that
// adds an entry to the table lv: table.insert(lv, ...) or an assignment to
// one of its fields.
func TableAppends(m *model.Model, lv *model.Variable, add func(where ast.PositionHolder)) {
	m.InspectKinds(m.File.Chunk, model.KFuncCallExpr|model.KAssignStmt, func(x any) bool {
		switch s := x.(type) {
		case *ast.FuncCallExpr:
			if isTableInsert(m, s) && len(s.Args) >= 2 && isVarRef(m, s.Args[0], lv) {
				add(s)
			}
		case *ast.AssignStmt:
			for _, t := range s.Lhs {
				if t, ok := t.(*ast.AttrGetExpr); ok && isVarRef(m, t.Object, lv) {
					add(s)
					break
				}
			}
		}
		return true
	})
}

// otherEntries counts the entries a table gets besides those of the loop
// that fills it: the positional fields of the constructor it is declared
// with, and the appends to it outside that loop before at.
func otherEntries(m *model.Model, lv *model.Variable, fill *model.Loop, at span.Pos) int {
	n := 0
	if t, ok := lv.Init.(*ast.TableExpr); ok {
		for _, f := range t.Fields {
			if f.Key == nil {
				n++
			}
		}
	}
	in := m.Range(fill.Stmt)
	TableAppends(m, lv, func(where ast.PositionHolder) {
		if r := m.Range(where); !in.Contains(r.Start) && r.Start.Less(at) {
			n++
		}
	})
	return n
}

// argvCount reports a count the caller sends: a number taken from ARGV,
// plus or minus a literal (`tonumber(ARGV[2]) - 1`).
func argvCount(v model.Value) bool {
	if fromArgv(v) {
		return true
	}
	if v.Origin != model.Arith || len(v.Parts) != 2 {
		return false
	}
	_, lit0 := intLiteral(v.Parts[0])
	_, lit1 := intLiteral(v.Parts[1])
	return lit1 && argvCount(v.Parts[0]) || lit0 && argvCount(v.Parts[1])
}

// failsAt is the least count of reply elements (or loop rounds, step 1)
// at which unpack of a table the loop fills can fail: unpack(t) fails from
// unpackLimit entries on.
func (f *Fill) FailsAt() int {
	return (UnpackLimit*f.step + f.Entries - 1) / f.Entries
}

func isTableInsert(m *model.Model, c *ast.FuncCallExpr) bool {
	a, ok := c.Func.(*ast.AttrGetExpr)
	if !ok {
		return false
	}
	id, ok := a.Object.(*ast.IdentExpr)
	if !ok || id.Value != "table" || m.VarOf(id) != nil {
		return false
	}
	k, ok := a.Key.(*ast.StringExpr)
	return ok && k.Value == "insert"
}

func isVarRef(m *model.Model, e ast.Expr, v *model.Variable) bool {
	id, ok := e.(*ast.IdentExpr)
	return ok && m.VarOf(id) == v
}
