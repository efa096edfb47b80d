package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/version"
	"github.com/spf13/cobra"
)

func newCmdRules(s *IOStreams, cat *lint.Catalogue) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List every rule with its category, default severity and title",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch format {
			case "json":
				return rulesJSON(s.Out, cat)
			case "text":
			default:
				return usageError(s, "--format: unknown format %q (valid: text, json)", format)
			}
			tw := tabwriter.NewWriter(s.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tCATEGORY\tSEVERITY\tTITLE")
			for _, r := range cat.All() {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Category, r.Severity, r.Doc.Title)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output format: text|json")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// ruleJSON is one rule in `lint-lua rules --format json`: what the table
// shows, and the documentation explain shows.
type ruleJSON struct {
	ID       string       `json:"id"`
	Category string       `json:"category"`
	Severity string       `json:"severity"`
	Title    string       `json:"title"`
	Why      string       `json:"why,omitempty"`
	Bad      string       `json:"bad,omitempty"`
	Good     string       `json:"good,omitempty"`
	Redis    string       `json:"redis,omitempty"`
	Lower    string       `json:"lower,omitempty"`
	Options  []optionJSON `json:"options,omitempty"`
	HelpURI  string       `json:"helpUri"`
}

type optionJSON struct {
	Name    string `json:"name"`
	Default any    `json:"default"`
	Doc     string `json:"doc,omitempty"`
}

func rulesJSON(w io.Writer, cat *lint.Catalogue) error {
	out := []ruleJSON{}
	for _, r := range cat.All() {
		j := ruleJSON{ID: r.ID, Category: string(r.Category), Severity: r.Severity.String(), Title: r.Doc.Title,
			Why: r.Doc.Why, Bad: r.Doc.Bad, Good: r.Doc.Good, Redis: r.Doc.Redis, Lower: r.Doc.Lower, HelpURI: r.HelpURI()}
		for _, o := range r.Options {
			j.Options = append(j.Options, optionJSON{Name: o.Name, Default: o.Default, Doc: o.Doc})
		}
		out = append(out, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func newCmdVersion(s *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the lint-lua version: the module version and the VCS revision",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(s.Out, "lint-lua %s\n", version.String())
			return err
		},
	}
}
