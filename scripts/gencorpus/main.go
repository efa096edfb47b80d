// Command gencorpus scales a corpus of Lua scripts to a given number of
// lines for benchmarks: it copies the .lua files of -src (sorted, bullmq's
// esm copy left out) round after round into -out/cNNNN/, each round with its
// nested locals renamed (name → name_vN) and a closing comment, so that no two copies are byte-identical
// and every copy lints like the original.
//
//	go run ./scripts/gencorpus -lines 1000000 -out /tmp/corpus-1m
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/span"
)

func main() {
	src := flag.String("src", "testdata/corpus", "folder of .lua files to copy")
	out := flag.String("out", "", "folder to write (must not exist or be empty)")
	lines := flag.Int("lines", 1000000, "lines to write at least")
	maxFiles := flag.Int("files", 0, "stop after this many files (0: no bound)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gencorpus: -out is required")
		os.Exit(2)
	}
	if err := run(*src, *out, *lines, *maxFiles); err != nil {
		fmt.Fprintf(os.Stderr, "gencorpus: %v\n", err)
		os.Exit(1)
	}
}

type script struct {
	rel  string
	src  []byte
	file *luasrc.File
	vars []*model.Variable
}

func run(srcDir, out string, want, maxFiles int) error {
	var scripts []*script
	err := filepath.WalkDir(srcDir+string(filepath.Separator), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "esm" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".lua") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(srcDir, p)
		f := luasrc.Parse(rel, b)
		s := &script{rel: rel, src: b, file: f}
		if f.Chunk != nil && f.Positioned() {
			s.vars = model.Build(f).Vars
		}
		scripts = append(scripts, s)
		return nil
	})
	if err != nil {
		return err
	}
	if len(scripts) == 0 {
		return fmt.Errorf("no .lua files in %s (run scripts/fetch-corpus.sh)", srcDir)
	}
	// Include fragments first, so that a round cut short at the line budget
	// still has every fragment its scripts include (includes are on by
	// default; a missing one is an error).
	fragment := func(s *script) bool {
		return strings.Contains(filepath.ToSlash(s.rel), "/includes/")
	}
	sort.Slice(scripts, func(i, j int) bool {
		if fi, fj := fragment(scripts[i]), fragment(scripts[j]); fi != fj {
			return fi
		}
		return scripts[i].rel < scripts[j].rel
	})
	total, files := 0, 0
	for round := 0; total < want; round++ {
		for _, s := range scripts {
			if total >= want || (maxFiles > 0 && files >= maxFiles) {
				break
			}
			p := filepath.Join(out, fmt.Sprintf("c%04d", round), s.rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			data := s.variant(round)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				return err
			}
			total += bytes.Count(data, []byte{'\n'})
			files++
		}
		if maxFiles > 0 && files >= maxFiles {
			break
		}
	}
	fmt.Printf("%d files, %d lines in %s\n", files, total, out)
	return nil
}

// variant is round's copy: round 0 is the original; later rounds rename
// every local, parameter and loop variable below the top level (not an
// implicit self).
func (s *script) variant(round int) []byte {
	if round == 0 {
		return s.src
	}
	// A closing comment makes even a file without nested locals differ.
	tail := fmt.Sprintf("-- gencorpus copy %d\n", round)
	if len(s.src) > 0 && s.src[len(s.src)-1] != '\n' {
		tail = "\n" + tail
	}
	type edit struct {
		off, end int
		text     string
	}
	var edits []edit
	suffix := fmt.Sprintf("_v%d", round)
	add := func(r span.Range, name string) {
		off, end := s.file.Offset(r.Start), s.file.Offset(r.End)
		if string(s.src[off:end]) == name {
			edits = append(edits, edit{off, end, name + suffix})
		}
	}
	for _, v := range s.vars {
		// Top-level locals stay: an @include fragment's are the names its
		// includers call.
		if v.Kind == model.SelfParam || v.Scope == nil || v.Scope.Parent == nil {
			continue
		}
		add(v.Decl, v.Name)
		for _, id := range v.Reads {
			add(s.file.Range(id), v.Name)
		}
		for _, id := range v.Writes {
			add(s.file.Range(id), v.Name)
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].off < edits[j].off })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.off < last {
			continue // the same identifier seen twice
		}
		b.Write(s.src[last:e.off])
		b.WriteString(e.text)
		last = e.end
	}
	b.Write(s.src[last:])
	out := []byte(b.String())
	// A rename must not change what the file means to the parser.
	if f := luasrc.Parse(s.rel, out); f.Chunk == nil && s.file.Chunk != nil {
		out = s.src
	}
	return append(out[:len(out):len(out)], tail...)
}
