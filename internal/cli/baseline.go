package cli

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/baseline"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/spf13/pflag"
)

// baselineOptions are the flags of the baseline (package baseline), which
// lint-lua and lint-lua go share.
type baselineOptions struct {
	Baseline      string
	WriteBaseline string
	PruneBaseline bool
	NoBaseline    bool
}

func (o *baselineOptions) addFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Baseline, "baseline", "", "report only the findings this baseline file does not hold, and list its entries that match nothing (default: baseline: from the configuration)")
	f.StringVar(&o.WriteBaseline, "write-baseline", "", "record the findings in this baseline file (the entries of files the run does not lint are kept) and report none")
	f.BoolVar(&o.PruneBaseline, "prune-baseline", false, "with a baseline, rewrite it without the entries that match nothing (new findings are still reported, not added)")
	f.BoolVar(&o.NoBaseline, "no-baseline", false, "read no baseline, whatever the configuration says")
}

// baselineRun is a run's use of a baseline: none (nil), filtering the
// findings it holds, or writing one.
type baselineRun struct {
	b *baseline.Baseline
	// write is --write-baseline: record the findings, report none.
	write bool
	prune bool
	// name is the file as the user wrote it, for the messages.
	name string
}

// open reads the baseline the flags and the resolved settings name
// (set.Baseline), or the file --write-baseline will write; nil when the
// run uses none. A baseline that cannot be read is a usage error.
func (o *baselineOptions) open(s *IOStreams, wd string, set *settings.Settings, diff bool) (*baselineRun, error) {
	switch {
	case o.WriteBaseline != "" && (o.PruneBaseline || diff):
		return nil, usageError(s, "--write-baseline records the findings: it cannot be used with --prune-baseline or --diff")
	case o.WriteBaseline != "":
		b, err := baseline.ReadOrNew(resolve(wd, o.WriteBaseline))
		if err != nil {
			return nil, usageError(s, "%v", err)
		}
		return &baselineRun{b: b, write: true, name: o.WriteBaseline}, nil
	case set.Baseline == "":
		if o.PruneBaseline {
			return nil, usageError(s, "--prune-baseline needs a baseline: --baseline FILE, or baseline: in the configuration")
		}
		return nil, nil
	}
	b, err := baseline.Read(set.Baseline)
	if err != nil {
		return nil, usageError(s, "%v", err)
	}
	name := o.Baseline
	if name == "" {
		name = set.Baseline
	}
	return &baselineRun{b: b, prune: o.PruneBaseline, name: name}, nil
}

// finish writes the baseline (--write-baseline, --prune-baseline) and
// names its stale entries on the error stream: entries is the run's
// findings as entries, stale the baseline's entries that matched nothing
// in the files the run linted (covered).
func (r *baselineRun) finish(s *IOStreams, entries, stale []baseline.Entry, covered func(string) bool) error {
	b := r.b
	if r.write {
		es := b.Update(entries, covered)
		if err := baseline.Write(b.Path, es); err != nil {
			printError(s, err)
			return exitError{ExitError}
		}
		fmt.Fprintf(s.ErrOut, "lint-lua: wrote %d findings to the baseline %s\n", len(es), report.Escape(r.name))
		return nil
	}
	if len(stale) == 0 {
		return nil
	}
	what := "rewrite it without them with --prune-baseline"
	if r.prune {
		if err := baseline.Write(b.Path, b.Prune(stale)); err != nil {
			printError(s, err)
			return exitError{ExitError}
		}
		what = "removed from it"
	}
	fmt.Fprintf(s.ErrOut, "lint-lua: %d %s of the baseline %s no longer %s (fixed, or its text changed): %s\n",
		len(stale), plural(len(stale), "entry", "entries"), report.Escape(r.name), plural(len(stale), "matches a finding", "match a finding"), what)
	for _, e := range stale {
		fmt.Fprintf(s.ErrOut, "  %s: %s: %s (occurrence %d)\n", report.Escape(e.File), e.Rule, report.Escape(e.Text), e.Occurrence)
	}
	return nil
}

// wholeScript returns whether a rule of cat has findings about a script
// as a whole (diag.RuleInfo.WholeScript).
func wholeScript(cat *lint.Catalogue) func(rule string) bool {
	return func(rule string) bool {
		r := cat.ByID(rule)
		return r != nil && r.WholeScript
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
