package sink

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/lint-lua/lint-lua/internal/driver"
)

// Diff prints the fixes as a unified diff (--diff) and writes nothing:
// the diffs of the files in order, nothing at all when nothing is fixable.
// It keeps the diffs, not the files' texts, until the end.
type Diff struct {
	Out io.Writer

	mu    sync.Mutex
	diffs []fileDiff
}

type fileDiff struct {
	arg        int
	name, text string
}

// File makes the diff of r's fixes.
func (s *Diff) File(r *driver.Result) {
	if r.Rewrite == nil {
		return
	}
	text := unifiedDiff(r.Name, r.Rewrite.Old, r.Rewrite.New)
	s.mu.Lock()
	s.diffs = append(s.diffs, fileDiff{r.Arg, r.Name, text})
	s.mu.Unlock()
}

// Done prints the diffs in order.
func (s *Diff) Done(*driver.Outcome) error {
	slices.SortStableFunc(s.diffs, func(a, b fileDiff) int {
		if c := cmp.Compare(a.arg, b.arg); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	for _, d := range s.diffs {
		if _, err := io.WriteString(s.Out, d.text); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
	}
	return nil
}
