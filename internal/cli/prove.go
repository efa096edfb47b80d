package cli

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/prove"
	"github.com/spf13/pflag"
)

// proveOptions is --prove: where to replay the findings.
type proveOptions struct {
	Prove string
}

func (o *proveOptions) addProveFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Prove, "prove", "", "replay each finding whose effect is a runtime error on a Redis and show the input that reproduces it: "+
		"local (a private redis-server from PATH, the default; the embedded server when there is none), embedded (miniredis in the process, not Redis) or HOST:PORT[/DB] (only an empty database, left empty); "+
		"an error not reproduced no longer fails the run")
	f.Lookup("prove").NoOptDefVal = "local"
}

// prover is a --prove run's server and the first error it met, after
// which no more findings are replayed.
type prover struct {
	server *prove.Server
	// errOut is where a script --prove does not run is named, with why.
	errOut io.Writer
	mu     sync.Mutex
	err    error
}

// startProver starts or dials the server --prove names; nil without
// --prove.
func startProver(o *proveOptions, errOut io.Writer) (*prover, error) {
	var (
		s   *prove.Server
		err error
	)
	switch o.Prove {
	case "":
		return nil, nil
	case "local":
		s, err = prove.Local()
		if errors.Is(err, prove.ErrNoServer) {
			// No redis-server here: the embedded one, which says so.
			s, err = prove.Embedded()
		}
	case "embedded":
		s, err = prove.Embedded()
	default:
		s, err = prove.Dial(o.Prove)
	}
	if err != nil {
		return nil, err
	}
	return &prover{server: s, errOut: errOut}, nil
}

// prove is driver.Config.Prove.
func (p *prover) prove(f *luasrc.File, ds []diag.Diagnostic) {
	p.mu.Lock()
	failed := p.err != nil
	p.mu.Unlock()
	if failed {
		return
	}
	if err := prove.Search(p.server, prove.Inspect(f), ds); err != nil {
		p.mu.Lock()
		if p.err == nil {
			p.err = err
		}
		p.mu.Unlock()
		return
	}
	// A script not run: say why, once (its findings' proofs say it too).
	for _, d := range ds {
		if d.Proof != nil && !d.Proof.Searched && !d.Proof.Reproduced && d.Proof.Note != "" {
			p.mu.Lock()
			fmt.Fprintf(p.errOut, "lint-lua: --prove: %s: %s\n", f.Name, d.Proof.Note)
			p.mu.Unlock()
			return
		}
	}
}

// proofFails reports whether d still fails a run with --prove: an error
// that the search ran and did not reproduce is shown, but no longer fails
// it; one whose script --prove did not run (refused) still does.
func proofFails(d diag.Diagnostic) bool {
	return d.Proof == nil || d.Proof.Reproduced || !d.Proof.Searched || d.Severity != diag.SeverityError
}
