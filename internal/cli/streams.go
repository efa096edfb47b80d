package cli

import (
	"os"

	"github.com/mattn/go-isatty"
)

// SystemStreams are the process's standard streams.
func SystemStreams() *IOStreams {
	return &IOStreams{
		In:            os.Stdin,
		Out:           os.Stdout,
		ErrOut:        os.Stderr,
		OutIsTerminal: isatty.IsTerminal(os.Stdout.Fd()) || isatty.IsCygwinTerminal(os.Stdout.Fd()),
		Getenv:        os.Getenv,
		Getwd:         os.Getwd,
	}
}
