// Command lint-lua-vet runs lint-lua's analyzer under go vet:
//
//	go vet -vettool=$(which lint-lua-vet) ./...
package main

import (
	"github.com/lint-lua/lint-lua/analyzer"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() { unitchecker.Main(analyzer.Analyzer) }
