package cli

import (
	"fmt"

	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/internal/settings"
)

// goSettings resolves the settings of `lint-lua go` as lint-lua resolves
// its own (settings.Tree: for each file the configuration nearest above it,
// or the one --config names, or none with --no-config; the flags over it)
// and converts them to the analyzer's: every severity reported, as for .lua
// files (--fail-on decides the exit). The analyzer resolves each package's
// settings from the package's directory, as it does under go vet, which is
// where the tree finds them for the package's files.
func goSettings(opts *goOptions) (*settings.Tree, analyzer.Settings, error) {
	f := settings.Flags{
		Config:       opts.ConfigPath,
		NoConfig:     opts.NoConfig,
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
	if f.Config != "" && f.NoConfig {
		return nil, analyzer.Settings{}, fmt.Errorf("--config and --no-config are both set: use one")
	}
	tree, err := settings.NewTree(opts.Rules, workDir(opts.IO), f)
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
		NoConfig:     f.NoConfig,
		// lint-lua go matches the baseline itself, to list its stale
		// entries and write it.
		NoBaseline: true,
	}
	if f.ModulesSet {
		out.Modules = append([]string{}, f.Modules...)
	}
	if root := tree.Root(); f.Config != "" && root.Config != nil {
		out.Config = root.Config.Path
	}
	return tree, out, nil
}
