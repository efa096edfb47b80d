// Package unsafelockrelease is the rule unsafe-lock-release: a lock deleted without checking its owner.
package unsafelockrelease

import (
	_ "embed" // doc.md

	"bytes"
	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
	"github.com/yuin/gopher-lua/ast"
)

//go:embed doc.md
var doc string

// Rule is unsafe-lock-release.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "unsafe-lock-release",
		Category: diag.Atomicity,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/unsafe-lock-release/doc.md", doc),
	},
	Run: runUnsafeLockRelease,
}

func runUnsafeLockRelease(p *lint.Pass) {
	m := p.Model
	var fx *ruleutil.Fixer
	for _, r := range ruleutil.LockReleases(m) {
		if r.State&(ruleutil.RelFailed|ruleutil.RelNotTaken) == 0 {
			continue
		}
		if fx == nil {
			fx = ruleutil.NewFixer(m)
		}
		fix := ownerCheckFix(fx, r)
		key := m.Text(r.Key)
		acq := r.Acqs[0]
		line := m.Range(acq.Expr).Start.Line
		if r.State&ruleutil.RelFailed != 0 {
			p.Report(m.Range(r.Call.Expr), "%s deletes lock %s on a path where the %s on line %d failed", r.Call.Name, key, acq.Name, line).
				Help("that is while another client holds it: this frees their lock; delete only when redis.call('GET', %s) equals this client's token", key).
				Fix(fix)
			continue
		}
		p.Report(m.Range(r.Call.Expr), "%s deletes lock %s (taken with %s on line %d) without checking its owner", r.Call.Name, key, acq.Name, line).
			Help("nothing checks that it still holds this client's token: if the lock expired and another client took it, this frees theirs; delete only when redis.call('GET', %s) equals the token", key).
			Lower().Fix(fix)
	}
}

// ownerCheckFix is the unsafe fix that deletes the lock only while it
// holds the token the script takes it with, when that token is an ARGV
// element by a literal index (every acquire of the key takes it so): the
// release's statement `redis.call('DEL', k)` becomes `if
// redis.call('GET', k) == ARGV[i] then redis.call('DEL', k) end`, and
// `return redis.call('DEL', k)` the same followed by `return 0` (DEL's
// reply when it deleted nothing). It is unsafe: a caller that releases
// without passing its token in ARGV[i] no longer deletes the lock.
func ownerCheckFix(fx *ruleutil.Fixer, r *ruleutil.LockRelease) *diag.Fix {
	m := fx.M
	c := r.Call
	if (c.Name != "DEL" && c.Name != "UNLINK") || len(c.Args) != 2 || c.Variadic {
		return nil
	}
	token := ""
	for _, acq := range r.Acqs {
		if len(acq.Args) < 3 {
			return nil
		}
		t, ok := argvByLiteral(acq.Args[2].Expr, m)
		if !ok || (token != "" && t != token) {
			return nil
		}
		token = t
	}
	if token == "" {
		return nil
	}
	var stmt ast.Stmt
	returned := false
	switch st := fx.Parent[c.Expr].(type) {
	case *ast.FuncCallStmt:
		stmt = st
	case *ast.ReturnStmt:
		if len(st.Exprs) != 1 {
			return nil
		}
		stmt, returned = st, true
	default:
		return nil
	}
	start, end := fx.Bounds(stmt)
	src := m.File.Src
	ls := start
	for ls > 0 && (src[ls-1] == ' ' || src[ls-1] == '\t') {
		ls--
	}
	if ls > 0 && src[ls-1] != '\n' {
		// Another statement before it on its line: no indentation to
		// follow.
		return nil
	}
	indent := string(src[ls:start])
	// The file's own indentation step: tabs where its lines use them.
	step := "  "
	if strings.HasPrefix(indent, "\t") || bytes.Contains(src, []byte("\n\t")) {
		step = "\t"
	}
	q := "'"
	if cmd, ok := c.Args[0].Expr.(*ast.StringExpr); ok {
		if lit := fx.Src(cmd); strings.HasPrefix(lit, `"`) {
			q = `"`
		}
	}
	callee := string(src[fx.M.File.Offset(m.Range(c.Expr).Start):fx.M.File.Offset(m.Range(c.Args[0].Expr).Start)])
	text := fmt.Sprintf("if %s%sGET%s, %s) == %s then\n%s%s%s\n%send", callee, q, q, fx.Src(c.Args[1].Expr), token, indent, step, fx.Src(stmt), indent)
	if returned {
		text += "\n" + indent + "return 0"
	}
	edits := []diag.Edit{{Start: start, End: end, New: text}}
	if !fx.KeepsComments(edits) {
		return nil
	}
	return &diag.Fix{
		Message: fmt.Sprintf("delete %s only while it holds the token %s (unsafe: a caller that releases without passing its token in %s no longer deletes the lock)",
			m.Text(c.Args[1].Expr), token, token),
		Edits:         edits,
		Applicability: diag.Unsafe,
	}
}

// argvByLiteral returns e's text when it is ARGV indexed by an integer
// literal (ARGV[2]), the global ARGV.
func argvByLiteral(e ast.Expr, m *model.Model) (string, bool) {
	g, ok := e.(*ast.AttrGetExpr)
	if !ok {
		return "", false
	}
	id, ok := g.Object.(*ast.IdentExpr)
	if !ok || id.Value != "ARGV" || m.VarOf(id) != nil {
		return "", false
	}
	n, ok := g.Key.(*ast.NumberExpr)
	if !ok || strings.ContainsAny(n.Value, ".xXeE") {
		return "", false
	}
	return "ARGV[" + n.Value + "]", true
}
