package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/settings"
	"github.com/lint-lua/lint-lua/internal/stubs"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/spf13/cobra"
)

// stubsOptions are the flags of `lint-lua stubs`.
type stubsOptions struct {
	IO    *IOStreams
	Rules *lint.Catalogue
	serverOptions
	Format string
	Dir    string
	Force  bool
}

func newCmdStubs(s *IOStreams, cat *lint.Catalogue) *cobra.Command {
	opts := &stubsOptions{IO: s, Rules: cat}
	cmd := &cobra.Command{
		Use:   "stubs --format luals|luacheck|selene [-o DIR]",
		Short: "Write definitions of the Redis script sandbox for lua-language-server, luacheck or selene",
		Long: "Write definitions of the Redis script sandbox for the Lua tools people already run, from lint-lua's\n" +
			"command tables, for the target (--target, --modules, else the configuration's target:):\n\n" +
			"  luals     redis.lua (---@meta: KEYS, ARGV, redis.call and redis.pcall with one overload per command\n" +
			"            returning what Lua receives, the sandbox's libraries) and .luarc.json (Lua 5.1, no other library)\n" +
			"  luacheck  .luacheckrc (a std with the sandbox's globals, read-only)\n" +
			"  selene    redis.yml (a std; redis.call takes the command names) and selene.toml (std = \"redis\")\n\n" +
			"Without -o, the first file is printed. An existing file is not replaced without --force.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ModulesSet = cmd.Flags().Changed("modules")
			return stubsRun(opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Format, "format", "f", "", "tool to write definitions for: "+strings.Join(stubs.Formats(), ", "))
	f.StringVarP(&opts.Dir, "output", "o", "", "directory to write the files in (default: print the definitions)")
	f.BoolVar(&opts.Force, "force", false, "replace files that exist")
	opts.serverOptions.addServerFlags(f)
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(stubs.Formats(), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.MarkFlagDirname("output")
	return cmd
}

func stubsRun(opts *stubsOptions) error {
	s := opts.IO
	if opts.Format == "" {
		return usageError(s, "stubs: --format is required (%s)", strings.Join(stubs.Formats(), ", "))
	}
	set, err := settings.Resolve(opts.Rules, workDir(s), settings.Flags{
		Target: opts.Target, RedisVersion: opts.RedisVersion, Modules: opts.Modules, ModulesSet: opts.ModulesSet,
	})
	if err != nil {
		return usageError(s, "%v", err)
	}
	t := set.Target("")
	files, err := stubs.Generate(stubs.Format(opts.Format), t, stubsCommand(opts.Format, t))
	if err != nil {
		return usageError(s, "--format: %v", err)
	}
	if opts.Dir == "" {
		for _, f := range files {
			if f.Main {
				_, err := s.Out.Write(f.Data)
				return err
			}
		}
	}
	dir := resolve(workDir(s), opts.Dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usageError(s, "stubs: %v", err)
	}
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if !opts.Force {
			if _, err := os.Lstat(path); err == nil {
				return usageError(s, "stubs: %s exists: remove it, choose another -o, or add --force to replace it", path)
			} else if !errors.Is(err, fs.ErrNotExist) {
				return usageError(s, "stubs: %v", err)
			}
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return usageError(s, "stubs: %v", err)
		}
		fmt.Fprintf(s.Out, "wrote %s\n", filepath.Join(opts.Dir, f.Name))
	}
	return nil
}

// stubsCommand is the command line that writes the same definitions
// again, for the files' headers: the target as a flag, and the modules
// when they are not the target's default.
func stubsCommand(format string, t target.Target) string {
	name, mods, withMods := strings.Cut(t.String(), " with modules [")
	cmd := "lint-lua stubs --format " + format + " --target " + name
	if withMods {
		cmd += " --modules=" + strings.ReplaceAll(strings.TrimSuffix(mods, "]"), ", ", ",")
	}
	return cmd
}
