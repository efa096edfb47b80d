package analyzer

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestHostileEmbeds is issue 19's items 6 and 11 on the Go side: a
// //go:embed file that is a FIFO or a link to /dev/zero is not read (the
// read would block, or never end), and a script past the size limit, a
// 2 MB embedded file or a 10 MB string constant, is reported once and not
// linted, without hanging and without holding its positions.
func TestHostileEmbeds(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "src", "github.com"), os.DirFS(filepath.Join(analysistest.TestData(), "src", "github.com"))); err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) string {
		p := filepath.Join(dir, "src", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const head = "package %s\n\nimport (\n\t\"context\"\n\t_ \"embed\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n"
	pkg := func(name, decl string) {
		write(name+"/"+name+".go", strings.Replace(head, "%s", name, 1)+decl+
			"\nfunc run(ctx context.Context, rdb *redis.Client) {\n\trdb.Eval(ctx, script, []string{\"k\"})\n}\n")
	}
	pkg("fifo", "//go:embed fifo.lua\nvar script string\n")
	if err := syscall.Mkfifo(filepath.Join(dir, "src", "fifo", "fifo.lua"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	pkg("devzero", "//go:embed zero.lua\nvar script string\n")
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "src", "devzero", "zero.lua")); err != nil {
		t.Fatal(err)
	}
	const line = "redis.call('GETT', KEYS[1])\n" // 28 bytes
	pkg("bigembed", "//go:embed big.lua\nvar script string\n")
	write("bigembed/big.lua", strings.Repeat(line, 2<<20/28+1))
	pkg("bigconst", "const script = `"+strings.Repeat(line, 10<<20/28+1)+"`\n")
	// Constants that double: a1 = a0 + a0, ... 2^16 copies of a0, 1.8 MB.
	// Each was evaluated twice per use, 2^16 evaluations building
	// strings: a chain of 22 took minutes and 1 GB where go build takes
	// seconds (issue 25 item 4).
	doubling := "const a0 = \"" + strings.TrimSuffix(line, "\n") + "\\n\"\n"
	for i := 1; i <= 16; i++ {
		doubling += fmt.Sprintf("const a%d = a%d + a%d\n", i, i-1, i-1)
	}
	pkg("doubling", doubling+"const script = a16\n")
	// The findings are on `script` in rdb.Eval(ctx, script, ...), 5 lines
	// below the 9 of head and the declaration's first line.
	tooLarge := func(name string, lines, size int) string {
		return fmt.Sprintf("%s.go:%d:16-%d:22: the script is %d bytes, more than the max-file-size limit of 1048576: not linted (max-file-size)", name, 14+lines, 14+lines, size)
	}

	// go list cannot build export data of these packages (a FIFO, a link
	// to /dev/zero): the tree is type-checked from source.
	ft := &fixtureTree{dir: dir, fromSource: true}
	for _, tc := range []struct {
		pkg  string
		want []string
	}{
		{"fifo", nil},
		{"devzero", nil},
		{"bigembed", []string{tooLarge("bigembed", 0, (2<<20/28+1)*28)}},
		{"bigconst", []string{tooLarge("bigconst", 10<<20/28, (10<<20/28+1)*28)}}, // the last line holds the closing quote
		{"doubling", []string{tooLarge("doubling", 16, 28<<16)}},
	} {
		t.Run(tc.pkg, func(t *testing.T) {
			ft.packages(t, tc.pkg) // loaded once
			// A guard against a hang (a read of the FIFO or of
			// /dev/zero never ends, the doubling constants took minutes),
			// not a timing: speed is the benchmarks' to measure.
			done := make(chan []string, 1)
			go func() { done <- findings(t, ft, testAnalyzer(t, Settings{}), tc.pkg) }()
			var got []string
			select {
			case got = <-done:
			case <-time.After(2 * time.Minute):
				t.Fatalf("%s: no result after 2 minutes", tc.pkg)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
			}
		})
	}
}
