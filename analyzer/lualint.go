package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"golang.org/x/tools/go/analysis"
)

// luaFinding is a finding of a Lua rule in one script, placed in Go.
type luaFinding struct {
	s        *luaScript
	d        diag.Diagnostic
	pos, end token.Pos
	msg      string
	// file holds the script, whose settings apply.
	file string
	// edits are its fix's edits of the Go source, nil without one.
	edits []analysis.TextEdit
}

type editKey struct {
	pos, end token.Pos
	text     string
}

// lintScripts runs every lint-lua rule over each script known at compile
// time, once per script however many calls use it, and reports each
// finding at its place in the Go string (or the embedded .lua file).
//
// A fix edits the Go source, and one literal (a constant, an embedded
// file) may be part of several scripts: a fix is offered only when every
// script that draws on the literals it edits gets that very edit from its
// own findings. Otherwise fixing one script would change another that had
// no finding there (issue 19: a shared ` if v == nil` tail, a GET reply in
// one script and a boolean in the other).
func lintScripts(pass *analysis.Pass, st *state) {
	all := st.settings.cat.All()
	// The files of an embed.FS are often fragments a loader splices into
	// one another (inngest's -- $include(x.lua)): a name one of them
	// declares at its top level may be used by the others.
	var fsGlobals []string
	if slices.ContainsFunc(st.scripts, func(s *luaScript) bool { return s.FromFS }) {
		fsGlobals = fsNames(st.scripts)
	}
	var found []luaFinding
	proposed := map[editKey]map[*luaScript]bool{}
	users := map[unit][]*luaScript{}
	for _, s := range st.scripts {
		if !s.Known || s.Text == "" {
			continue
		}
		if s.text != nil {
			for _, u := range s.text.units {
				if us := users[u]; len(us) == 0 || us[len(us)-1] != s {
					users[u] = append(us, s)
				}
			}
		}
		// The script's settings are those of the file it is written in
		// (or embedded from), as for a .lua file; an excluded file's
		// scripts are not linted, and propose no edit to a shared literal.
		file := s.Embed
		if file == "" {
			file = fileAt(pass, s.Src.Pos())
		}
		if st.settings.set.Excluded(file) {
			continue
		}
		cfg := lint.Config{Rules: all, Settings: st.settings.rules(file), Target: st.settings.set.Target(file), Cluster: st.settings.set.Cluster(),
			ClusterHint: keysHashTagged(s)}
		if s.FromFS {
			cfg.Globals = fsGlobals
		}
		f := s.Lua()
		for _, d := range lint.Run(f, cfg) {
			pos, end, exact := s.GoRange(d.Range)
			if !pos.IsValid() {
				pos, end = s.Src.Pos(), s.Src.End()
			}
			lf := luaFinding{s: s, d: d, pos: pos, end: end, msg: d.Message, file: file}
			if exact {
				if d.Fix != nil && d.Fix.Applicability == diag.Safe {
					// go vet -fix and editors apply suggested fixes
					// with no applicability of their own: only the
					// safe ones go.
					lf.edits = goEdits(pass, s, d.Fix)
				}
			} else {
				// The text comes from somewhere we cannot point into (a
				// constant of another package): say where in the script.
				lf.msg = fmt.Sprintf("script line %d:%d: %s", d.Range.Start.Line, d.Range.Start.Column, lf.msg)
			}
			for _, e := range lf.edits {
				k := editKey{e.Pos, e.End, string(e.NewText)}
				if proposed[k] == nil {
					proposed[k] = map[*luaScript]bool{}
				}
				proposed[k][s] = true
			}
			if d.Severity >= st.settings.minSeverity {
				found = append(found, lf)
			}
		}
	}
	for _, lf := range found {
		var fixes []analysis.SuggestedFix
		if lf.edits != nil && fixShared(lf, users, proposed) {
			fixes = []analysis.SuggestedFix{{Message: lf.d.Fix.Message, TextEdits: lf.edits}}
		}
		sev := ""
		if lf.d.Severity != st.settings.severityOf(lf.file, lf.d.Rule) {
			// go/analysis carries no severity: a finding the rule
			// reported below its configured level says so, where
			// lint-lua go reads it back (and a go vet user sees it).
			sev = lf.d.Severity.String()
		}
		st.rep.report(lf.pos, lf.end, lf.d.Rule, sev, fixes, lf.msg, lf.d.Help)
	}
}

// fixShared reports whether every other script drawn from a literal (or
// embedded file) that the finding's fix edits gets the same edit, and
// whether the finding's own script draws that literal only once: an edit
// of a constant the script repeats changes every copy, and a copy where
// the value differs (a reply in one, a boolean in the other) would change
// its meaning, so the finding keeps no fix.
func fixShared(lf luaFinding, users map[unit][]*luaScript, proposed map[editKey]map[*luaScript]bool) bool {
	for _, e := range lf.edits {
		k := editKey{e.Pos, e.End, string(e.NewText)}
		copies := 0
		for _, u := range lf.s.text.units {
			if e.Pos < u.pos || e.Pos > u.end {
				continue
			}
			if copies++; copies > 1 {
				return false
			}
			for _, other := range users[u] {
				if other != lf.s && !proposed[k][other] {
					return false
				}
			}
		}
	}
	return true
}

// fsNames lists the names the headers among the .lua files of the
// package's embed.FS (files that only define names at their top level,
// luasrc.Header) declare at their top level, which the others may use once
// a loader splices them together. The notion is the command line's for
// the .lua files of a folder (internal/driver/source's siblings); the
// scope differs: the FS is what the loader reads, subdirectories included
// (inngest's lua/includes/), where a folder of .lua files is the command
// line's only evidence of files that belong together.
func fsNames(scripts []*luaScript) []string {
	var out []string
	for _, s := range scripts {
		if !s.FromFS || !s.Known {
			continue
		}
		if f := s.Lua(); f != nil && f.Chunk != nil && luasrc.Header(f.Chunk) {
			out = append(out, luasrc.TopLevelNames(f.Chunk)...)
		}
	}
	return out
}

// keysHashTagged reports whether a call that runs s builds its keys with a
// {hash tag} in a string constant (`[]string{"{user}:" + id}`): evidence
// that the script runs on Redis Cluster.
func keysHashTagged(s *luaScript) bool {
	found := false
	for _, u := range s.Uses {
		if u.KeysArg < 0 || u.KeysArg >= len(u.Call.Args) {
			continue
		}
		ast.Inspect(u.Call.Args[u.KeysArg], func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && lint.HasHashTag(lit.Value) {
				found = true
			}
			return !found
		})
	}
	return found
}
