package analyzer

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Scripts kept as files of an embed.FS: a directory of .lua files
// embedded whole, read in a ReadDir/ReadFile loop (or fs.WalkDir) and
// handed to NewScript as string(b). The file a call reads is a run-time
// value, but the files it can read are fixed at compile time: every .lua
// file the directive's patterns cover. When a package both reads such an
// FS and hands a script API a source whose text is not known, each of
// those files is a script of the package, linted in the .lua file.
//
// The .lua suffix is the filter: an FS of templates and scripts together
// yields its scripts only, and a package that hands scripts nothing it
// cannot see adds none (its FS holds something else).

// maxFSFiles bounds the files one embed.FS variable is searched for:
// far more than any project keeps scripts in, and a guard against an
// FS embedding a whole tree.
const maxFSFiles = 10000

// An fsScript is a .lua file of an embed.FS: its text, and the variable
// declared with the directive.
type fsScript struct {
	name string
	text *text
	decl token.Pos
}

// embedFSScripts returns the .lua files that the embed.FS variables the
// package reads cover, in name order (those that cannot be read are left
// out): its own variables', and those of another package's exported
// variables whose package did not lint them itself (their fact). used
// says which of its own variables were read.
func (e *evaluator) embedFSScripts() (out []fsScript, used map[*types.Var]bool) {
	used = map[*types.Var]bool{}
	decl := map[string]token.Pos{}
	var names []string
	add := func(files []string, pos token.Pos) {
		for _, name := range files {
			if _, ok := decl[name]; !ok {
				decl[name] = pos
				names = append(names, name)
			}
		}
	}
	// Another package's variable: the files of its fact, placed at the
	// first use here (its declaration is not in this package's files).
	first := map[*types.Var]token.Pos{}
	for id, obj := range e.pass.TypesInfo.Uses {
		v, ok := obj.(*types.Var)
		if !ok || !isEmbedFS(v.Type()) {
			continue
		}
		if _, ok := e.embeds[v]; ok {
			used[v] = true
		} else if v.Pkg() != e.pass.Pkg {
			if p, ok := first[v]; !ok || id.Pos() < p {
				first[v] = id.Pos()
			}
		}
	}
	// In position order: a file two variables cover is placed at the
	// first, the same on every run.
	for _, v := range slices.SortedFunc(maps.Keys(used), func(a, b *types.Var) int { return cmp.Compare(e.embeds[a].pos, e.embeds[b].pos) }) {
		add(e.fsLuaFiles(v), e.embeds[v].pos)
	}
	for _, v := range slices.SortedFunc(maps.Keys(first), func(a, b *types.Var) int { return cmp.Compare(first[a], first[b]) }) {
		var f embedFS
		if e.pass.ImportObjectFact != nil && e.pass.ImportObjectFact(v, &f) && !f.Linted {
			add(f.Files, first[v])
		}
	}
	sort.Strings(names)
	for _, name := range names {
		if t := e.embeddedFile(name); t != nil {
			out = append(out, fsScript{name, t, decl[name]})
		}
	}
	return out, used
}

// embedFS is the fact that an exported embed.FS variable embeds these
// .lua files, for the packages that read it: a loader in another package
// (issue 18) makes them scripts there. Linted says its own package read
// it and linted them, so that the others do not report them twice.
type embedFS struct {
	Files  []string
	Linted bool
}

func (*embedFS) AFact() {}

func (f *embedFS) String() string {
	if f.Linted {
		return fmt.Sprintf("embeds %d .lua files, linted here", len(f.Files))
	}
	return fmt.Sprintf("embeds %d .lua files", len(f.Files))
}

// exportEmbedFS exports the fact of each exported embed.FS variable of
// the package that embeds .lua files.
func exportEmbedFS(pass *analysis.Pass, e *evaluator, linted map[*types.Var]bool) {
	for v := range e.embeds {
		if !v.Exported() || !isEmbedFS(v.Type()) || v.Parent() != pass.Pkg.Scope() {
			continue
		}
		if files := e.fsLuaFiles(v); len(files) > 0 {
			pass.ExportObjectFact(v, &embedFS{Files: files, Linted: linted[v]})
		}
	}
}

// isEmbedFS reports whether t is embed.FS.
func isEmbedFS(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "embed" && n.Obj().Name() == "FS"
}

// fsLuaFiles is embedFSFiles of v's directive, walked once for both
// the package's scripts and its fact.
func (e *evaluator) fsLuaFiles(v *types.Var) []string {
	if files, ok := e.fsFiles[v]; ok {
		return files
	}
	if e.fsFiles == nil {
		e.fsFiles = map[*types.Var][]string{}
	}
	files := embedFSFiles(e.embeds[v])
	e.fsFiles[v] = files
	return files
}

// embedFSFiles lists the .lua files an embed.FS directive covers, as the
// compiler embeds them: a pattern's matches, and under a directory every
// file whose path has no element beginning with '.' or '_' (all files
// with the all: prefix). Symbolic links are not followed: the compiler
// refuses them.
func embedFSFiles(spec embedSpec) []string {
	var out []string
	for _, p := range spec.patterns {
		all := false
		if rest, ok := strings.CutPrefix(p, "all:"); ok {
			p, all = rest, true
		}
		matches, err := filepath.Glob(filepath.Join(spec.dir, filepath.FromSlash(p)))
		if err != nil {
			continue
		}
		for _, m := range matches {
			_ = filepath.WalkDir(m, func(path string, d fs.DirEntry, err error) error {
				if err != nil || len(out) >= maxFSFiles {
					return filepath.SkipAll
				}
				if path != m && !all && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".lua") {
					out = append(out, path)
				}
				return nil
			})
		}
	}
	return out
}

// unseenSource reports whether a use hands a script API a source whose
// text is not known, which an embed.FS may have given.
func unseenSource(u *scriptUse) bool {
	return u.SrcArg >= 0 && u.Script != nil && !u.Script.Known && !u.Script.TooLarge
}
