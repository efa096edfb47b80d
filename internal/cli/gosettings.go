package cli

import (
	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/internal/settings"
)

// goSettings resolves the settings of `lint-lua go` as lint-lua resolves
// its own (the configuration found from the working directory, or
// --config, with the flags over it) and converts them to the analyzer's:
// every severity reported, as for .lua files (--fail-on decides the exit),
// and the configuration the command line found, rather than one found from
// each package's directory, so that `lint-lua go` and `lint-lua` read the
// same file.
func goSettings(opts *goOptions) (*settings.Settings, analyzer.Settings, error) {
	f := settings.Flags{
		Config:       opts.ConfigPath,
		Target:       opts.Target,
		RedisVersion: opts.RedisVersion,
		Modules:      opts.Modules,
		ModulesSet:   opts.ModulesSet,
		Enable:       opts.Enable,
		Disable:      opts.Disable,
		Only:         opts.Only,
		Baseline:     opts.Baseline,
		NoBaseline:   opts.NoBaseline,
	}
	set, err := settings.Resolve(workDir(opts.IO), f)
	if err != nil {
		return nil, analyzer.Settings{}, err
	}
	out := analyzer.Settings{
		Target:       f.Target,
		RedisVersion: f.RedisVersion,
		Enable:       f.Enable,
		Disable:      f.Disable,
		Only:         f.Only,
		MinSeverity:  "info",
		MaxFileSize:  int64(opts.MaxFileSize),
		// lint-lua go matches the baseline itself, to list its stale
		// entries and write it.
		NoBaseline: true,
	}
	if f.ModulesSet {
		out.Modules = append([]string{}, f.Modules...)
	}
	if set.Config != nil {
		out.Config = set.Config.Path
	} else {
		out.NoConfig = true
	}
	return set, out, nil
}
