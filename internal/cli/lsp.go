package cli

import (
	"context"
	"fmt"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/lsp"
	"github.com/spf13/cobra"
)

// lspOptions are `lint-lua lsp`'s: it reads the protocol from In and
// writes it to Out.
type lspOptions struct {
	IO    *IOStreams
	Rules *lint.Catalogue
	// Stdio is --stdio, which editors' clients pass: stdio is the only
	// transport, so it changes nothing.
	Stdio bool
}

func newCmdLSP(s *IOStreams, cat *lint.Catalogue, runF func(*lspOptions) error) *cobra.Command {
	opts := &lspOptions{IO: s, Rules: cat}
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server (LSP over standard input and output) for editors",
		Long: "lint-lua lsp is a Language Server Protocol server on standard input and output. It lints the\n" +
			".lua files and host-language files the editor opens, from their unsaved text, with the settings\n" +
			"lint-lua reads for them (.lint-lua.yaml found from each file); offers each finding's fix and an\n" +
			"ignore comment as code actions; describes the command under the cursor in redis.call (hover);\n" +
			"and completes command names. See the README's editor setup.",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return lspRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Stdio, "stdio", true, "talk over standard input and output (the only transport)")
	return cmd
}

func lspRun(opts *lspOptions) error {
	srv := lsp.New(opts.Rules)
	srv.Version = Version
	if err := srv.Serve(context.Background(), opts.IO.In, opts.IO.Out); err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "lint-lua lsp: %v\n", err)
		// The protocol asks for 1 when the client exits without shutdown.
		return exitError{1}
	}
	return nil
}
