// Package undeclaredkey is the rule undeclared-key: a key that does not come from KEYS. Its documentation is doc.md, its
// fixtures testdata/.
package undeclaredkey

import (
	_ "embed" // doc.md

	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is undeclared-key.
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "undeclared-key",
		Category: diag.Cluster,
		Severity: diag.SeverityError,
		Doc:      ruleutil.Doc("rules/undeclared-key/doc.md", doc),
	},
	Run: runUndeclaredKey,
}

func runUndeclaredKey(p *lint.Pass) {
	m := p.Model
	// One finding per undeclared key: later uses of the same local or the
	// same literal are the same mistake.
	seen := map[any]bool{}
	for _, c := range m.Calls {
		for _, i := range c.Keys {
			if i >= len(c.Args) {
				continue
			}
			a := c.Args[i]
			what := describeKeySource(a.Value)
			if what == "" {
				continue
			}
			var id any
			switch {
			case a.Value.Var != nil:
				id = a.Value.Var
			case a.Value.Origin == model.Literal:
				id = "lit:" + a.Value.Lit
			}
			if id != nil {
				if seen[id] {
					continue
				}
				seen[id] = true
			}
			keysName := "KEYS"
			if c.Func != nil && c.Func.Registration != nil {
				keysName = "the function's keys"
			}
			if ruleutil.UndeclaredKey(c, i) {
				// Redis does not see the key: no 'non local key', but a
				// read on whichever node the script runs on.
				f := p.Report(m.Range(a.Expr), "key %s of %s is %s, not from %s", m.Text(a.Expr), c.Name, what, keysName).
					Help("pass it in %s so the script is routed to its node%s", keysName, ruleutil.UndeclaredNote(c))
				if a.Value.Origin != model.Literal && (a.Value.Origin != model.Concat || canCarryTag(a.Value)) {
					f.Info()
				}
				continue
			}
			switch {
			case a.Value.Origin == model.Concat && !canCarryTag(a.Value):
				p.Report(m.Range(a.Expr), "key %s of %s is built from parts that cannot carry a {hash tag}", m.Text(a.Expr), c.Name).
					Help("it is built inside the script from literals without one or numbers, and Redis Cluster routes the script by %s only, so it fails with 'non local key' whenever this key lives on another node; pass it in %s",
						keysName, keysName)
			case a.Value.Origin == model.Concat:
				// A built key works on a cluster only while it shares the
				// declared keys' slot, e.g. through a {hash tag} in a prefix.
				from := "inside the script"
				if len(a.Value.Parts) > 0 && a.Value.Parts[0].Origin == model.Keys {
					from = "from a declared key inside the script"
				}
				p.Report(m.Range(a.Expr), "key %s of %s is built %s", m.Text(a.Expr), c.Name, from).
					Help("Redis Cluster routes the script by %s only, so this works only while the key hashes to their slot (a shared {hash tag}); pass it in %s", keysName, keysName).Info()
			case scannedKey(a.Value) && patternCanCarryTag(a.Value.Call):
				// The listed names start with what the caller passed, as
				// bull's removeJobs scans ARGV[1] (the queue's prefix) ..
				// ARGV[2]: with a {hash tag} in it every listed key is in
				// one slot, on the node that runs the script.
				p.Report(m.Range(a.Expr), "key %s of %s is listed by %s of a pattern that can hold a {hash tag}, not passed in %s", m.Text(a.Expr), c.Name, a.Value.Call.Name, keysName).
					Help("Redis Cluster routes the script by %s only; this reaches every key only while the pattern's prefix holds the declared keys' {hash tag}", keysName).Info()
			case scannedKey(a.Value):
				// KEYS and SCAN list the keyspace of the node that runs the
				// script: on a cluster that is one node's keys, in any slot.
				p.Report(m.Range(a.Expr), "key %s of %s is listed by %s, not passed in %s", m.Text(a.Expr), c.Name, a.Value.Call.Name, keysName).
					Help("on Redis Cluster %s lists only the keys of the node that runs the script, so the keys of the other nodes are never touched, and with a #!lua shebang a key of another slot than the declared keys fails ('keys that do not hash to the same slot'); keep the key names in a set stored with the declared keys' {hash tag}, or let the client scan each node",
						a.Value.Call.Name).Lower()
			case a.Value.Origin == model.Argv || a.Value.Origin == model.Reply || a.Value.Origin == model.ReplyElement:
				// A key name the caller or the data supplies can carry the
				// declared keys' {hash tag}, as bull and bullmq require of
				// their prefix: whether it does, only the caller knows.
				p.Report(m.Range(a.Expr), "key %s of %s is %s, not from %s", m.Text(a.Expr), c.Name, what, keysName).
					Help("Redis Cluster routes the script by %s only, so this works only while the key hashes to their slot (a shared {hash tag}), and fails with 'non local key' when it lives on another node; pass it in %s", keysName, keysName).Info()
			default:
				// A literal names one fixed slot, whatever keys the caller
				// passes.
				p.Report(m.Range(a.Expr), "key %s of %s is %s, not from %s", m.Text(a.Expr), c.Name, what, keysName).
					Help("pass it in %s so Redis Cluster can route the script (otherwise it fails with 'non local key' when the key lives on another node)", keysName)
			}
		}
	}
}

// scannedKey reports whether a key name comes from a KEYS or SCAN reply.
func scannedKey(v model.Value) bool {
	return (v.Origin == model.Reply || v.Origin == model.ReplyElement) && v.Call != nil && v.Call.Is("KEYS", "SCAN")
}

// patternCanCarryTag reports whether the names a KEYS or SCAN call lists
// may all carry one {hash tag}: the fixed start of its pattern, before the
// first glob character, holds a braced tag, or the pattern is a prefix the
// caller passes (KEYS, ARGV) followed by more, as bull's removeJobs scans
// ARGV[1] (the queue's prefix, where a cluster-aware library keeps its tag)
// .. ARGV[2]. A whole pattern from the caller is the caller's choice, which
// may or may not hold a tag (sidekiq-unique-jobs' 'uniquejobs:working:*'):
// it stays a warning. SCAN without MATCH lists the whole node.
func patternCanCarryTag(c *model.Call) bool {
	i := 1
	if c.Is("SCAN") {
		if i = c.TokenIndex("MATCH") + 1; i == 0 {
			return false
		}
	}
	if i >= len(c.Args) {
		return false
	}
	parts := []model.Value{c.Args[i].Value}
	if v := c.Args[i].Value; v.Origin == model.Concat {
		parts = v.Parts
	}
	var fixed strings.Builder
	for j, v := range parts {
		switch v.Origin {
		case model.Keys, model.Argv:
			return j == 0 && len(parts) > 1
		case model.Unknown, model.Capture:
			// A value of unknown origin (a helper's parameter, a hole of
			// a host-language literal, a pattern capture) between literal braces is the
			// tag's content, whatever it holds: opaque text here.
			if j == 0 {
				return false
			}
			fixed.WriteByte(0)
		case model.Literal:
			lit, globbed := v.Lit, false
			if j := strings.IndexAny(lit, "*?[\\"); j >= 0 {
				lit, globbed = lit[:j], true
			}
			fixed.WriteString(lit)
			if open := strings.IndexByte(fixed.String(), '{'); open >= 0 && strings.IndexByte(fixed.String()[open+1:], '}') > 0 {
				return true
			}
			if globbed {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// canCarryTag reports whether a built key name may hold a {hash tag} that
// puts it in the declared keys' slot: a part that comes from outside the
// script as a string (KEYS, ARGV, a reply) or a literal with a brace. A key
// made only of brace-free literals and numbers has a slot of its own.
func canCarryTag(v model.Value) bool {
	switch v.Origin {
	case model.Keys, model.Argv, model.Reply, model.ReplyElement, model.Unknown, model.Capture:
		return true
	case model.Literal:
		return strings.ContainsAny(v.Lit, "{}")
	case model.Concat:
		for _, p := range v.Parts {
			if canCarryTag(p) {
				return true
			}
		}
	}
	return false
}

// describeKeySource says where a key argument comes from when that is not
// KEYS, or "" when it is KEYS or cannot be known (a helper's parameter).
func describeKeySource(v model.Value) string {
	switch v.Origin {
	case model.Keys:
		return ""
	case model.Literal:
		return "a literal"
	case model.Concat:
		return "built inside the script"
	case model.Argv:
		return "taken from ARGV"
	case model.Reply, model.ReplyElement:
		return "read from a reply"
	case model.Tonumber, model.Arith:
		return "computed inside the script"
	}
	return ""
}
