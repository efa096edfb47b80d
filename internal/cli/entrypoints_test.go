package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lint-lua/lint-lua/analyzer/pkgrun"
	"github.com/lint-lua/lint-lua/internal/slowtest"
	golangci "github.com/lint-lua/lint-lua/plugin/golangci"
	"golang.org/x/tools/go/packages"
)

// entryScripts are the scripts every entry point lints: as .lua files for
// lint-lua, embedded with //go:embed for the Go entry points, so that the
// findings of all four are in the same files at the same places.
var entryScripts = map[string]string{
	// GETDEL is a 6.2 command; the global assignment is an error.
	"a.lua": "local v = redis.call('GETDEL', KEYS[1])\nx = v\nreturn v\n",
	// Four lines: too long under max-lines: 3.
	"b.lua": "local n = redis.call('INCR', KEYS[1])\ny = n\nlocal m = n\nreturn m\n",
}

const entryMain = "package main\n\n" +
	"import (\n\t\"context\"\n\t_ \"embed\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
	"//go:embed a.lua\nvar a string\n\n" +
	"//go:embed b.lua\nvar b string\n\n" +
	"func main() {\n" +
	"\trdb := redis.NewClient(&redis.Options{})\n" +
	"\trdb.Eval(context.Background(), a, []string{\"k\"})\n" +
	"\trdb.Eval(context.Background(), b, []string{\"k\"})\n" +
	"}\n"

// entryCase is one configuration and one set of flags, which each entry
// point is given in its own syntax.
type entryCase struct {
	name            string
	config          string
	enable, disable []string
	only            []string
	// edit, when set, is written over the scripts once lint-lua
	// --write-baseline base.json has recorded their findings.
	edit map[string]string
	want []string // file:line:column:rule
}

// TestEntryPointsAgree runs the same cases through lint-lua, lint-lua go,
// go vet -vettool=lint-lua-vet and the golangci-lint plugin, and checks
// that all four report the same findings: the configuration file (found
// from the working directory, or the package's directory under go vet and
// the plugin), its rule options, exclude: and target, and --enable,
// --disable and --only mean the same everywhere (issue 16).
func TestEntryPointsAgree(t *testing.T) {
	t.Parallel()
	slowtest.Gate(t, "builds lint-lua-vet and runs go vet")
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	tool := buildVetTool(t, goBin)
	const (
		getdel  = "a.lua:1:22:unknown-command"
		globalX = "a.lua:2:1:global-assignment"
		globalY = "b.lua:2:1:global-assignment"
		tooLong = "b.lua:4:1:script-too-long"
	)
	for _, tc := range []entryCase{
		{name: "defaults", want: []string{globalX, globalY}},
		{name: "target from the configuration", config: "redis_version: \"6.0\"\n", want: []string{getdel, globalX, globalY}},
		{name: "rule options", config: "rules:\n  script-too-long:\n    options:\n      max-lines: 3\n", want: []string{globalX, tooLong, globalY}},
		{name: "exclude", config: "exclude:\n  - b.lua\n", want: []string{globalX}},
		{name: "override by glob", config: "overrides:\n  - files: [b.lua]\n    rules:\n      global-assignment: off\n", want: []string{globalX}},
		{name: "enable over the configuration", config: "rules:\n  global-assignment: off\n", enable: []string{"global-assignment"}, want: []string{globalX, globalY}},
		{name: "configuration turns off", config: "rules:\n  global-assignment: off\n", want: nil},
		{name: "disable", disable: []string{"global-assignment"}, want: nil},
		{name: "only", config: "redis_version: \"6.0\"\n", only: []string{"unknown-command"}, want: []string{getdel}},
		{name: "disable wins over enable", enable: []string{"global-assignment"}, disable: []string{"global-assignment"}, want: nil},
		// The baseline one entry point writes is read by the others
		// through baseline: in the configuration: lines inserted above
		// the recorded findings leave them matched, and the new global
		// alone is reported.
		{name: "baseline", config: "baseline: base.json\n", edit: map[string]string{
			"a.lua": "-- moved down\nlocal v = redis.call('GETDEL', KEYS[1])\nx = v\nz = 1\nreturn v\n",
		}, want: []string{"a.lua:4:1:global-assignment"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := entryModule(t, tc.config)
			if tc.edit != nil {
				if r := in(t, app, "--write-baseline", "base.json", "a.lua", "b.lua"); r.code != ExitOK {
					t.Fatalf("--write-baseline: exit %d\n%s", r.code, r.errOut)
				}
				tree(t, app, tc.edit)
			}
			got := map[string][]string{
				"lint-lua":    entryCLI(t, app, tc, nil),
				"lint-lua go": entryCLI(t, app, tc, []string{"go"}),
				"go vet":      entryVet(t, goBin, tool, app, tc),
				"golangci":    entryPlugin(t, app, tc),
			}
			want := slices.Clone(tc.want)
			slices.Sort(want)
			for entry, g := range got {
				slices.Sort(g)
				if !slices.Equal(g, want) {
					t.Errorf("%s: findings\n\t%s\nwant\n\t%s", entry, strings.Join(g, "\n\t"), strings.Join(want, "\n\t"))
				}
			}
		})
	}
}

// entryModule writes the module, with the configuration when not empty.
func entryModule(t *testing.T, config string) string {
	app := goModule(t, entryMain)
	files := map[string]string{}
	for name, src := range entryScripts {
		files[name] = src
	}
	if config != "" {
		files[".lint-lua.yaml"] = config
	}
	tree(t, app, files)
	return app
}

func entryCLI(t *testing.T, app string, tc entryCase, cmd []string) []string {
	t.Helper()
	args := append(cmd, "--format", "json")
	for _, f := range []struct {
		name string
		ids  []string
	}{{"--enable", tc.enable}, {"--disable", tc.disable}, {"--only", tc.only}} {
		if len(f.ids) > 0 {
			args = append(args, f.name, strings.Join(f.ids, ","))
		}
	}
	if cmd == nil {
		args = append(args, "a.lua", "b.lua") // named, as pre-commit names them
	} else {
		args = append(args, "./...")
	}
	r := in(t, app, args...)
	if r.code != ExitOK && r.code != ExitFindings {
		t.Fatalf("lint-lua %q: exit %d\n%s", args, r.code, r.errOut)
	}
	var o goJSON
	if err := json.Unmarshal([]byte(r.out), &o); err != nil {
		t.Fatalf("lint-lua %q: %v\n%s", args, err, r.out)
	}
	var out []string
	for _, d := range o.Diagnostics {
		out = append(out, fmt.Sprintf("%s:%d:%d:%s", d.File, d.Line, d.Column, d.Rule))
	}
	return out
}

// vetFinding is a finding as go vet and golangci-lint print it: the file,
// line and column, then the message ending with "(rule)" or
// "(rule, severity)".
var vetFinding = regexp.MustCompile(`(?m)([^\s:]+\.lua):(\d+):(\d+): .*?\(([a-z-]+)(?:, [a-z]+)?\)(?: — .*)?$`)

func entryVet(t *testing.T, goBin, tool, app string, tc entryCase) []string {
	t.Helper()
	args := []string{"vet", "-vettool=" + tool, "-lintlua.min-severity=info"}
	for _, f := range []struct {
		name string
		ids  []string
	}{{"-lintlua.enable", tc.enable}, {"-lintlua.disable", tc.disable}, {"-lintlua.only", tc.only}} {
		if len(f.ids) > 0 {
			args = append(args, f.name+"="+strings.Join(f.ids, ","))
		}
	}
	vet := exec.Command(goBin, append(args, "./...")...)
	vet.Dir = app
	out, err := vet.CombinedOutput()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	var found []string
	for _, m := range vetFinding.FindAllStringSubmatch(string(out), -1) {
		found = append(found, fmt.Sprintf("%s:%s:%s:%s", filepath.Base(m[1]), m[2], m[3], m[4]))
	}
	if err != nil && len(found) == 0 {
		t.Fatalf("go vet failed with no finding: %v\n%s", err, out)
	}
	return found
}

func entryPlugin(t *testing.T, app string, tc entryCase) []string {
	t.Helper()
	settings := map[string]any{"min-severity": "info"}
	for _, f := range []struct {
		name string
		ids  []string
	}{{"enable", tc.enable}, {"disable", tc.disable}, {"only", tc.only}} {
		if len(f.ids) > 0 {
			var ids []any
			for _, id := range f.ids {
				ids = append(ids, id)
			}
			settings[f.name] = ids
		}
	}
	p, err := golangci.New(settings)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Dir: app}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, act := range pkgrun.Run(as[0], pkgs) {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			// The plugin reports in the Go file, the message leading with
			// the place in the embedded file (GoFilesOnly).
			m := vetFinding.FindStringSubmatch(d.Message)
			if m == nil {
				t.Fatalf("plugin finding %q does not lead with its place in the script", d.Message)
			}
			found = append(found, fmt.Sprintf("%s:%s:%s:%s", m[1], m[2], m[3], m[4]))
		}
	}
	return found
}

var (
	vetToolOnce sync.Once
	vetToolPath string
	vetToolErr  error
)

// buildVetTool builds lint-lua-vet once for the package's tests.
func buildVetTool(t *testing.T, goBin string) string {
	vetToolOnce.Do(func() {
		dir, err := os.MkdirTemp("", "lint-lua-vet")
		if err != nil {
			vetToolErr = err
			return
		}
		vetToolPath = filepath.Join(dir, "lint-lua-vet")
		if out, err := exec.Command(goBin, "build", "-o", vetToolPath, "../../cmd/lint-lua-vet").CombinedOutput(); err != nil {
			vetToolErr = fmt.Errorf("build lint-lua-vet: %v\n%s", err, out)
		}
	})
	if vetToolErr != nil {
		t.Fatal(vetToolErr)
	}
	return vetToolPath
}
