package sink

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diskfile"
	"github.com/lint-lua/lint-lua/internal/driver"
)

// Fix writes each fixed file back as soon as it is linted (--fix), so that
// a run holds no file's text longer than its lint, and says on the error
// stream what it did. A file is written only while it is still what was
// linted, with its owner, group and mode (diskfile.Replace); one that
// cannot be written keeps its content and its findings, and is reported by
// name as an error.
type Fix struct {
	ErrOut io.Writer
	// Ignores says the rewrites are --add-ignore's: the summary counts
	// ignores added, not fixes.
	Ignores bool

	mu          sync.Mutex
	failed      []failure
	files, done int
	stop        func()
	// writing holds a lock per file being written, so that two items of
	// one run that reach the same file (named twice, or through a link)
	// write it one after the other: the second then finds the first's
	// rewrite. Unlocked, both could check the file before either renamed
	// over it, and both write it.
	writing map[fileKey]*sync.Mutex
	// cleaned holds the folders searched for the leftovers of killed runs
	// (diskfile.CleanLeftovers), and leftovers what was found there.
	cleaned   map[string]bool
	leftovers []diskfile.Leftover
}

// fileKey names a file whatever path reached it: its device and inode, or
// where the system gives none, the path.
type fileKey struct {
	dev, ino uint64
	path     string
}

type failure struct {
	arg  int
	name string
	err  error
}

// NewFix returns the sink, with SIGINT, SIGTERM, SIGHUP and SIGQUIT set
// to remove the temporary files of the writes under way (until Done).
func NewFix(errOut io.Writer) *Fix {
	return &Fix{ErrOut: errOut, stop: diskfile.CleanUpOnSignal()}
}

// beforeWrite, when set (by tests), runs between the lint of a file and
// its write: the window in which the user may change it.
var beforeWrite func(path string)

// File writes r's fixes, or puts back the findings of the file as it is.
func (s *Fix) File(r *driver.Result) {
	if r.Rewrite == nil {
		return
	}
	var err error
	if r.Path == "" {
		err = errors.New("not a file on disk")
	} else {
		if beforeWrite != nil {
			beforeWrite(r.Path)
		}
		s.clean(r.Path)
		unlock := s.lock(r)
		err = diskfile.Replace(r.Path, r.Rewrite.Old, r.Rewrite.ID, r.Rewrite.New)
		same := errors.Is(err, diskfile.ErrChanged) && holds(r.Path, r.Rewrite.New)
		unlock()
		if same {
			// The file already holds this very rewrite: the run reached it
			// by another path too (named twice, or through a link), and
			// that item wrote it. Nothing is lost and nothing to count.
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.failed = append(s.failed, failure{r.Arg, r.Name, err})
		r.Diagnostics, r.Lines = r.Before, r.BeforeLines
		return
	}
	s.files++
	s.done += r.Applied
}

// clean removes the leftovers of killed runs from the folder where the
// file at path is written, once a run, before the first write there.
func (s *Fix) clean(path string) {
	dir := filepath.Dir(path)
	if target, err := filepath.EvalSymlinks(path); err == nil {
		dir = filepath.Dir(target)
	}
	s.mu.Lock()
	if s.cleaned == nil {
		s.cleaned = map[string]bool{}
	}
	done := s.cleaned[dir]
	s.cleaned[dir] = true
	s.mu.Unlock()
	if done {
		return
	}
	found := diskfile.CleanLeftovers(dir)
	s.mu.Lock()
	s.leftovers = append(s.leftovers, found...)
	s.mu.Unlock()
}

// lock takes the write lock of r's file, and returns its release.
func (s *Fix) lock(r *driver.Result) func() {
	k := fileKey{path: r.Path}
	if dev, ino, ok := r.Rewrite.ID.Inode(); ok {
		k = fileKey{dev: dev, ino: ino}
	}
	s.mu.Lock()
	if s.writing == nil {
		s.writing = map[fileKey]*sync.Mutex{}
	}
	m := s.writing[k]
	if m == nil {
		m = new(sync.Mutex)
		s.writing[k] = m
	}
	s.mu.Unlock()
	m.Lock()
	return m.Unlock
}

// Done reports the files not written, in order, then what was applied.
func (s *Fix) Done(o *driver.Outcome) error {
	if s.stop != nil {
		s.stop()
	}
	slices.SortFunc(s.leftovers, func(a, b diskfile.Leftover) int { return cmp.Compare(a.Path, b.Path) })
	for _, l := range s.leftovers {
		if l.Removed {
			fmt.Fprintf(s.ErrOut, "lint-lua: removed %s, the temporary file of a lint-lua --fix that was killed (process %d)\n", l.Path, l.Pid)
		} else {
			fmt.Fprintf(s.ErrOut, "lint-lua: %s may be the temporary file of a lint-lua --fix that was killed; kept: %s\n", l.Path, l.Reason)
		}
	}
	slices.SortStableFunc(s.failed, func(a, b failure) int {
		if c := cmp.Compare(a.arg, b.arg); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	for _, f := range s.failed {
		err := &driver.FileError{File: f.name, Err: fixError(f.err)}
		o.Errors = append(o.Errors, err)
		driver.PrintError(s.ErrOut, err)
	}
	if s.files > 0 {
		if s.Ignores {
			fmt.Fprintf(s.ErrOut, "lint-lua: added %s in %s\n", plural(s.done, "ignore", "ignores"), plural(s.files, "file", "files"))
		} else {
			fmt.Fprintf(s.ErrOut, "lint-lua: applied %s in %s\n", plural(s.done, "fix", "fixes"), plural(s.files, "file", "files"))
		}
	}
	return nil
}

// fixError says why a file was not fixed: a refusal says what to do, an
// I/O error what failed.
func fixError(err error) error {
	switch {
	case errors.Is(err, diskfile.ErrChanged):
		return fmt.Errorf("not fixed: %w; run lint-lua --fix again", err)
	case errors.Is(err, diskfile.ErrReadOnly):
		return fmt.Errorf("not fixed: %w (make it writable to fix it)", err)
	case errors.Is(err, diskfile.ErrLinked), errors.Is(err, diskfile.ErrOwner):
		return fmt.Errorf("not fixed: %w, which writing a new file in its place would not keep; apply the fixes by hand or with lint-lua --diff | patch", err)
	case errors.Is(err, diskfile.ErrAttrs):
		return fmt.Errorf("not fixed: %w by a new file written in its place; apply the fixes by hand or with lint-lua --diff | patch", err)
	}
	return fmt.Errorf("writing the fixes: %w", err)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// holds reports whether the file at path holds exactly text now.
func holds(path string, text []byte) bool {
	now, _, err := diskfile.Read(path, int64(len(text)))
	return err == nil && bytes.Equal(now, text)
}
