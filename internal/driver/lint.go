package driver

import (
	"slices"
	"sort"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/srcmap"
)

// linter is the lint step: it lints a file's scripts with the file's
// settings and places the findings in the user's file.
type linter struct {
	rules []*lint.Rule
	fix   bool
	// upTo is the least safe fix applicability that fixing applies.
	upTo  diag.Applicability
	prove func(*luasrc.File, []diag.Diagnostic)
}

// file lints f, and with fixing on applies the fixes of a file that takes
// them.
func (l *linter) file(f *File) *Result {
	r := &Result{Name: f.Name, Path: f.Path}
	if f.Skipped != "" {
		r.Skipped, r.Named = f.Skipped, f.Named
		return r
	}
	if f.Err != nil {
		r.Err = f.Err
		return r
	}
	pass := l.scripts(f, f.Scripts)
	r.Diagnostics, r.Lines, r.Shared = pass.diags, pass.lines, pass.shared
	if !l.fix {
		placeEdits(f.Src, r.Diagnostics)
		return r
	}
	// Before is what --diff exits by: the findings the file has, fixable
	// or not.
	r.Before, r.BeforeLines = pass.diags, pass.lines
	if f.Rescan == nil {
		return r
	}
	// Apply the fixes and lint again, until no fix applies or
	// lint.MaxFixRounds rounds have run. A round whose result parses worse
	// is undone: a fix never turns a script Redis loads into one it
	// refuses.
	src := f.Src
	for round := 0; round < lint.MaxFixRounds; round++ {
		out, n := diag.ApplyFixes(src, pass.diags, l.upTo)
		if n == 0 {
			break
		}
		nf := f.Rescan(out)
		if nf == nil || nf.Err != nil {
			break
		}
		nf.Name, nf.Path, nf.Src, nf.Settings = f.Name, f.Path, out, f.Settings
		next := l.scripts(nf, nf.Scripts)
		if next.broken || next.syntaxErrors > pass.syntaxErrors {
			break
		}
		src, pass, r.Applied = out, next, r.Applied+n
	}
	r.Diagnostics, r.Lines = pass.diags, pass.lines
	placeEdits(src, r.Diagnostics)
	if r.Applied > 0 {
		r.Rewrite = &Rewrite{Old: f.Src, New: src, ID: f.ID}
	}
	return r
}

// placeEdits fills the Range of every fix edit of ds from its offsets into
// src, the file the findings are of. The line index is built only when a
// finding has a fix.
func placeEdits(src []byte, ds []diag.Diagnostic) {
	var starts []int
	pos := func(off int) diag.Pos {
		i := sort.SearchInts(starts, off+1) - 1
		return diag.Pos{Line: i + 1, Column: off - starts[i] + 1}
	}
	for i := range ds {
		fx := ds[i].Fix
		if fx == nil {
			continue
		}
		if starts == nil {
			starts = luasrc.LineStarts(src)
		}
		// The fix is shared with the rule's finding (and the file's
		// findings as read): place a copy.
		out := *fx
		out.Edits = slices.Clone(fx.Edits)
		for j, e := range out.Edits {
			if e.Start < 0 || e.End < e.Start || e.End > len(src) {
				continue
			}
			out.Edits[j].Range = diag.Range{Start: pos(e.Start), End: pos(e.End)}
		}
		ds[i].Fix = &out
	}
}

// pass is what linting a file's scripts once gave.
type pass struct {
	diags []diag.Diagnostic
	lines *Lines
	// shared: some findings were placed by a Mapper.
	shared bool
	// syntaxErrors counts the parser's errors over the scripts; broken is
	// set when one did not parse at all.
	syntaxErrors int
	broken       bool
}

// scripts lints the scripts of f, places their findings and applies the
// file's own suppression comments.
func (l *linter) scripts(f *File, scripts []Script) pass {
	var p pass
	// covers[i] are the lines besides its own whose ignores cover
	// p.diags[i]; kept only when the file has comments of its own.
	var covers [][]int
	for i := range scripts {
		s := &scripts[i]
		step := func(pf *luasrc.File) {
			if s.Seen != nil {
				s.Seen(pf)
			}
			ds := lint.Run(pf, lint.Config{Rules: l.rules, Settings: f.Settings.Rules, Target: f.Settings.Target, Cluster: f.Settings.Cluster, ClusterHint: s.ClusterHint, Globals: s.Globals, Siblings: s.Siblings, Fragment: s.Fragment})
			if l.prove != nil && !s.Fragment && len(ds) > 0 {
				l.prove(pf, ds)
			}
			p.syntaxErrors += len(pf.Errors)
			p.broken = p.broken || pf.Chunk == nil
			lineOf := func(_ string, n int) (string, bool) { return pf.Line(n) }
			if s.Map != nil {
				p.shared = true
				for i, d := range ds {
					ds[i] = s.Map.Place(d)
				}
				lineOf = s.Map.Line
			}
			p.quote(f, ds, lineOf)
			if len(f.Comments) > 0 {
				for range ds {
					covers = append(covers, s.CoveredBy)
				}
			}
			if p.diags == nil {
				p.diags = ds
			} else {
				p.diags = append(p.diags, ds...)
			}
		}
		if s.Parsed != nil {
			step(s.Parsed)
			continue
		}
		if len(s.Text) > gcBigFile {
			relaxGCNow()
		}
		// The parse never leaves this step, and the findings and lines
		// hold none of it (strings copied from its text): its arrays
		// serve the next file's.
		luasrc.WithParse(s.Name, s.Text, step)
	}
	if len(f.Findings) > 0 {
		lines := srcmap.NewLines(f.Src)
		lineOf := func(_ string, n int) (string, bool) { return lines.Line(f.Src, n) }
		for _, fd := range f.Findings {
			p.diags = append(p.diags, fd.Diagnostic)
			covers = append(covers, fd.CoveredBy)
			p.quote(f, []diag.Diagnostic{fd.Diagnostic}, lineOf)
		}
	}
	if len(f.Comments) > 0 {
		p.diags = lint.SuppressCovering(f.Name, f.Comments, p.diags, func(i int) []int { return covers[i] }, f.Settings.Rules, l.rules)
		// The ignores that suppress nothing are reported at the comments,
		// in lines of the file that the scripts' mappers know.
		for _, d := range p.diags {
			for _, n := range [2]int{d.Range.Start.Line, d.Range.End.Line} {
				for i := 0; i < len(scripts) && !p.lines.has(d.File, n); i++ {
					if m := scripts[i].Map; m != nil {
						if text, ok := m.Line(d.File, n); ok {
							if p.lines == nil {
								p.lines = newLines(f.Name)
							}
							p.lines.add(d.File, n, text)
						}
					}
				}
			}
		}
	}
	return p
}

// quote keeps the lines that ds start and end on, from lineOf.
func (p *pass) quote(f *File, ds []diag.Diagnostic, lineOf func(file string, n int) (string, bool)) {
	if len(ds) > 0 && p.lines == nil {
		p.lines = newLines(f.Name)
	}
	for _, d := range ds {
		for _, n := range [2]int{d.Range.Start.Line, d.Range.End.Line} {
			if p.lines.has(d.File, n) {
				continue
			}
			if text, ok := lineOf(d.File, n); ok {
				p.lines.add(d.File, n, text)
			}
		}
	}
}
