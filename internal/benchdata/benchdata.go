// Package benchdata loads the Lua inputs the stage benchmarks share: the
// bundled examples and rule fixtures, and the real corpus that
// scripts/fetch-corpus.sh downloads into testdata/corpus (absent in a fresh
// clone, so benchmarks skip it then).
package benchdata

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// File is one input.
type File struct {
	Name string
	Src  []byte
}

// Set is a named group of inputs.
type Set struct {
	Name  string
	Files []File
	Bytes int64
	Lines int
}

// root is the repository root, found from this file's place in it, so that
// benchmarks of any package read the same files.
func root() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "."
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Sets returns the repository's own inputs ("repo": examples/*.lua and
// rules/*/testdata/*.lua) and, when fetched, the real corpus ("corpus":
// every .lua file of testdata/corpus but bullmq's esm copy, as
// scripts/bench.sh lints). A set that is absent has no files.
func Sets() ([]Set, error) {
	r := root()
	repo := Set{Name: "repo"}
	for _, pat := range []string{"examples/*.lua", "rules/*/testdata/*.lua"} {
		paths, err := filepath.Glob(filepath.Join(r, pat))
		if err != nil {
			return nil, err
		}
		if err := repo.add(r, paths); err != nil {
			return nil, err
		}
	}
	corpus := Set{Name: "corpus"}
	var paths []string
	dir := filepath.Join(r, "testdata", "corpus")
	err := filepath.WalkDir(dir+string(filepath.Separator), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return filepath.SkipAll
			}
			return err
		}
		if d.IsDir() && d.Name() == "esm" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".lua") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	if err := corpus.add(r, paths); err != nil {
		return nil, err
	}
	return []Set{repo, corpus}, nil
}

func (s *Set) add(root string, paths []string) error {
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		name, err := filepath.Rel(root, p)
		if err != nil {
			name = p
		}
		s.Files = append(s.Files, File{Name: filepath.ToSlash(name), Src: src})
		s.Bytes += int64(len(src))
		s.Lines += strings.Count(string(src), "\n")
	}
	return nil
}

// ForSets runs fn as one sub-benchmark per input set, skipping a set that
// is absent (the real corpus before scripts/fetch-corpus.sh), with the set's
// bytes and allocations reported.
func ForSets(b *testing.B, fn func(b *testing.B, files []File)) {
	sets, err := Sets()
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range sets {
		b.Run(s.Name, func(b *testing.B) {
			if len(s.Files) == 0 {
				b.Skip("no files (run scripts/fetch-corpus.sh for the corpus)")
			}
			b.SetBytes(s.Bytes)
			b.ReportAllocs()
			fn(b, s.Files)
		})
	}
}
