package cli

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/report"
	"github.com/lint-lua/lint-lua/internal/settings"
)

// showConfig prints, for --show-config FILE, the settings FILE is linted
// with and where each comes from: a configuration's file:line:col, a flag,
// or the default. It reads the same settings.Tree a run reads, so what it
// prints is what a run does.
func showConfig(s *IOStreams, tree *settings.Tree, files *source.Files, opts *lintOptions) error {
	name := opts.ShowConfig
	path := resolve(workDir(s), name)
	if _, err := os.Stat(path); err != nil {
		return usageError(s, "--show-config: %v", err)
	}
	set, err := tree.For(path)
	if err != nil {
		return usageError(s, "%v", err)
	}
	w := bufio.NewWriter(s.Out)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	// Configuration files are named from the working directory, as the
	// findings are.
	rel := func(p string) string { return p }
	if abs, err := filepath.Abs(workDir(s)); err == nil {
		rel = func(p string) string { return strings.ReplaceAll(p, abs+string(filepath.Separator), "") }
	}
	row := func(key, value, from string) {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", key, report.Escape(rel(value)), report.Escape(rel(from)))
	}
	fmt.Fprintf(w, "settings for %s\n", report.Escape(name))
	switch {
	case opts.NoConfig:
		row("configuration", "none", "--no-config")
	case set.Config == nil:
		row("configuration", "none", "no .lint-lua.yaml above the file, up to the repository's root")
	case opts.ConfigPath != "":
		row("configuration", set.Config.Path, "--config")
	default:
		row("configuration", set.Config.Path, "the nearest above the file")
	}
	row("target", set.Target(path).String(), set.ServerSource("target", path))
	var mods []string
	for _, m := range set.Target(path).Modules() {
		mods = append(mods, m.String())
	}
	row("modules", "["+strings.Join(mods, ", ")+"]", set.ServerSource("modules", path))
	cluster := "not set: a {hash tag} in a script's keys says so"
	if c := set.Cluster(); c != nil {
		cluster = fmt.Sprint(*c)
	}
	row("cluster", cluster, set.KeySource("cluster"))
	excluded := "no"
	if set.Excluded(path) {
		excluded = "yes: not linted"
	}
	row("excluded", excluded, set.KeySource("exclude"))
	row("linted as a Redis script", lintedAs(set, files, path, opts), allLuaSource(set, opts))
	root := tree.Root()
	includes := true
	if root.Config != nil {
		includes = root.Config.Includes
	}
	if opts.IncludesSet {
		row("includes", fmt.Sprint(opts.Includes), "--includes (for the whole run)")
	} else {
		row("includes", fmt.Sprint(includes), root.KeySource("includes")+" (for the whole run: the working directory's configuration)")
	}
	fmt.Fprintln(tw, "rules")
	ls := set.Rules(path)
	for _, r := range opts.Rules.All() {
		on, sev := set.Rule(ls, r.ID)
		state := "off"
		if on {
			state = sev.String()
		}
		if opts := ls[r.ID].Options; len(opts) > 0 {
			state += fmt.Sprintf(" %v", opts)
		}
		row("  "+r.ID, state, set.RuleSource(r.ID, path))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return w.Flush()
}

// lintedAs says whether the .lua file at path is linted as a Redis script
// and why.
func lintedAs(set *settings.Settings, files *source.Files, path string, opts *lintOptions) string {
	if !strings.HasSuffix(path, ".lua") {
		return "not a .lua file"
	}
	if !set.ScriptsOnly(path) {
		return "yes, every .lua file here is"
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Sprintf("unknown: %v", err)
	}
	if ev, ok := luasrc.RedisEvidence(src); ok {
		return fmt.Sprintf("yes: %s on line %d", ev.What, ev.Line)
	}
	if why := files.Judge(path, src); why != "" {
		return "no: skipped (no KEYS, ARGV, redis.* or server.*; no script or loader names it)"
	}
	return "yes: a script or a loader of its folder or the one above names it"
}

// allLuaSource says what decides which .lua files are linted at path.
func allLuaSource(set *settings.Settings, opts *lintOptions) string {
	switch {
	case opts.AllLua:
		return "--all-lua"
	case set.Config != nil && set.Config.AllLua:
		return set.KeySource("all_lua")
	case set.Config != nil && len(set.Config.Include) > 0:
		return set.KeySource("include")
	}
	return "default: only the files that show they are Redis scripts"
}
