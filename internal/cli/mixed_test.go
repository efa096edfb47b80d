package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mixedRepo copies testdata/mixed, a repository of Redis scripts beside a
// Neovim configuration, a LÖVE game, an OpenResty handler and a busted
// spec, to a temporary repository root (with .git) and returns it.
func mixedRepo(t *testing.T, extra map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	src := abs(t, "testdata/mixed")
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		tree(t, dir, map[string]string{filepath.ToSlash(rel): string(data)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	mkdir(t, filepath.Join(dir, ".git"))
	return tree(t, dir, extra)
}

func (o jsonOut) skipped() []string {
	var out []string
	for _, s := range o.Skipped {
		out = append(out, s.File)
	}
	return out
}

// notRedis are the files of testdata/mixed that are no Redis scripts and
// send none (worker/lua/move_task.lua shows none either, but a Python
// loader beside it names it; openresty/hits.lua and spec/queue_spec.lua
// are no scripts, but the scripts in their strings are linted).
var notRedis = []string{"game/main.lua", "nvim/init.lua", "nvim/lua/options.lua"}

// TestMixedRepository: by default only the .lua files that show they are
// Redis scripts are linted (and a fragment that a script includes, which
// shows nothing of its own); the others are skipped and counted, and
// --all-lua, all_lua: and include: lint them.
func TestMixedRepository(t *testing.T) {
	t.Parallel()
	dir := mixedRepo(t, nil)
	for _, extra := range [][]string{nil, {"--includes=false"}} {
		r := in(t, dir, append(extra, "--format", "json", ".")...)
		wantCode(t, r, ExitFindings)
		o := decode(t, r)
		if got := o.skipped(); !slices.Equal(got, notRedis) {
			t.Errorf("%v: skipped %v, want %v", extra, got, notRedis)
		}
		files := o.files()
		for _, f := range []string{"functions/mylib.lua", "scripts/counters.lua", "scripts/includes/helpers.lua", "openresty/hits.lua"} {
			if !slices.Contains(files, f) {
				t.Errorf("%v: no finding in %s (files with findings: %v)", extra, f, files)
			}
		}
		for _, f := range notRedis {
			if slices.Contains(files, f) {
				t.Errorf("%v: findings in %s, which is skipped", extra, f)
			}
		}
		if r.errOut != "" {
			t.Errorf("%v: stderr %q: a file found by the walk is skipped silently", extra, r.errOut)
		}
	}

	r := in(t, dir, ".")
	if !strings.Contains(r.out, "; skipped 3 Lua files that are not Redis scripts; --all-lua to lint them\n") {
		t.Errorf("text summary:\n%s", r.out)
	}

	// A finding of a script in an OpenResty handler's string is placed in
	// the handler, and an ignore comment of the handler covers it.
	o := decode(t, in(t, dir, "--format", "json", "openresty/hits.lua"))
	if got := o.findings(); !slices.Equal(got, []string{"openresty/hits.lua:22:undeclared-key:info"}) || len(o.Skipped) != 0 {
		t.Errorf("openresty/hits.lua: %v, skipped %v", got, o.skipped())
	}
	ignored := filepath.Join(t.TempDir(), "hits.lua")
	src, err := os.ReadFile(filepath.Join(dir, "openresty/hits.lua"))
	if err != nil {
		t.Fatal(err)
	}
	tree(t, filepath.Dir(ignored), map[string]string{"hits.lua": strings.Replace(string(src), "local last = red:eval", "-- lint-lua: ignore undeclared-key -- one node\nlocal last = red:eval", 1)})
	if got := decode(t, in(t, filepath.Dir(ignored), "--format", "json", "hits.lua")).findings(); len(got) != 0 {
		t.Errorf("ignored: %v", got)
	}

	// --list-scripts says which files are skipped, where their script
	// would be listed.
	r = in(t, dir, "--list-scripts", ".")
	for _, f := range notRedis {
		if !strings.Contains(r.out, f+":1:1: skipped: not a Redis script") {
			t.Errorf("--list-scripts: %s not listed as skipped:\n%s", f, r.out)
		}
	}
	// worker/lua/move_task.lua shows no script, but worker/tasks.py reads
	// it by path: a loader names it.
	// The OpenResty handler and the busted spec are no scripts, but the
	// scripts in their strings are.
	for _, want := range []string{
		"scripts/ratelimit.lua:1:1: script file of 5 lines\n",
		"worker/lua/move_task.lua:1:1: script file of 6 lines\n",
		"openresty/hits.lua:13:1: script of 3 lines, via eval, host lines 13-15\n",
		"openresty/hits.lua:22:24: script of 1 line, via eval, host lines 22\n",
		"spec/queue_spec.lua:7:18: script of 1 line, via eval, host lines 7\n",
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("--list-scripts: no %q in\n%s", want, r.out)
		}
	}

	// Standard input is judged by its text, as an editor's buffer.
	nvim, err := os.ReadFile(filepath.Join(dir, "nvim/init.lua"))
	if err != nil {
		t.Fatal(err)
	}
	r = env{wd: dir, stdin: string(nvim)}.run(t, "--stdin-filename", "nvim/init.lua", "-")
	wantCode(t, r, ExitOK)
	if !strings.Contains(r.errOut, "nvim/init.lua: skipped: not a Redis script") {
		t.Errorf("stdin: stderr %q", r.errOut)
	}
	r = env{wd: dir, stdin: "return redis.call('GET', KEYS[1])\n"}.run(t, "--stdin-filename", "nvim/init.lua", "-")
	if r.errOut != "" || !strings.Contains(r.out, "no problems in 1 file\n") {
		t.Errorf("stdin with a script: %q %q", r.out, r.errOut)
	}

	// --all-lua lints them all, as before: the Neovim configuration's
	// globals are errors then.
	r = in(t, dir, "--all-lua", "--format", "json", ".")
	o = decode(t, r)
	if len(o.Skipped) != 0 || !slices.Contains(o.files(), "nvim/init.lua") {
		t.Errorf("--all-lua: skipped %v, files %v", o.skipped(), o.files())
	}

	// A file named on the command line is judged the same way, and the
	// run says so on stderr; it is no error.
	r = in(t, dir, "nvim/init.lua", "scripts/ratelimit.lua")
	wantCode(t, r, ExitOK)
	if want := "lint-lua: warning: nvim/init.lua: skipped: not a Redis script"; !strings.HasPrefix(r.errOut, want) {
		t.Errorf("named: stderr %q, want it to start %q", r.errOut, want)
	}
	if !strings.Contains(r.out, "no problems in 1 file; skipped 1 Lua file that is not a Redis script; --all-lua to lint it") {
		t.Errorf("named: %s", r.out)
	}
}

// TestMixedRepositoryConfig: include: and all_lua: in the configuration,
// and a nearer configuration's own.
func TestMixedRepositoryConfig(t *testing.T) {
	t.Parallel()
	dir := mixedRepo(t, map[string]string{
		".lint-lua.yaml":           "include: [\"nvim/lua/**\", spec]\nexclude: [game]\n",
		"openresty/.lint-lua.yaml": "all_lua: true\n",
	})
	o := decode(t, in(t, dir, "--format", "json", "."))
	if got, want := o.skipped(), []string{"nvim/init.lua"}; !slices.Equal(got, want) {
		t.Errorf("skipped %v, want %v", got, want)
	}
	for _, f := range []string{"nvim/lua/options.lua", "spec/queue_spec.lua", "openresty/hits.lua"} {
		if !slices.Contains(o.files(), f) {
			t.Errorf("%s is forced in, but has no finding (%v)", f, o.files())
		}
	}
	if slices.Contains(o.files(), "game/main.lua") {
		t.Errorf("game/ is excluded: include: does not bring it back")
	}
}

// TestConfigPerPath: each file is linted with the .lint-lua.yaml nearest
// above it, wherever lint-lua runs; --config names one for every file,
// --no-config reads none, and a nearer configuration that is broken is an
// error for the files below it, reported once.
func TestConfigPerPath(t *testing.T) {
	t.Parallel()
	dir := mixedRepo(t, map[string]string{
		".lint-lua.yaml":            "rules:\n  undeclared-key: off\n",
		"services/b/.lint-lua.yaml": "rules: [\n",
		"services/b/one.lua":        "return redis.call('GET', KEYS[1])\n",
		"services/b/two.lua":        "return redis.call('GET', KEYS[1])\n",
		"scripts/valkey.lua":        "return server.call('GET', KEYS[1])\n",
	})
	// services/a/.lint-lua.yaml says target: valkey-8.0, so its
	// server.call is no error, from the root or from below.
	for _, c := range []struct{ wd, path string }{{dir, "services/a/touch.lua"}, {filepath.Join(dir, "services"), "a/touch.lua"}, {filepath.Join(dir, "services/a"), "."}} {
		r := in(t, c.wd, "--format", "json", c.path)
		wantCode(t, r, ExitOK)
		if got := decode(t, r).findings(); len(got) != 0 {
			t.Errorf("%s from %s: findings %v", c.path, c.wd, got)
		}
	}
	// The root's configuration turns undeclared-key off for the root's
	// files, not for services/a (whose configuration does it itself).
	r := in(t, dir, "--format", "json", "scripts/counters.lua")
	for _, f := range decode(t, r).findings() {
		if strings.Contains(f, "undeclared-key") {
			t.Errorf("root configuration not applied: %s", f)
		}
	}
	// --no-config: the newest Redis, which has no server global; no target
	// is named, so the script's server.call says it is Valkey's: info.
	r = in(t, dir, "--no-config", "--format", "json", "services/a/touch.lua")
	if got := decode(t, r).findings(); !slices.Equal(got, []string{"services/a/touch.lua:1:undefined-global:info"}) {
		t.Errorf("--no-config: %v", got)
	}
	// --config: that file for every path.
	r = in(t, dir, "--format", "json", "scripts/valkey.lua")
	if got := decode(t, r).findings(); !slices.Equal(got, []string{"scripts/valkey.lua:1:undefined-global:info"}) {
		t.Errorf("scripts/valkey.lua under the root's configuration: %v", got)
	}
	r = in(t, dir, "--config", "services/a/.lint-lua.yaml", "--format", "json", "scripts/valkey.lua")
	if got := decode(t, r).findings(); len(got) != 0 {
		t.Errorf("--config services/a/.lint-lua.yaml: %v", got)
	}
	if r := in(t, dir, "--config", "x.yaml", "--no-config", "."); r.code != ExitError || !strings.Contains(r.errOut, "--config and --no-config") {
		t.Errorf("--config with --no-config: exit %d, %q", r.code, r.errOut)
	}
	// The broken configuration: an error naming it, once, for its files;
	// the other files are linted.
	r = in(t, dir, "--format", "json", "services")
	wantCode(t, r, ExitError)
	if n := strings.Count(r.errOut, "services/b/.lint-lua.yaml"); n != 1 {
		t.Errorf("broken configuration reported %d times:\n%s", n, r.errOut)
	}
	if o := decode(t, r); o.Files != 1 {
		t.Errorf("files linted %d, want services/a/touch.lua alone", o.Files)
	}
}

// TestShowConfig: --show-config prints each setting of a file with where
// it comes from.
func TestShowConfig(t *testing.T) {
	t.Parallel()
	dir := mixedRepo(t, map[string]string{".lint-lua.yaml": "rules:\n  expensive-command: error\noverrides:\n  - files: [\"scripts/*.lua\"]\n    target: redis-7.2\n"})
	r := in(t, dir, "--show-config", "services/a/touch.lua", "--disable", "command-arity")
	wantCode(t, r, ExitOK)
	for _, want := range []string{
		"settings for services/a/touch.lua\n",
		"services/a/.lint-lua.yaml ", "the nearest above the file\n",
		"valkey-8.0 ", "services/a/.lint-lua.yaml:1:9\n",
		"yes: server.call on line 1 ",
		"command-arity                  off      --disable\n",
		"undeclared-key                 off      services/a/.lint-lua.yaml:3:19\n",
		"expensive-command              warning  default\n",
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("services/a/touch.lua: no %q in\n%s", want, r.out)
		}
	}
	r = in(t, dir, "--show-config", "scripts/counters.lua")
	for _, want := range []string{"redis-7.2 ", ".lint-lua.yaml:5:13\n", "expensive-command              error    .lint-lua.yaml:2:22\n"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("scripts/counters.lua: no %q in\n%s", want, r.out)
		}
	}
	r = in(t, dir, "--show-config", "nvim/init.lua")
	if !strings.Contains(r.out, "no: skipped") {
		t.Errorf("nvim/init.lua:\n%s", r.out)
	}
	if r := in(t, dir, "--show-config", "nope.lua"); r.code != ExitError || !strings.Contains(r.errOut, "--show-config: stat ") || !strings.Contains(r.errOut, "nope.lua: no such file or directory") {
		t.Errorf("--show-config nope.lua: exit %d, %q", r.code, r.errOut)
	}
	r = in(t, dir, "--all-lua", "--show-config", "nvim/init.lua")
	if !strings.Contains(r.out, "yes, every .lua file here is ") || !strings.Contains(r.out, " --all-lua\n") {
		t.Errorf("nvim/init.lua --all-lua:\n%s", r.out)
	}
}
