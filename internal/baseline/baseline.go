// Package baseline is lint-lua's baseline file: the findings a codebase
// had when lint-lua was turned on, which later runs do not report, so that
// a team fails only on new problems and the file shrinks as old ones are
// fixed. The command line (`lint-lua --baseline`), `lint-lua go`, the go
// vet tool and the golangci-lint plugin read and match it here, so a file
// one of them writes means the same to the others.
//
// A finding is keyed by what survives unrelated edits: its rule, its file
// (relative to the baseline file's directory, slash-separated), the text
// of the range it reports with runs of white space made one space, and
// its occurrence, the index among the findings of the run with the same
// rule, file and text, in the order of their positions. The line number
// is not part of the key: lines inserted above a finding leave it matched.
// Matching counts: a key recorded n times matches the first n findings of
// the run with that key; the others are new, and when the run has fewer
// than n, the recorded occurrences past them are stale (fixed, or their
// text changed).
//
// The file is JSON, versioned, with its entries sorted, one key per entry,
// so that a rewrite changes only the lines of the findings that changed:
//
//	{
//	  "version": 1,
//	  "findings": [
//	    {
//	      "rule": "undeclared-key",
//	      "file": "scripts/get.lua",
//	      "text": "'config'",
//	      "occurrence": 0
//	    }
//	  ]
//	}
package baseline

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/diskfile"
)

// Version is the version of the format this package reads and writes.
const Version = 1

// maxSize is the largest baseline file read: a codebase's worth of
// findings at ~120 bytes each.
const maxSize = 64 << 20

// An Entry is one finding recorded in a baseline.
type Entry struct {
	Rule string `json:"rule"`
	// File is relative to the baseline's directory, slash-separated.
	File string `json:"file"`
	// Text is the reported range's source text, white space collapsed.
	Text string `json:"text"`
	// Occurrence counts from 0 among the entries of the same rule, file
	// and text.
	Occurrence int `json:"occurrence"`
}

type key struct{ rule, file, text string }

func (e Entry) key() key { return key{e.Rule, e.File, e.Text} }

// document is the file as written.
type document struct {
	Version  int     `json:"version"`
	Findings []Entry `json:"findings"`
}

// A Baseline is a baseline file as read.
type Baseline struct {
	// Path is the file, and Dir the absolute directory its entries'
	// files are relative to.
	Path, Dir string
	Entries   []Entry
	counts    map[key]int
	// rels caches Rel: a run asks it of every finding's file.
	mu   sync.Mutex
	rels map[string]string
}

// New returns an empty baseline to be written at path.
func New(path string) (*Baseline, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return &Baseline{Path: path, Dir: filepath.Dir(abs), counts: map[key]int{}}, nil
}

// Read reads the baseline at path. A file that is no baseline of a
// version this package knows is an error naming the file and the reason.
func Read(path string) (*Baseline, error) {
	b, err := New(path)
	if err != nil {
		return nil, err
	}
	data, _, err := diskfile.Read(path, maxSize)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	b.Entries, err = parse(data)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	for _, e := range b.Entries {
		b.counts[e.key()]++
	}
	return b, nil
}

// ReadOrNew reads the baseline at path, or returns an empty one when
// there is no file there yet.
func ReadOrNew(path string) (*Baseline, error) {
	b, err := Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return New(path)
	}
	return b, err
}

func parse(data []byte) ([]Entry, error) {
	// The findings are decoded once the version is known to be this
	// package's: a later version may write them otherwise.
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("not a lint-lua baseline (JSON): %w", err)
	}
	raw, ok := top["version"]
	if !ok {
		return nil, errors.New(`not a lint-lua baseline: no "version"`)
	}
	var version int
	if err := json.Unmarshal(raw, &version); err != nil {
		return nil, fmt.Errorf("version %s: want a number", raw)
	}
	if version != Version {
		return nil, fmt.Errorf("version %d: this lint-lua reads version %d; write it again with --write-baseline", version, Version)
	}
	for k := range top {
		if k != "version" && k != "findings" {
			return nil, fmt.Errorf("unknown field %q", k)
		}
	}
	var doc document
	if raw, ok := top["findings"]; ok {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&doc.Findings); err != nil {
			return nil, err
		}
	}
	for i, e := range doc.Findings {
		if e.Rule == "" || e.File == "" || e.Occurrence < 0 {
			return nil, fmt.Errorf("finding %d: want a rule, a file and an occurrence of 0 or more", i)
		}
	}
	return doc.Findings, nil
}

// A Finding is a finding of a run as the baseline keys it.
type Finding struct {
	Rule string
	// Path is the finding's file on disk: absolute, or relative to the
	// working directory.
	Path string
	// Text is the reported range's text (Text).
	Text string
	// Pos orders the findings of one key.
	Pos diag.Pos
}

// Of keys d, whose file is relative to wd (or absolute), with line giving
// the text of a line of d's file (nil, or false, when not known). A
// finding of a rule whose findings are about a script as a whole
// (diag.RuleInfo.WholeScript, which whole says) is keyed without its text:
// its place is a count, not code.
func Of(d diag.Diagnostic, wd string, line func(n int) (string, bool), whole func(rule string) bool) Finding {
	p := d.File
	if !filepath.IsAbs(p) && wd != "" {
		p = filepath.Join(wd, filepath.FromSlash(p))
	}
	f := Finding{Rule: d.Rule, Path: p, Pos: d.Range.Start}
	if whole == nil || !whole(d.Rule) {
		f.Text = Text(d.Range, line)
	}
	return f
}

// Text returns the source text of r, the runs of white space in it made
// one space: the text of its first line from its start, a space and that
// of its last line to its end, when it spans lines; the whole line when
// the range is empty. line returns a 1-based line's text; "" when it does
// not know the line.
func Text(r diag.Range, line func(n int) (string, bool)) string {
	if line == nil {
		return ""
	}
	first, ok := line(r.Start.Line)
	if !ok {
		return ""
	}
	from := min(max(r.Start.Column-1, 0), len(first))
	var s string
	switch {
	case r.End.Line == r.Start.Line && r.End.Column > r.Start.Column:
		s = first[from:min(max(r.End.Column-1, from), len(first))]
	case r.End.Line > r.Start.Line:
		s = first[from:]
		if last, ok := line(r.End.Line); ok {
			s += " " + last[:min(max(r.End.Column-1, 0), len(last))]
		}
	default:
		s = first
	}
	return strings.Join(strings.Fields(s), " ")
}

// Rel is path (absolute, or relative to the working directory) as the
// baseline names it: relative to its directory, slash-separated.
func (b *Baseline) Rel(path string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if rel, ok := b.rels[path]; ok {
		return rel
	}
	rel := filepath.ToSlash(path)
	if abs, err := filepath.Abs(path); err == nil {
		rel = filepath.ToSlash(abs)
		if r, err := filepath.Rel(b.Dir, abs); err == nil {
			rel = filepath.ToSlash(r)
		}
	}
	if b.rels == nil {
		b.rels = map[string]string{}
	}
	b.rels[path] = rel
	return rel
}

// Record returns fs as entries, occurrences counted, sorted.
func (b *Baseline) Record(fs []Finding) []Entry {
	_, _, es := b.Match(fs, nil)
	return es
}

type indexed struct {
	Entry
	i int // the finding's index in the run
}

// entries keys fs, counting occurrences in the order of their positions.
func (b *Baseline) entries(fs []Finding) []indexed {
	es := make([]indexed, len(fs))
	for i, f := range fs {
		es[i] = indexed{Entry{Rule: f.Rule, File: b.Rel(f.Path), Text: f.Text}, i}
	}
	slices.SortStableFunc(es, func(a, c indexed) int {
		if n := compareKey(a.Entry, c.Entry); n != 0 {
			return n
		}
		pa, pc := fs[a.i].Pos, fs[c.i].Pos
		return cmp.Or(cmp.Compare(pa.Line, pc.Line), cmp.Compare(pa.Column, pc.Column))
	})
	for i := range es {
		if i > 0 && es[i-1].key() == es[i].key() {
			es[i].Occurrence = es[i-1].Occurrence + 1
		}
	}
	return es
}

// Match says which of fs, a run's findings, the baseline holds (old[i]),
// and returns its entries that match none of them, for the files covered
// says the run linted (every file, when covered is nil), and for files
// that no longer exist; record is fs as entries (Record).
func (b *Baseline) Match(fs []Finding, covered func(rel string) bool) (old []bool, stale, record []Entry) {
	old = make([]bool, len(fs))
	seen := map[key]int{}
	es := b.entries(fs)
	record = make([]Entry, len(es))
	for i, e := range es {
		k := e.key()
		seen[k]++
		old[e.i] = e.Occurrence < b.counts[k]
		record[i] = e.Entry
	}
	for _, e := range b.Entries {
		if e.Occurrence < seen[e.key()] {
			continue
		}
		if covered == nil || covered(e.File) || !b.exists(e.File) {
			stale = append(stale, e)
		}
	}
	sortEntries(stale)
	return old, stale, record
}

func (b *Baseline) exists(rel string) bool {
	_, err := os.Stat(filepath.Join(b.Dir, filepath.FromSlash(rel)))
	return !errors.Is(err, fs.ErrNotExist)
}

// Update returns the baseline's entries with those of the files covered
// says the run linted, and of files that no longer exist, replaced by
// es: what --write-baseline writes, so that a run over part of the tree
// (lint-lua go beside lint-lua, a pre-commit hook's files) keeps the
// entries of the rest.
func (b *Baseline) Update(es []Entry, covered func(rel string) bool) []Entry {
	var out []Entry
	for _, e := range b.Entries {
		if !covered(e.File) && b.exists(e.File) {
			out = append(out, e)
		}
	}
	out = append(out, es...)
	sortEntries(out)
	return slices.Compact(out)
}

// Prune returns the baseline's entries without stale.
func (b *Baseline) Prune(stale []Entry) []Entry {
	drop := map[Entry]bool{}
	for _, e := range stale {
		drop[e] = true
	}
	return slices.DeleteFunc(slices.Clone(b.Entries), func(e Entry) bool { return drop[e] })
}

func compareKey(a, b Entry) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Text, b.Text))
}

func sortEntries(es []Entry) {
	slices.SortFunc(es, func(a, b Entry) int {
		return cmp.Or(compareKey(a, b), cmp.Compare(a.Occurrence, b.Occurrence))
	})
}

// Marshal returns the file that holds es.
func Marshal(es []Entry) []byte {
	if es == nil {
		es = []Entry{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(document{Version: Version, Findings: es}) // strings and ints always encode
	return buf.Bytes()
}

// Write writes es as the baseline at path: over the file there as
// lint-lua --fix writes a file (diskfile.Replace: its mode kept, never
// half written), or as a new file.
func Write(path string, es []Entry) error {
	data := Marshal(es)
	old, id, err := diskfile.Read(path, maxSize)
	switch {
	case err == nil:
		if bytes.Equal(old, data) {
			return nil
		}
		err = diskfile.Replace(path, old, id, data)
	case errors.Is(err, fs.ErrNotExist):
		err = create(path, data)
	}
	if err != nil {
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	return nil
}

// create writes a new file at path through a temporary file renamed over
// it, so that no reader sees half of it.
func create(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
