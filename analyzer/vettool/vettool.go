// Package vettool is lint-lua-vet's main: the analyzer under go vet
// -vettool (unitchecker). It is a package of its own so that lint-lua,
// which imports package analyzer, does not link unitchecker and what it
// brings (encoding/gob, the facts codec).
package vettool

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/version"
	"github.com/lint-lua/lint-lua/rules"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// Main is lint-lua-vet: the analyzer under go vet -vettool
// (unitchecker.Main), with two answers of its own.
//
// -V=full is how the go command identifies the vet tool: it runs it so
// once per go vet, in its own working directory, and puts the answer in
// the cache key of every package's vet result (cmd/go/internal/work:
// toolID, and vetAction's "vet %q" line). Beside the package's files, its
// dependencies' results and vet's flags, that is all the key holds: the
// .lint-lua.yaml files the analyzer reads are in none of them, so go vet
// replayed the findings of a configuration that had changed or gone.
// unitchecker's answer hashes the executable; this one hashes it with
// the configuration files go vet's packages may read (configFiles), so
// that editing one runs the analyzer again.
//
// --version (or -version) prints the module version and VCS revision, as
// lint-lua --version does.
func Main() {
	if len(os.Args) == 2 {
		switch os.Args[1] {
		case "-V=full":
			id, err := toolID(os.Args[0], ".")
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
				os.Exit(1)
			}
			fmt.Println(id)
			os.Exit(0)
		case "--version", "-version":
			fmt.Printf("lint-lua-vet %s\n", version.String())
			os.Exit(0)
		}
	}
	unitchecker.Main(analyzer.Default(rules.Catalogue()))
}

// toolID is the -V=full line: the go command reads a line with "devel" in
// its version as "name version devel ... buildID=ID" and keys on ID alone
// (cmd/go/internal/work: toolID, contentID).
func toolID(progname, dir string) (string, error) {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if err := hashFile(h, exe); err != nil {
		return "", err
	}
	files, err := configFiles(dir)
	if err != nil {
		return "", err
	}
	for _, f := range files {
		fmt.Fprintf(h, "\x00config %s\x00", f)
		if err := hashFile(h, f); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%s version devel lint-lua buildID=%x", filepath.Base(progname), h.Sum(nil)), nil
}

func hashFile(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

// configFiles lists, sorted, the configuration files the packages go vet
// checks from dir may read: the one config.Find finds from dir (above it
// or in it), and every one in the directories below dir that a package
// pattern such as ./... reaches (the go command skips directories whose
// name starts with . or _, testdata, and vendor, and does not enter
// another module). A package outside dir (go vet ../x, or a module path)
// with a configuration of its own outside dir is not covered: docs/go.md
// says what to run then.
func configFiles(dir string) ([]string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	if found, err := config.Find(abs); err != nil {
		return nil, err
	} else if found != "" {
		out = append(out, found)
	}
	err = filepath.WalkDir(abs, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == abs {
				return err
			}
			return nil // an unreadable directory: go vet reports what it needs
		}
		if !d.IsDir() {
			return nil
		}
		if path != abs {
			name := d.Name()
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor" {
				return fs.SkipDir
			}
			if _, err := os.Lstat(filepath.Join(path, "go.mod")); err == nil {
				return fs.SkipDir
			}
		}
		for _, name := range config.FileNames {
			p := filepath.Join(path, name)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				out = append(out, p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}
