package cli

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/spf13/cobra"
)

func newCmdExplain(s *IOStreams, cat *lint.Catalogue) *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "Show a rule's documentation",
		Args:  cobra.ExactArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return ruleCompletions(cat)(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			r := cat.ByID(args[0])
			if r == nil {
				return usageError(s, "%v", settings.KnownRule(cat, args[0]))
			}
			_, err := fmt.Fprint(s.Out, report.Explain(&r.RuleInfo))
			return err
		},
	}
}

// ruleCompletions offers the rule IDs of cat with their titles, for shell
// completion of explain and of the flags that take rules.
func ruleCompletions(cat *lint.Catalogue) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, r := range cat.All() {
			out = append(out, r.ID+"\t"+r.Doc.Title)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// registerCompletions offers the values of the flags that take names:
// rules, formats, severities, targets, modules.
func registerCompletions(cmd *cobra.Command, cat *lint.Catalogue) {
	fixed := func(vals ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return cobra.FixedCompletions(vals, cobra.ShellCompDirectiveNoFileComp)
	}
	for flag, f := range map[string]func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective){
		"enable":       ruleCompletions(cat),
		"disable":      ruleCompletions(cat),
		"only":         ruleCompletions(cat),
		"format":       fixed(report.Names()...),
		"fail-on":      fixed("error", "warning", "info"),
		"min-severity": fixed("error", "warning", "info"),
		"color":        fixed("auto", "always", "never"),
		"target":       fixed(target.Names()...),
		"modules":      fixed("json", "search", "timeseries", "bloom"),
	} {
		if cmd.Flags().Lookup(flag) != nil {
			_ = cmd.RegisterFlagCompletionFunc(flag, f)
		}
	}
}
