package rulegen

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var validID = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)+$`)

// Scaffold creates the directory of a new rule id under root/rules: the
// rule's package with a Run that reports nothing yet, its doc.md to fill
// in, a fixture each way (testdata/bad.lua wants a finding the rule does
// not give yet, testdata/good.lua must stay silent) and a proof test that
// fails until it is written; then it writes the catalogue (Write). So the
// rule is listed at once and its tests say what is left to do. It returns
// the paths it created, relative to root.
func Scaffold(root, id string) ([]string, error) {
	if !validID.MatchString(id) {
		return nil, fmt.Errorf("rule ID %q: want kebab-case words, such as unbounded-scan", id)
	}
	rel := filepath.Join("rules", id)
	dir := filepath.Join(root, rel)
	if _, err := os.Stat(dir); err == nil {
		return nil, fmt.Errorf("%s exists already", rel)
	}
	existing, err := Find(root)
	if err != nil {
		return nil, err
	}
	for _, r := range existing {
		if r.ID == id {
			return nil, fmt.Errorf("rule %s is declared already in %s", id, r.File)
		}
	}
	pkg := strings.ReplaceAll(id, "-", "")
	file := strings.ReplaceAll(id, "-", "_") + ".go"
	files := []struct{ path, text string }{
		{file, fmt.Sprintf(ruleTemplate, pkg, id)},
		{"doc.md", docTemplate},
		{"testdata/bad.lua", fmt.Sprintf(badTemplate, id)},
		{"testdata/good.lua", goodTemplate},
		{"proof_test.go", fmt.Sprintf(proofTemplate, pkg, id)},
	}
	var out []string
	for _, f := range files {
		path := filepath.Join(dir, f.path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return out, err
		}
		if err := os.WriteFile(path, []byte(f.text), 0o644); err != nil {
			return out, err
		}
		out = append(out, filepath.ToSlash(filepath.Join(rel, f.path)))
	}
	return out, Write(root)
}

const ruleTemplate = `// Package %[1]s is the rule %[2]s.
package %[1]s

import (
	_ "embed" // doc.md

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

//go:embed doc.md
var doc string

// Rule is %[2]s. Choose its category and default severity by the promise
// CONTRIBUTING.md describes (error: the script fails or answers wrong for an
// input its own text admits).
var Rule = &lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       %[2]q,
		Category: diag.Correctness,
		Severity: diag.SeverityWarning,
		Doc:      ruleutil.Doc("rules/%[2]s/doc.md", doc),
	},
	Run: run,
}

// run reports the rule's findings: a query over p.Model (its calls, values,
// paths; see internal/model) and a p.Report for each, with a lower-case
// headline that names the concrete thing and a help that says why and what
// to do instead. It does no I/O and keeps no state.
func run(p *lint.Pass) {
	m := p.Model
	for _, c := range m.Calls {
		_ = c // decide whether c is the mistake, then p.Report(m.Range(c.Expr), ...).Help(...)
	}
}
`

const docTemplate = `---
title: what the rule finds, lower-case, under 60 characters
summary: what it finds, in a line, with an example or the error Redis gives
redis: all
---

## Why

What goes wrong in Redis terms, and what to do instead.

## Bad

` + "```lua" + `
-- the mistake, as short as it can be
return redis.call('GET', KEYS[1])
` + "```" + `

## Good

` + "```lua" + `
-- the same script, right
return redis.call('GET', KEYS[1])
` + "```" + `
`

const badTemplate = `-- Bad forms of %s: each line where a finding starts ends with a want
-- comment whose regexp matches the headline, " — " and the help.
local v = redis.call('GET', KEYS[1]) -- want "a headline that names the concrete thing"
return v
`

const goodTemplate = `-- Good forms: the rule must stay silent on every line of this file.
local v = redis.call('GET', KEYS[1])
if not v then
  return nil
end
return v
`

const proofTemplate = `package %[1]s_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/rules/ruletest"
)

// TestProof runs the rule's Bad example on redis-server and asserts the
// failure or wrong answer its doc claims, and its Good example and asserts it
// works, after checking that lint-lua flags Bad and not Good: see
// ruletest.ProveBadGood and rules/nil-argument/proof_test.go. A rule whose
// doc claims no runtime effect has no proof: delete this file.
func TestProof(t *testing.T) {
	if !ruletest.Flags(t, %[2]q, "return redis.call('GET', KEYS[1])") {
		t.Error("the rule does not flag its Bad example yet")
	}
	ruletest.OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		t.Fatal("the proof on Redis is not written yet")
	})
	t.Fatal("the proof of %[2]s is not written yet")
}
`
