package cli

import (
	"github.com/spf13/pflag"
)

// fixOptions are the flags that apply the rules' fixes.
type fixOptions struct {
	Fix         bool
	Diff        bool
	UnsafeFixes bool
}

func (o *fixOptions) addFlags(f *pflag.FlagSet) {
	f.BoolVar(&o.Fix, "fix", false, "apply the fixes of fixable findings to the files in place, then report what is left (exit status from those)")
	f.BoolVar(&o.Diff, "diff", false, "print the fixes as a unified diff instead of the findings, write nothing (exit status from the findings as they are)")
	f.BoolVar(&o.UnsafeFixes, "unsafe-fixes", false, "with --fix or --diff, apply the unsafe fixes too: they change what the script does in a way the fix's message states (a new ARGV the caller must pass, a reply that differs for some input)")
}

func (o *fixOptions) fixing() bool { return o.Fix || o.Diff }

// checkFix refuses what --fix and --diff cannot do.
func (o *fixOptions) checkFix(s *IOStreams, paths []string) error {
	if o.Fix && o.Diff {
		return usageError(s, "--fix and --diff: choose one (--diff shows what --fix would write)")
	}
	if o.UnsafeFixes && !o.fixing() {
		return usageError(s, "--unsafe-fixes applies fixes: give it with --fix or --diff")
	}
	if o.Fix {
		for _, p := range paths {
			if p == "-" {
				return usageError(s, "--fix cannot rewrite standard input: use --diff to print the fixes, or name the file")
			}
		}
	}
	return nil
}
