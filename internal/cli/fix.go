package cli

import (
	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/spf13/pflag"
)

// fixOptions are the flags that apply the rules' fixes.
type fixOptions struct {
	Fix         bool
	Diff        bool
	UnsafeFixes bool
	// AddIgnore is --add-ignore: an ignore comment above every finding
	// instead of the fixes.
	AddIgnore bool
}

func (o *fixOptions) addFlags(f *pflag.FlagSet) {
	f.BoolVar(&o.Fix, "fix", false, "apply the fixes of fixable findings to the files in place, then report what is left (exit status from those)")
	f.BoolVar(&o.Diff, "diff", false, "print the fixes as a unified diff instead of the findings, write nothing (exit status from the findings as they are)")
	f.BoolVar(&o.UnsafeFixes, "unsafe-fixes", false, "with --fix or --diff, apply the unsafe fixes too: they change what the script does in a way the fix's message states (a new ARGV the caller must pass, a reply that differs for some input)")
	f.BoolVar(&o.AddIgnore, "add-ignore", false, "write a `lint-lua: ignore RULE -- "+driver.IgnoreReason+"` comment above every finding (above the script in a host file), then report what is left; with --diff, print them")
}

func (o *fixOptions) fixing() bool { return o.Fix || o.Diff || o.AddIgnore }

// checkFix refuses what --fix and --diff cannot do.
func (o *fixOptions) checkFix(s *IOStreams, paths []string) error {
	if o.Fix && o.Diff {
		return usageError(s, "--fix and --diff: choose one (--diff shows what --fix would write)")
	}
	if o.UnsafeFixes && (!o.Fix && !o.Diff || o.AddIgnore) {
		return usageError(s, "--unsafe-fixes applies fixes: give it with --fix or --diff")
	}
	if o.Fix && o.AddIgnore {
		return usageError(s, "--fix and --add-ignore: choose one (run --fix first, then --add-ignore for what is left)")
	}
	if (o.Fix || o.AddIgnore) && !o.Diff {
		flag, what := "--fix", "the fixes"
		if o.AddIgnore {
			flag, what = "--add-ignore", "the ignores"
		}
		for _, p := range paths {
			if p == "-" {
				return usageError(s, "%s cannot rewrite standard input: use --diff to print %s, or name the file", flag, what)
			}
		}
	}
	return nil
}
