package cli

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/rules"
	"github.com/spf13/cobra"
)

func newCmdExplain(s *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "Show a rule's documentation",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r := rules.ByID(args[0])
			if r == nil {
				return usageError(s, "unknown rule %q (see 'lint-lua rules')", args[0])
			}
			_, err := fmt.Fprint(s.Out, report.Explain(&r.RuleInfo))
			return err
		},
	}
}
