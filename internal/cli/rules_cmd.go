package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/lint-lua/lint-lua/rules"
	"github.com/spf13/cobra"
)

func newCmdRules(s *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "rules",
		Short: "List every rule with its category, default severity and title",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			tw := tabwriter.NewWriter(s.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tCATEGORY\tSEVERITY\tTITLE")
			for _, r := range rules.All() {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Category, r.Severity, r.Doc.Title)
			}
			return tw.Flush()
		},
	}
}

func newCmdVersion(s *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the lint-lua version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(s.Out, "lint-lua %s\n", Version)
			return err
		},
	}
}
