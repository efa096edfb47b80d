package source

import (
	"io"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"github.com/lint-lua/lint-lua/internal/settings"
)

// Run is what a linting command decides besides the settings: the paths,
// where they are, and how the files are read.
type Run struct {
	Paths   []string
	WorkDir string
	// Limit is --max-file-size.
	Limit int64
	// Stdin and StdinName are Files'.
	Stdin     io.Reader
	StdinName string
	// Includes is --includes when given (nil: the configuration's
	// includes:, true without one).
	Includes *bool
	// Reuse is Files.Reuse: a run that does not fix.
	Reuse bool
	// Jobs reads the files of an assembled run.
	Jobs int
	// Held is Files.Held (the language server's unsaved buffers).
	Held func(path string) ([]byte, bool)
}

// New is the source a linting command reads with the settings of tree:
// the files of r.Paths as Files finds them, each with the settings of the
// configuration nearest above it (tree.For), host-language files as the
// run-wide configuration's languages: and script_apis: say, assembled
// with their `--- @include`s unless includes: or --includes says not to.
// It returns the Files too, for --show-config. The command line and the
// language server both read through it, so that a file is linted the same
// way by both.
func New(tree *settings.Tree, r Run) (*Files, driver.Source, error) {
	set := tree.Root()
	assemble := set.Config == nil || set.Config.Includes
	if r.Includes != nil {
		assemble = *r.Includes
	}
	host, err := hostSource(set)
	if err != nil {
		return nil, nil, err
	}
	files := &Files{
		Paths:   r.Paths,
		WorkDir: r.WorkDir,
		Skip: func(path string) bool {
			// A configuration that cannot be read is reported for the
			// files below it (Settings).
			fs, err := tree.For(path)
			return err == nil && fs.Excluded(path)
		},
		Settings: func(path string) (driver.Settings, error) {
			fs, err := tree.For(path)
			if err != nil {
				return driver.Settings{}, err
			}
			return driver.Settings{Rules: fs.Rules(path), Target: fs.Target(path), Cluster: fs.Cluster()}, nil
		},
		ScriptsOnly: func(path string) bool {
			fs, err := tree.For(path)
			return err == nil && fs.ScriptsOnly(path)
		},
		Limit:        r.Limit,
		Stdin:        r.Stdin,
		StdinName:    r.StdinName,
		IncludeNames: !assemble,
		Reuse:        r.Reuse,
		Host:         host,
		NoLua:        !set.Config.Language("lua"),
		Held:         r.Held,
	}
	if assemble {
		return files, &Assembled{Files: files, Jobs: r.Jobs}, nil
	}
	return files, files, nil
}

// hostSource is what the settings say of host-language files: the
// languages a walk takes (languages:, every one when not set) and the
// script APIs of the user's own (script_apis:), added to the clients'.
func hostSource(set *settings.Settings) (*Host, error) {
	h := &Host{}
	if cfg := set.Config; cfg != nil && cfg.Languages != nil {
		h.Langs = map[hostlang.Lang]bool{}
		for _, name := range cfg.Languages {
			if l, ok := langs.Parse(name); ok {
				h.Langs[l] = true
			}
		}
	}
	apis, err := set.ScriptAPIs.HostAPIs()
	if err != nil {
		return nil, err
	}
	h.APIs = apis
	return h, nil
}
