package source

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"github.com/lint-lua/lint-lua/internal/driver"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// Assembled finds what Files finds, and lints each file that holds
// `--- @include` directives as the script Redis runs: assembled with its
// includes (assemble.go), its findings placed in the files that hold their
// lines. A file that another includes is a fragment: its findings are those
// of the scripts Redis runs, reported through their includers, so it is not
// linted alone as well (alone, a fragment reads its includer's locals as
// undefined globals, and each finding would be reported twice). A file
// that no file includes is linted alone, whatever its folder, and fixed as
// Files fixes it; an assembled script is not fixed.
//
// Assembly needs every file's text before any script can be linted: Find
// reads them all, with Jobs workers, before it gives the first.
type Assembled struct {
	// Files finds and reads the files; its IncludeNames and Reuse are not
	// used.
	Files *Files
	Jobs  int
}

// Find reads every file, assembles the scripts, and gives each file.
func (s *Assembled) Find(yield func(driver.Item), fail func(error)) {
	fs := s.Files
	var all []found
	fs.each(func(f found) {
		// A host file includes nothing and is included by nothing: it is
		// loaded by its worker, as Files loads it.
		if _, ok := fs.Host.lang(f.name); ok && !f.stdin {
			yield(driver.Item{Arg: f.arg, Name: f.name, Load: func() *driver.File { return fs.load(f) }})
			return
		}
		all = append(all, f)
	}, fail)
	// As the files are listed under each path: by name.
	slices.SortStableFunc(all, func(a, b found) int {
		if c := cmp.Compare(a.arg, b.arg); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	files := make([]*driver.File, len(all))
	parallel(s.Jobs, len(all), func(i int) { files[i], _ = fs.read(all[i]) })

	a := newAssembler(fs.Limit)
	roots := make([]*fragment, len(all))
	for i, f := range files {
		if f.Err == nil {
			// Standard input's includes are relative to --stdin-filename.
			roots[i] = a.add(fs.match(all[i]), f.Name, f.Src)
		}
	}
	assemblies := make([]*assembly, len(all))
	errs := make([]error, len(all))
	parallel(s.Jobs, len(all), func(i int) {
		if roots[i] != nil && roots[i].dirs != nil {
			assemblies[i], errs[i] = a.assemble(roots[i])
		}
	})
	included := map[string]bool{}
	for _, as := range assemblies {
		if as != nil {
			for _, p := range as.included {
				included[p] = true
			}
		}
	}
	// What the headers of a script's folder define, as Files gives it: a
	// loader that joins files (bottleneck) is no `--- @include`.
	siblings := func(f found) func() map[string]lint.Sibling {
		if f.stdin {
			return nil
		}
		return fs.siblings().of(f.path)
	}
	for i, f := range files {
		var set driver.Settings
		why := ""
		if f.Err == nil && errs[i] == nil && !included[roots[i].path] {
			var err error
			if set, err = fs.Settings(fs.match(all[i])); err != nil {
				errs[i] = err
			} else {
				text := f.Src
				if assemblies[i] != nil {
					text = assemblies[i].src
				}
				why = fs.judge(all[i], text)
			}
		}
		switch {
		case f.Err != nil:
		case errs[i] == errAssembledTooLarge:
			f.Err = assembledTooLarge(f.Name, fs.Limit)
		case errs[i] != nil:
			f.Err = errs[i]
		case included[roots[i].path]:
			// A fragment: linted through its includers.
			f.Src = nil
		case why != "":
			// Judged as Redis runs it: assembled with its includes. Not
			// a script itself; the scripts it sends, if any, are.
			f.Settings = set
			f = fs.notScript(all[i], f, why)
		case assemblies[i] != nil:
			as := assemblies[i]
			f.Settings = set
			f.Scripts = []driver.Script{{Name: f.Name, Text: as.src, Map: as, Siblings: siblings(all[i]), Found: AssembledFound}}
		default:
			f.Settings = set
			script := driver.Script{Name: f.Name, Siblings: siblings(all[i])}
			luaFile(f, script)
			f.Rescan = rescan(script, f.Settings)
			if !all[i].stdin {
				fs.Host.sent(f)
				f.Rescan = fs.Host.withSent(f.Rescan)
			}
		}
		yield(driver.Item{Arg: all[i].arg, Name: all[i].name, Load: func() *driver.File { return f }})
	}
}

// parallel runs work(0) to work(n-1) with jobs workers.
func parallel(jobs, n int, work func(i int)) {
	ch := make(chan int)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				work(i)
			}
		}()
	}
	for i := range n {
		ch <- i
	}
	close(ch)
	wg.Wait()
}

// assembledTooLarge is the error of a script whose assembly passes the
// bound on one script: a glob of large fragments must not make a script
// of gigabytes.
func assembledTooLarge(name string, limit int64) error {
	return &driver.FileError{File: name, Err: fmt.Errorf("assembled with its includes, %w", tooLarge(limit))}
}
