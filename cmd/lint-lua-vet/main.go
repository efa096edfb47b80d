// Command lint-lua-vet runs lint-lua's analyzer under go vet:
//
//	go vet -vettool=$(which lint-lua-vet) ./...
//
// vettool.Main is unitchecker.Main with lint-lua-vet's own -V=full (so
// that go vet's cache sees .lint-lua.yaml) and --version.
package main

import "github.com/lint-lua/lint-lua/analyzer/vettool"

func main() { vettool.Main() }
